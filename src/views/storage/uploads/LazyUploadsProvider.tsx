// The console's one upload queue (issue 8: uploads go on while the user works on other pages), loaded when a page
// that uploads first asks for it: the queue machines, the tus actor and the progress toast were in every signed-in
// first load (issue 15). Once loaded the queue stays mounted beside the pages for the session.
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { UploadQueueMachine } from '../../../../machines/upload-queue.machine.ts';
import { UploadsContext, UploadsLoaderContext, type UploadsLoader } from './uploads-context.ts';
import type { UploadRequest } from './useUploads.ts';

const UploadsQueue = lazy(() => import('./UploadsProvider.tsx').then((module) => ({ default: module.UploadsQueue })));

export interface LazyUploadsProviderProps {
  children: ReactNode;
  /** The queue logic; tests give one with fake effects. */
  logic?: UploadQueueMachine;
}

export function LazyUploadsProvider({ children, logic }: LazyUploadsProviderProps) {
  const [wanted, setWanted] = useState(false);
  const [actorRef, setActorRef] = useState<ActorRefFrom<UploadQueueMachine> | null>(null);
  // Requests made while the queue loads, handed over in order once it is there.
  const waiting = useRef<UploadRequest[]>([]);
  const loader = useMemo<UploadsLoader>(
    () => ({
      load: () => setWanted(true),
      enqueue: (request) => {
        waiting.current.push(request);
        setWanted(true);
      },
    }),
    [],
  );
  const onActor = useCallback((ref: ActorRefFrom<UploadQueueMachine>) => {
    for (const request of waiting.current.splice(0)) ref.send({ type: 'upload.enqueue', request });
    setActorRef(ref);
  }, []);
  return (
    <UploadsLoaderContext.Provider value={loader}>
      <UploadsContext.Provider value={actorRef}>{children}</UploadsContext.Provider>
      {wanted ? (
        <Suspense fallback={null}>
          <UploadsQueue logic={logic} onActor={onActor} />
        </Suspense>
      ) : null}
    </UploadsLoaderContext.Provider>
  );
}
