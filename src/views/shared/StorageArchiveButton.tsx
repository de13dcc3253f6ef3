// Downloads a paused project's storage objects as one archive (spec A2.9, A4.3: created, polled every 5 s, then
// downloaded; toasts of A8).
import { useActorRef, useSelector } from '@xstate/react';
import { selectIsRetrieving } from '../../../machines/storage-archive.selectors.ts';
import { storageArchiveWithPlatform } from '../../actors/project-lifecycle.ts';
import { Button } from '../../ui/Button.tsx';
import { useLifecycleNotices } from './useLifecycleNotices.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export function StorageArchiveButton({ projectRef, label = 'Download storage objects' }: { projectRef: string; label?: string }) {
  const actor = useActorRef(storageArchiveWithPlatform, { input: { ref: projectRef }, inspect: devInspect });
  useLifecycleNotices(actor);
  const busy = useSelector(actor, selectIsRetrieving);
  return (
    <Button variant="default" size="tiny" isPending={busy} isDisabled={busy} onPress={() => actor.send({ type: 'archive.start' })}>
      {label}
    </Button>
  );
}
