// A snippet change (create, rename, favourite, delete) as a submission actor (storage-task machine: idle →
// submitting → succeeded | failed), with its effect; `onDone` runs after a success (e.g. reload the list).
import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { storageTaskMachine } from '../../../machines/storage-task.machine.ts';

export function useSnippetTask<TRequest, TOutput>(perform: (request: TRequest) => Promise<TOutput>, onDone: (output: TOutput) => void) {
  // The effect is fixed for the mounted view: the machine is built once (useActorRef keeps the first actor anyway).
  const [machine] = useState(() =>
    storageTaskMachine.provide({ actors: { perform: fromPromise<unknown, unknown>(({ input }) => perform(input as TRequest)) } }),
  );
  const actor = useActorRef(machine);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('succeeded')) {
        done.current(snapshot.context.output as TOutput);
        actor.send({ type: 'task.reset' });
      }
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  return actor;
}
