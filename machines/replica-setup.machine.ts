// Read-replica setup as the Replication / Infrastructure panel follows it (spec A4.5): the replicas are read; 'Create
// a new read replica' requests one, then the list is polled every 2 s while a setup runs (its step's label shown),
// until the replica it follows is ACTIVE_HEALTHY (healthy) or INIT_READ_REPLICA_FAILED (failed, with A4.5's failure
// label). A replica can be deleted. While nothing is set up, the list is read again every 10 s for the lag.
import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  REPLICA_FAILURE_LABELS,
  REPLICA_LAG_REFRESH_MS,
  REPLICA_SETUP_POLL_MS,
  REPLICA_STATUS,
  isReplicaSetupFailure,
  type ReadReplica,
} from '../src/domain/replicas.ts';
import { errorMessage, notProvided } from './support.ts';

export type ReplicaSetupInput = { ref: string };
export type ReplicaSetupContext = {
  ref: string;
  /** null until the first read. */
  replicas: ReadReplica[] | null;
  /** The replica whose setup is followed (the one created here, or one found setting up). */
  tracked: string | null;
  /** The list could not be read (the last read's message). */
  loadError: string | null;
  /** The last create/delete failure, or the followed setup's A4.5 failure label. */
  error: string | null;
};

export type ReplicaCreateEvent = { type: 'replica.create' };
export type ReplicaDeleteEvent = { type: 'replica.delete'; identifier: string };
export type ReplicaRefreshEvent = { type: 'replica.refresh' };
export type ReplicaSetupEvent = ReplicaCreateEvent | ReplicaDeleteEvent | ReplicaRefreshEvent;

/** What the view turns into toasts. */
export type ReplicaSetupNotice =
  | { type: 'replica.ready'; identifier: string }
  | { type: 'replica.failed'; identifier: string; message: string }
  | { type: 'replica.error'; message: string }
  | { type: 'replica.deleted'; identifier: string };

export const CREATE_REPLICA_FAILED = 'Failed to create read replica';
export const DELETE_REPLICA_FAILED = 'Failed to delete read replica';

const find = (context: ReplicaSetupContext, identifier: string | null) =>
  identifier === null ? undefined : context.replicas?.find((replica) => replica.identifier === identifier);
const settingUp = (replicas: ReplicaSetupContext['replicas']) => replicas?.find((replica) => replica.status === REPLICA_STATUS.init);

