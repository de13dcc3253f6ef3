// The legacy JWT secret's update (spec A4.9, A2.13, A8, C§9; issue 16): the status is read on entry; 'secret.rotate'
// asks to confirm, the platform starts the update, and the status is polled every second while it is Updating.
// Other machines (key reveal) and views read `selectJwtUpdating` to lock secret keys meanwhile; the view reloads the
// keys when 'notice.updated' is emitted.
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { JWT_STATUS_POLL_MS, JWT_TEXT, jwtFailureText, type JwtSecretUpdate } from '../src/domain/api-keys.ts';
import { errorMessage, notProvided } from './support.ts';

export type JwtSecretUpdateInput = { ref: string };
export type JwtSecretUpdateContext = { ref: string; update: JwtSecretUpdate | null; error: string | null };
export type SecretRotateEvent = { type: 'secret.rotate' };
export type RotateConfirmEvent = { type: 'rotate.confirm' };
export type RotateCancelEvent = { type: 'rotate.cancel' };
export type JwtSecretUpdateEvent = SecretRotateEvent | RotateConfirmEvent | RotateCancelEvent;
export type JwtNotice = { type: 'notice.updated' } | { type: 'notice.toast'; kind: 'success' | 'error'; message: string };
export type UpdateStatusOutput = { update_status: JwtSecretUpdate | null };

const statusOf = (output: UpdateStatusOutput | undefined) => output?.update_status?.status ?? null;

export const jwtSecretUpdateMachine = setup({
  types: {} as {
    context: JwtSecretUpdateContext;
    events: JwtSecretUpdateEvent;
    input: JwtSecretUpdateInput;
    emitted: JwtNotice;
    tags: 'busy' | 'error';
  },
  actors: {
    fetchUpdateStatus: fromPromise<UpdateStatusOutput, { ref: string }>(async () => notProvided('fetch JWT secret update status')),
    startUpdate: fromPromise<UpdateStatusOutput, { ref: string }>(async () => notProvided('update JWT secret')),
  },
  delays: { jwtStatusPoll: JWT_STATUS_POLL_MS },
  guards: {
    isUpdating: (_, params: { output: UpdateStatusOutput }) => statusOf(params.output) === 'Updating',
    isFailed: (_, params: { output: UpdateStatusOutput }) => statusOf(params.output) === 'Failed',
  },
  actions: {
    keep: assign({ update: (_, params: { output: UpdateStatusOutput }) => params.output?.update_status ?? null, error: null }),
    keepFailure: assign({
      update: (_, params: { output: UpdateStatusOutput }) => params.output?.update_status ?? null,
      error: (_, params: { output: UpdateStatusOutput }) => jwtFailureText(params.output?.update_status?.error ?? null),
    }),
    announceUpdated: enqueueActions(({ enqueue }, params: { output: UpdateStatusOutput }) => {
      enqueue.assign({ update: params.output?.update_status ?? null, error: null });
      enqueue.emit({ type: 'notice.updated' });
      enqueue.emit({ type: 'notice.toast', kind: 'success', message: JWT_TEXT.updated });
    }),
    announceFailure: enqueueActions(({ enqueue }, params: { output: UpdateStatusOutput }) => {
      const message = jwtFailureText(params.output?.update_status?.error ?? null);
      enqueue.assign({ update: params.output?.update_status ?? null, error: message });
      enqueue.emit({ type: 'notice.updated' });
      enqueue.emit({ type: 'notice.toast', kind: 'error', message: JWT_TEXT.failed });
    }),
    refuse: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      const message = `${JWT_TEXT.updateFailed}: ${errorMessage(params.error)}`;
      enqueue.assign({ error: message });
      enqueue.emit({ type: 'notice.toast', kind: 'error', message });
    }),
  },
}).createMachine({
  id: 'jwtSecretUpdate',
  context: ({ input }) => ({ ref: input.ref, update: null, error: null }),
  initial: 'checking',
  states: {
    // The status on entry: an update started elsewhere (another tab, another member) is followed too.
    checking: {
      invoke: {
        id: 'fetchUpdateStatus',
        src: 'fetchUpdateStatus',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: [
          { guard: { type: 'isUpdating', params: ({ event }) => ({ output: event.output }) }, target: 'updating', actions: { type: 'keep', params: ({ event }) => ({ output: event.output }) } },
          { guard: { type: 'isFailed', params: ({ event }) => ({ output: event.output }) }, target: 'idle.failed', actions: { type: 'keepFailure', params: ({ event }) => ({ output: event.output }) } },
          { target: 'idle.ready', actions: { type: 'keep', params: ({ event }) => ({ output: event.output }) } },
        ],
        // The status could not be read: nothing is known to be running, the page stays usable.
        onError: { target: 'idle.ready' },
      },
    },
    idle: {
      initial: 'ready',
      states: { ready: {}, failed: { tags: 'error' } },
      on: { 'secret.rotate': { target: 'confirming' } },
    },
    confirming: {
      on: { 'rotate.confirm': { target: 'starting' }, 'rotate.cancel': { target: 'idle.ready' } },
    },
    starting: {
      tags: 'busy',
      entry: assign({ error: null }),
      invoke: {
        id: 'startUpdate',
        src: 'startUpdate',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'updating', actions: { type: 'keep', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'idle.failed', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // spec A4.9: polled every 1 s while Updating.
    updating: {
      tags: 'busy',
      initial: 'waiting',
      states: {
        waiting: { after: { jwtStatusPoll: 'polling' } },
        polling: {
          invoke: {
            id: 'pollUpdateStatus',
            src: 'fetchUpdateStatus',
            input: ({ context }) => ({ ref: context.ref }),
            onDone: [
              { guard: { type: 'isUpdating', params: ({ event }) => ({ output: event.output }) }, target: 'waiting', actions: { type: 'keep', params: ({ event }) => ({ output: event.output }) } },
              { guard: { type: 'isFailed', params: ({ event }) => ({ output: event.output }) }, target: '#jwtSecretUpdate.idle.failed', actions: { type: 'announceFailure', params: ({ event }) => ({ output: event.output }) } },
              { target: '#jwtSecretUpdate.idle.ready', actions: { type: 'announceUpdated', params: ({ event }) => ({ output: event.output }) } },
            ],
            // A failed read is not a failed update: ask again at the next tick.
            onError: { target: 'waiting' },
          },
        },
      },
    },
  },
});

export type JwtSecretUpdateMachine = typeof jwtSecretUpdateMachine;
