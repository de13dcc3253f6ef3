// One typed way to run a mutation (or a one-off read) from a view (issue 15): idle → running → done | failed, with
// retry and reset. The effect is the injected `perform` actor (src/actors/ builds the provided machines with
// `taskWith`: table-editor-tasks.ts, storage-forms.ts, sql-snippets.ts), so the machine stays pure. What the view does afterwards (a toast, closing a panel, navigating) does not hang on
// a `saved` flag watched in an effect: the machine emits `task.done` / `task.failed` once per outcome and the view
// listens with `actor.on` (src/views/shared/useTask.ts).
//
// Forms keep their own inputs, so a failure loses nothing typed; the machine keeps the failure's message until the
// next run (spec B2.1 side panels, B2.4 bucket forms, B3 storage config: the error shows under the form).
import { assign, emit, fromPromise, setup } from 'xstate';
import { errorMessage, notProvidedStub } from './support.ts';

export interface TaskContext<TInput, TOutput> {
  /** The input of the last run (a retry runs it again). */
  input: TInput | null;
  output: TOutput | null;
  error: string | null;
}

export interface TaskRunEvent<TInput> {
  type: 'task.run';
  input: TInput;
}
/** Runs the failed input again. */
export interface TaskRetryEvent {
  type: 'task.retry';
}
/** Forgets the last run (and abandons one in flight: its outcome is dropped). */
export interface TaskResetEvent {
  type: 'task.reset';
}
export type TaskEvent<TInput> = TaskRunEvent<TInput> | TaskRetryEvent | TaskResetEvent;

/** What the view listens to (`actor.on('task.done', …)`): exactly one per finished run. */
export interface TaskDoneEmitted<TOutput> {
  type: 'task.done';
  output: TOutput;
}
export interface TaskFailedEmitted {
  type: 'task.failed';
  message: string;
}
export type TaskEmitted<TOutput> = TaskDoneEmitted<TOutput> | TaskFailedEmitted;

// One machine for every task. XState's setup does not infer through type parameters, so the machine is built on
// `unknown`, and `TaskMachine<TInput, TOutput>` (below, built by `taskWith`) carries the effect's types to the views.
export const taskMachine = setup({
  types: {} as {
    context: TaskContext<unknown, unknown>;
    events: TaskEvent<unknown>;
    emitted: TaskEmitted<unknown>;
    tags: 'busy' | 'error';
  },
  actors: { perform: fromPromise<unknown, unknown>(notProvidedStub('perform')) },
  actions: {
    take: assign((_, params: { input: unknown }) => ({ input: params.input, output: null, error: null })),
  },
}).createMachine({
  id: 'task',
  context: { input: null, output: null, error: null },
  initial: 'idle',
  on: { 'task.reset': { target: '.idle', actions: assign({ input: null, output: null, error: null }) } },
  states: {
    idle: {
      on: { 'task.run': { target: 'running', actions: { type: 'take', params: ({ event }) => ({ input: event.input }) } } },
    },
    running: {
      tags: ['busy'],
      // A second run while one is in flight is ignored (double clicks): no event handled here but reset.
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }: { context: TaskContext<unknown, unknown> }) => context.input,
        onDone: {
          target: 'done',
          actions: [assign({ output: ({ event }) => event.output }), emit(({ event }) => ({ type: 'task.done' as const, output: event.output }))],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => errorMessage(event.error) }),
            emit(({ event }) => ({ type: 'task.failed' as const, message: errorMessage(event.error) })),
          ],
        },
      },
    },
    done: {
      on: { 'task.run': { target: 'running', actions: { type: 'take', params: ({ event }) => ({ input: event.input }) } } },
    },
    failed: {
      tags: ['error'],
      on: {
        'task.run': { target: 'running', actions: { type: 'take', params: ({ event }) => ({ input: event.input }) } },
        'task.retry': { target: 'running', actions: assign({ error: null }) },
      },
    },
  },
});

/** A task machine with its input and output types; built by `taskWith`. */
export type TaskMachine<TInput, TOutput> = typeof taskMachine & { readonly __types?: (input: TInput) => TOutput };

/**
 * The task machine running `perform` (an effect from src/actors/): typed by it, so `task.run` takes its input and
 * `task.done` carries its output. Pure: it only wraps the given function as the `perform` actor.
 */
export function taskWith<TInput, TOutput>(perform: (input: TInput) => Promise<TOutput>): TaskMachine<TInput, TOutput> {
  return taskMachine.provide({ actors: { perform: fromPromise<unknown, unknown>(({ input }) => perform(input as TInput)) } });
}
