// One-shot project operations of the settings and backups pages: restart, pause, resize, upgrade (each after a
// confirm dialog) and create backup (straight away). On success the project-status actor is told which status to
// assume (spec A4.1; the console contract's status.assumed) and the view gets the platform's answer (the upgrade's
// tracking id); on failure a toast says why. One operation at a time.
import { assign, assertEvent, enqueueActions, fromPromise, setup } from 'xstate';
import {
  errorMessage,
  OPERATION_STATUS,
  OPERATION_TEXT,
  toastNotice,
  type LifecycleNotice,
  type OperationRequest,
} from '../src/domain/project-lifecycle.ts';
import { notProvided } from './support.ts';

export type ProjectOperationInput = { ref: string };
export type ProjectOperationContext = {
  ref: string;
  request: OperationRequest | null;
  /** The operation came through the confirm dialog, which stays open (pending) while it runs. */
  viaDialog: boolean;
  error: string | null;
};

/** Opens the confirm dialog for an operation. */
export type OperationRequestEvent = { type: 'operation.request'; request: OperationRequest };
export type OperationConfirmEvent = { type: 'operation.confirm' };
export type OperationCancelEvent = { type: 'operation.cancel' };
/** Runs an operation that needs no confirmation (create backup). */
export type OperationRunEvent = { type: 'operation.run'; request: OperationRequest };
export type ProjectOperationEvent = OperationRequestEvent | OperationConfirmEvent | OperationCancelEvent | OperationRunEvent;

export type RunOperationInput = { ref: string; request: OperationRequest };

export const projectOperationMachine = setup({
  types: {} as {
    context: ProjectOperationContext;
    events: ProjectOperationEvent;
    input: ProjectOperationInput;
    emitted: LifecycleNotice;
    tags: 'busy' | 'error';
  },
  actors: {
    runOperation: fromPromise<unknown, RunOperationInput>(async () => notProvided('run project operation')),
  },
  actions: {
    rememberRequest: assign(({ event }) => {
      assertEvent(event, ['operation.request', 'operation.run']);
      return { request: event.request, viaDialog: event.type === 'operation.request', error: null };
    }),
    forgetRequest: assign({ request: null, viaDialog: false }),
    announceDone: enqueueActions(({ enqueue, context }, params: { output: unknown }) => {
      const kind = context.request!.kind;
      const status = OPERATION_STATUS[kind];
      if (status) enqueue.emit({ type: 'notice.statusAssumed', status });
      enqueue.emit({ type: 'notice.operationDone', kind, output: params.output });
      enqueue.emit(toastNotice('success', OPERATION_TEXT[kind].done));
    }),
    fail: enqueueActions(({ enqueue, context }, params: { error: unknown }) => {
      const message = OPERATION_TEXT[context.request!.kind].failed(errorMessage(params.error));
      enqueue.assign({ error: message });
      enqueue.emit(toastNotice('error', message));
    }),
  },
}).createMachine({
  id: 'projectOperation',
  context: ({ input }) => ({ ref: input.ref, request: null, viaDialog: false, error: null }),
  initial: 'idle',
  states: {
    idle: {
      initial: 'ready',
      states: { ready: {}, failed: { tags: 'error' } },
      on: {
        'operation.request': { target: 'confirming', actions: 'rememberRequest' },
        'operation.run': { target: 'running', actions: 'rememberRequest' },
      },
    },
    confirming: {
      on: {
        'operation.confirm': 'running',
        'operation.cancel': { target: 'idle.ready', actions: 'forgetRequest' },
      },
    },
    running: {
      tags: 'busy',
      invoke: {
        id: 'runOperation',
        src: 'runOperation',
        input: ({ context }) => ({ ref: context.ref, request: context.request! }),
        onDone: { target: 'idle.ready', actions: [{ type: 'announceDone', params: ({ event }) => ({ output: event.output }) }, 'forgetRequest'] },
        onError: { target: 'idle.failed', actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error }) }, 'forgetRequest'] },
      },
    },
  },
});

export type ProjectOperationMachine = typeof projectOperationMachine;
