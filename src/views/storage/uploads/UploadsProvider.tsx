// Owns the upload queue actor (mounted once in the signed-in layout, src/routes/_app/route.tsx), shows its toasts: the live progress toast
// while files are sent (spec B2.4), the per-file errors, the limit rejections and the summary (spec B5, B8).
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { UploadNoticeEmitted, UploadQueueMachine } from '../../../../machines/upload-queue.machine.ts';
import { selectFileCount, selectIsUploading } from '../../../../machines/upload-queue.selectors.ts';
import { uploadQueueWithEffects } from '../../../actors/uploads.ts';
import { toast, type ToastAction } from '../../../ui/toast.ts';
import { UploadProgress } from './UploadProgress.tsx';
import { UploadsContext } from './uploads-context.ts';
import { devInspect } from '../../../dev/live-inspect.ts';

export interface UploadsProviderProps {
  children: ReactNode;
  /** The queue logic; tests give one with fake effects. */
  logic?: UploadQueueMachine;
}

export function UploadsProvider({ children, logic = uploadQueueWithEffects }: UploadsProviderProps) {
  const actorRef = useUploadQueue(logic);
  return <UploadsContext.Provider value={actorRef}>{children}</UploadsContext.Provider>;
}

/**
 * The queue without a provider, for the signed-in layout's lazy host (src/views/storage/uploads/LazyUploadsProvider.tsx):
 * mounted beside the pages from the first page that uploads on, it hands its actor up (issue 15).
 */
export function UploadsQueue({ logic = uploadQueueWithEffects, onActor }: { logic?: UploadQueueMachine; onActor: (actorRef: ActorRefFrom<UploadQueueMachine>) => void }) {
  const actorRef = useUploadQueue(logic);
  useEffect(() => onActor(actorRef), [actorRef, onActor]);
  return null;
}

function useUploadQueue(logic: UploadQueueMachine): ActorRefFrom<UploadQueueMachine> {
  const actorRef = useActorRef(logic, { input: {}, inspect: devInspect });
  const router = useRouter({ warn: false });
  const routerRef = useRef(router);
  routerRef.current = router;

  // The machine emits toasts; they are shown here (the machine stays free of UI).
  useEffect(() => {
    const subscription = actorRef.on('notice', (notice: UploadNoticeEmitted) => {
      const actions: ToastAction[] = [];
      if (notice.link === 'storageSettings' && routerRef.current) {
        actions.push({
          label: 'Storage Settings',
          onAction: () => void routerRef.current?.navigate({ to: '/project/$ref/storage/settings', params: { ref: notice.projectRef } }),
        });
      }
      toast[notice.kind](notice.message, {
        description: notice.description,
        ...(notice.timeout ? { timeout: notice.timeout } : {}),
        ...(actions.length ? { actions } : {}),
      });
    });
    return () => subscription.unsubscribe();
  }, [actorRef]);

  // The progress toast lives as long as a run sends files; its body re-renders itself from the actor.
  const uploading = useSelector(actorRef, selectIsUploading);
  const fileCount = useSelector(actorRef, selectFileCount);
  const countRef = useRef(fileCount);
  countRef.current = fileCount;
  useEffect(() => {
    if (!uploading) return;
    const startedAt = Date.now();
    const Live = () => <UploadProgress actorRef={actorRef} startedAt={startedAt} />;
    const count = countRef.current;
    const key = toast.info(`Uploading ${count} file${count === 1 ? '' : 's'}...`, { timeout: null, live: Live, closable: false });
    // Leaving the page would drop the transfers: the browser asks first (spec B2.4 'Please do not close the browser').
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      toast.dismiss(key);
    };
  }, [uploading, actorRef]);

  return actorRef;
}