export const replicaSetupMachine = setup({
  types: {} as {
    context: ReplicaSetupContext;
    events: ReplicaSetupEvent;
    input: ReplicaSetupInput;
    emitted: ReplicaSetupNotice;
    tags: 'busy' | 'error';
  },
  actors: {
    fetchReplicas: fromPromise<ReadReplica[], { ref: string }>(async () => notProvided('fetch the read replicas')),
    createReplica: fromPromise<ReadReplica, { ref: string }>(async () => notProvided('create a read replica')),
    deleteReplica: fromPromise<{ identifier: string }, { ref: string; identifier: string }>(async () => notProvided('delete a read replica')),
  },
  delays: { replicaSetupPoll: REPLICA_SETUP_POLL_MS, replicaLagRefresh: REPLICA_LAG_REFRESH_MS },
  guards: {
    trackedHealthy: ({ context }) => find(context, context.tracked)?.status === REPLICA_STATUS.healthy,
    trackedFailed: ({ context }) => find(context, context.tracked)?.status === REPLICA_STATUS.failed,
    anySettingUp: ({ context }) => settingUp(context.replicas) !== undefined,
  },
  actions: {
    storeReplicas: assign((_, params: { replicas: ReadReplica[] }) => ({ replicas: params.replicas, loadError: null })),
    storeLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorMessage(params.error, 'The read replicas could not be read') })),
    // The followed setup: the tracked one while it runs, else the first one setting up.
    followSetup: assign(({ context }) => ({
      tracked: find(context, context.tracked)?.status === REPLICA_STATUS.init ? context.tracked : (settingUp(context.replicas)?.identifier ?? null),
    })),
    storeCreated: assign(({ context }, params: { replica: ReadReplica }) => ({
      tracked: params.replica.identifier,
      replicas: [...(context.replicas ?? []).filter((r) => r.identifier !== params.replica.identifier), params.replica],
      error: null,
    })),
    clearError: assign({ error: null }),
    announceReady: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'replica.ready', identifier: context.tracked ?? '' });
      enqueue.assign({ error: null });
    }),
    announceFailed: enqueueActions(({ context, enqueue }) => {
      const failure = find(context, context.tracked)?.setup_failure;
      const message = isReplicaSetupFailure(failure) ? REPLICA_FAILURE_LABELS[failure] : REPLICA_FAILURE_LABELS.CompleteReadReplicaSetupFailed;
      enqueue.assign({ error: message });
      enqueue.emit({ type: 'replica.failed', identifier: context.tracked ?? '', message });
    }),
    fail: enqueueActions(({ enqueue }, params: { prefix: string; error: unknown }) => {
      const message = `${params.prefix}: ${errorMessage(params.error)}`;
      enqueue.assign({ error: message });
      enqueue.emit({ type: 'replica.error', message });
    }),
    announceDeleted: enqueueActions(({ context, enqueue }, params: { identifier: string }) => {
      enqueue.emit({ type: 'replica.deleted', identifier: params.identifier });
      if (context.tracked === params.identifier) enqueue.assign({ tracked: null });
    }),
  },
}).createMachine({
  id: 'replicaSetup',
  context: ({ input }) => ({ ref: input.ref, replicas: null, tracked: null, loadError: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchReplicas',
        src: 'fetchReplicas',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'routing', actions: { type: 'storeReplicas', params: ({ event }) => ({ replicas: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      tags: 'error',
      on: { 'replica.refresh': 'loading' },
    },
    routing: {
      always: [{ guard: 'anySettingUp', target: 'settingUp', actions: 'followSetup' }, { target: 'ready' }],
    },
    ready: {
      initial: 'quiet',
      states: {
        quiet: {},
        healthy: {},
        failed: { tags: 'error' },
      },
      on: {
        'replica.create': 'creating',
        'replica.delete': 'deleting',
        'replica.refresh': 'loading',
      },
      after: { replicaLagRefresh: 'loading' },
    },
    creating: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'createReplica',
        src: 'createReplica',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'settingUp', actions: { type: 'storeCreated', params: ({ event }) => ({ replica: event.output }) } },
        onError: { target: 'ready.failed', actions: { type: 'fail', params: ({ event }) => ({ prefix: CREATE_REPLICA_FAILED, error: event.error }) } },
      },
    },
    settingUp: {
      tags: 'busy',
      initial: 'waiting',
      states: {
        waiting: { after: { replicaSetupPoll: 'checking' } },
        checking: {
          invoke: {
            id: 'fetchReplicas',
            src: 'fetchReplicas',
            input: ({ context }) => ({ ref: context.ref }),
            onDone: { target: 'deciding', actions: { type: 'storeReplicas', params: ({ event }) => ({ replicas: event.output }) } },
            // A failed read while setting up: try again at the next poll (the setup runs on the platform).
            onError: { target: 'waiting', actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        deciding: {
          always: [
            { guard: 'trackedHealthy', target: '#replicaSetup.ready.healthy', actions: 'announceReady' },
            { guard: 'trackedFailed', target: '#replicaSetup.ready.failed', actions: 'announceFailed' },
            { guard: 'anySettingUp', target: 'waiting', actions: 'followSetup' },
            { target: '#replicaSetup.ready' },
          ],
        },
      },
      on: { 'replica.delete': 'deleting' },
    },
    deleting: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'deleteReplica',
        src: 'deleteReplica',
        input: ({ context, event }) => {
          // Entered only by 'replica.delete' (below): its identifier is the replica to delete.
          assertEvent(event, 'replica.delete');
          return { ref: context.ref, identifier: event.identifier };
        },
        onDone: {
          target: 'loading',
          actions: { type: 'announceDeleted', params: ({ event }) => ({ identifier: event.output.identifier }) },
        },
        onError: { target: 'ready.failed', actions: { type: 'fail', params: ({ event }) => ({ prefix: DELETE_REPLICA_FAILED, error: event.error }) } },
      },
    },
  },
});

export type ReplicaSetupMachine = typeof replicaSetupMachine;
