// One panel submission (spec B2.1): the generic task machine (idle → submitting → succeeded | failed) with the
// panel's effect. The form keeps its own inputs, so a failure loses nothing; the machine keeps Postgres's message.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { storageTaskMachine } from '../../../../machines/storage-task.machine.ts';
import { selectSubmitting, selectTaskError, selectTaskOutput } from '../../../../machines/storage-task.selectors.ts';

export function useEditorTask<TRequest, TOutput>(perform: (request: TRequest) => Promise<TOutput>) {
  // The latest effect is read at submit time, so it sees the panel's current props.
  const latest = useRef(perform);
  latest.current = perform;
  const machine = useMemo(
    () => storageTaskMachine.provide({ actors: { perform: fromPromise<unknown, unknown>(({ input }) => latest.current(input as TRequest)) } }),
    [],
  );
  const actor = useActorRef(machine);
  const submitting = useSelector(actor, selectSubmitting);
  const error = useSelector(actor, selectTaskError);
  const output = useSelector(actor, selectTaskOutput) as TOutput | null;
  return { submit: (request: TRequest) => actor.send({ type: 'task.submit', request }), submitting, error, output };
}

/** A read the panel needs on opening (enum types, FK targets, a whole cell): the same machine, started at once. */
export function usePanelRead<TOutput>(read: () => Promise<TOutput>, deps: readonly unknown[] = []) {
  const task = useEditorTask<null, TOutput>(() => read());
  const key = JSON.stringify(deps);
  const { submit } = task;
  // Starts the read when the panel opens (and again if what it reads changes); the machine drops nothing typed.
  useEffect(() => submit(null), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return { data: task.output, error: task.error, loading: task.output === null && task.error === null };
}
