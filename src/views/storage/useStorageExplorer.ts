// The explorer actor of one project: created with the platform's effects, told the project's status and the
// address bar's bucket, and its notifications shown as toasts.
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { explorerMachineFor, readStoredExplorerPreferences } from '../../actors/storage.ts';
import { toast } from '../../ui/toast.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export function useStorageExplorer(projectRef: string, projectStatus: string, bucketId: string | undefined) {
  const machine = useMemo(() => explorerMachineFor(projectRef), [projectRef]);
  const explorer = useActorRef(machine, {
    input: { projectRef, projectStatus, preferences: readStoredExplorerPreferences(projectRef), bucketId: bucketId ?? null },
    inspect: devInspect,
  });
  useEffect(() => {
    const subscription = explorer.on('notify', (event) => void toast[event.kind](event.message, { description: event.description }));
    return () => subscription.unsubscribe();
  }, [explorer]);
  // The project route owns the status and the router owns the bucket: forward both into the machine.
  useEffect(() => explorer.send({ type: 'project.status', status: projectStatus }), [explorer, projectStatus]);
  useEffect(() => explorer.send(bucketId ? { type: 'bucket.open', bucketId } : { type: 'bucket.close' }), [explorer, bucketId]);
  return explorer;
}

export type ExplorerRef = ReturnType<typeof useStorageExplorer>;
