// A storage form's submission actor (storage-task machine) with its effect (from src/actors/storage-forms.ts).
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { storageTaskMachine } from '../../../machines/storage-task.machine.ts';

export function useStorageTask<TRequest, TOutput>(perform: (request: TRequest) => Promise<TOutput>) {
  // The machine is built once for the mounted form (useActorRef starts one actor and keeps it), so the effect given
  // at the first render is the one it runs: a form's effect never changes while it is mounted.
  const [machine] = useState(() =>
    storageTaskMachine.provide({ actors: { perform: fromPromise<unknown, unknown>(({ input }) => perform(input as TRequest)) } }),
  );
  return useActorRef(machine);
}
