// A storage form's submission (spec B2.4: create / edit / delete a bucket, B3 storage config, signed URLs):
// idle → submitting → succeeded | failed. What was typed stays in the form; a failure keeps its message until the
// next submit. The effect is the injected `perform` actor; its output is kept for the view (e.g. a signed URL).
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../src/domain/storage.ts';
import { notProvidedStub } from './support.ts';

export interface StorageTaskContext {
  request: unknown;
  output: unknown;
  error: string | null;
}

export interface TaskSubmitEvent {
  type: 'task.submit';
  request: unknown;
}
export interface TaskResetEvent {
  type: 'task.reset';
}

export const storageTaskMachine = setup({
  types: {} as { context: StorageTaskContext; events: TaskSubmitEvent | TaskResetEvent; tags: 'busy' | 'error' },
  actors: { perform: fromPromise<unknown, unknown>(notProvidedStub('perform')) },
}).createMachine({
  id: 'storageTask',
  context: { request: null, output: null, error: null },
  initial: 'idle',
  on: { 'task.reset': { target: '.idle', actions: assign({ request: null, output: null, error: null }) } },
  states: {
    idle: { on: { 'task.submit': { target: 'submitting', actions: assign({ request: ({ event }) => event.request, error: null }) } } },
    submitting: {
      tags: ['busy'],
      // A second submit while one is in flight is ignored (double clicks).
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }: { context: StorageTaskContext }) => context.request,
        onDone: { target: 'succeeded', actions: assign({ output: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    succeeded: { on: { 'task.submit': { target: 'submitting', actions: assign({ request: ({ event }) => event.request, output: null }) } } },
    failed: {
      tags: ['error'],
      on: { 'task.submit': { target: 'submitting', actions: assign({ request: ({ event }) => event.request, error: null }) } },
    },
  },
});

export type StorageTaskMachine = typeof storageTaskMachine;
