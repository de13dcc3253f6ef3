// A storage form's submission actor (storage-task machine) with its effect.
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { storageTaskMachine } from '../../../machines/storage-task.machine.ts';

export function useStorageTask<TRequest, TOutput>(perform: (request: TRequest) => Promise<TOutput>) {
  // The effect is read at submit time through the ref the machine keeps; it never changes for a mounted form.
  const machine = useMemo(
    () => storageTaskMachine.provide({ actors: { perform: fromPromise<unknown, unknown>(({ input }) => perform(input as TRequest)) } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return useActorRef(machine);
}
