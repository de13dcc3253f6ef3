// A view's task (machines/task.machine.ts, issue 15): one actor per mounted form, its state through selectors, and
// its outcomes as events: `onDone` / `onFailed` run once per finished run, from the machine's emitted
// `task.done` / `task.failed` (`actor.on`), never from a flag watched in an effect.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { TaskMachine } from '../../../machines/task.machine.ts';
import { selectTaskError, selectTaskOutput, selectTaskRunning } from '../../../machines/task.selectors.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export interface TaskHandlers<TOutput> {
  onDone?: (output: TOutput) => void;
  onFailed?: (message: string) => void;
}

export function useTask<TInput, TOutput>(machine: TaskMachine<TInput, TOutput>, handlers: TaskHandlers<TOutput> = {}) {
  // useActorRef keeps the first actor for the mounted view, so the machine (and its effect) given first is the one
  // that runs: effects take everything they need as input.
  const actor = useActorRef(machine, { inspect: devInspect });
  // The latest handlers are called, so they see the view's current props.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const done = actor.on('task.done', (event) => latest.current.onDone?.(event.output as TOutput));
    const failed = actor.on('task.failed', (event) => latest.current.onFailed?.(event.message));
    return () => {
      done.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor]);
  const running = useSelector(actor, selectTaskRunning);
  const error = useSelector(actor, selectTaskError);
  const output = useSelector(actor, selectTaskOutput) as TOutput | null;
  return {
    actor,
    run: (input: TInput) => actor.send({ type: 'task.run', input }),
    retry: () => actor.send({ type: 'task.retry' }),
    reset: () => actor.send({ type: 'task.reset' }),
    running,
    error,
    output,
  };
}

/**
 * A task whose result is all its view shows (a background read for the chrome): the view renders again when the
 * output changes, not when a run starts or fails (useTask re-renders for `running` and `error` too; in the shell's
 * frame that was a render of the whole chrome on every page load, issue 25).
 */
export function useTaskOutput<TInput, TOutput>(machine: TaskMachine<TInput, TOutput>) {
  const actor = useActorRef(machine, { inspect: devInspect });
  const output = useSelector(actor, selectTaskOutput) as TOutput | null;
  return { actor, output };
}

/**
 * A read a view needs when it opens (enum types, foreign-key targets, a whole cell, a signed URL): the same task,
 * run at once and again whenever `key` (what it reads) changes. `loading` until it is done or failed.
 */
export function useTaskRead<TInput, TOutput>(machine: TaskMachine<TInput, TOutput>, input: TInput, key: string, handlers: TaskHandlers<TOutput> = {}) {
  const task = useTask(machine, handlers);
  const { actor } = task;
  const latestInput = useRef(input);
  useEffect(() => {
    latestInput.current = input;
  });
  useEffect(() => {
    // A read still in flight for the previous key is abandoned (reset), so the new one is not ignored as a double run.
    actor.send({ type: 'task.reset' });
    actor.send({ type: 'task.run', input: latestInput.current });
  }, [actor, key]);
  return { data: task.output, error: task.error, loading: task.output === null && task.error === null, retry: task.retry };
}
