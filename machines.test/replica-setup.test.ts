import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { CREATE_REPLICA_FAILED, DELETE_REPLICA_FAILED, replicaSetupMachine, type ReplicaSetupNotice } from '../machines/replica-setup.machine.ts';
import {
  selectCreating,
  selectLoadError,
  selectReplicaError,
  selectReplicas,
  selectSettingUp,
  selectTrackedHealthy,
  selectTrackedLabel,
} from '../machines/replica-setup.selectors.ts';
import { REPLICA_LAG_REFRESH_MS, REPLICA_SETUP_POLL_MS, type ReadReplica } from '../src/domain/replicas.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { fetchReplicas: 'promise', createReplica: 'promise', deleteReplica: 'promise' } as const;

const replica = (over: Partial<ReadReplica> = {}): ReadReplica => ({
  identifier: 'abc-rr-xyzxyz',
  region: 'local',
  status: 'INIT_READ_REPLICA',
  setup_step: 'Requested',
  setup_failure: null,
  setup_error: null,
  inserted_at: '2026-11-28T00:00:00.000Z',
  db_name: 'project_abc_rr_xyzxyz',
  lag_bytes: null,
  lag_ms: null,
  ...over,
});
const healthy = replica({ status: 'ACTIVE_HEALTHY', setup_step: 'CompletedReadReplicaSetup', lag_bytes: 0, lag_ms: 0 });
const failed = replica({ status: 'INIT_READ_REPLICA_FAILED', setup_step: 'InitiatedReadReplicaSetup', setup_failure: 'DownloadBaseBackupFailed', setup_error: 'pg_dump failed' });

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(replicaSetupMachine.provide({ actors: fakes.logic }), { input: { ref: 'abc' } });
  const notices: ReplicaSetupNotice[] = [];
  actor.on('*', (notice) => notices.push(notice));
  actor.start();
  return { actor, fakes, notices };
}

describe('replica-setup machine: examples', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('creates a replica, polls every 2 s showing each step label, and ends healthy', async () => {
    const { actor, fakes, notices } = start();
    await fakes.resolve('fetchReplicas', []);
    expect(actor.getSnapshot().matches({ ready: 'quiet' })).toBe(true);
    actor.send({ type: 'replica.create' });
    expect(selectCreating(actor.getSnapshot())).toBe(true);
    await fakes.resolve('createReplica', replica());
    expect(selectSettingUp(actor.getSnapshot())).toBe(true);
    expect(selectTrackedLabel(actor.getSnapshot())).toBe('Requesting replica instance');
    vi.advanceTimersByTime(REPLICA_SETUP_POLL_MS - 1);
    expect(fakes.starts('fetchReplicas')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await fakes.resolve('fetchReplicas', [replica({ setup_step: 'InitiatedReadReplicaSetup' })]);
    expect(selectTrackedLabel(actor.getSnapshot())).toBe('Downloading base backup');
    vi.advanceTimersByTime(REPLICA_SETUP_POLL_MS);
    await fakes.resolve('fetchReplicas', [healthy]);
    expect(selectTrackedHealthy(actor.getSnapshot())).toBe(true);
    expect(selectTrackedLabel(actor.getSnapshot())).toBe('Completed');
    expect(notices).toEqual([{ type: 'replica.ready', identifier: healthy.identifier }]);
  });

  it('a failed setup ends with the A4.5 failure label', async () => {
    const { actor, fakes, notices } = start();
    await fakes.resolve('fetchReplicas', [replica()]);
    expect(selectSettingUp(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(REPLICA_SETUP_POLL_MS);
    await fakes.resolve('fetchReplicas', [failed]);
    expect(actor.getSnapshot().matches({ ready: 'failed' })).toBe(true);
    expect(selectReplicaError(actor.getSnapshot())).toBe('Failed to download backup');
    expect(notices).toEqual([{ type: 'replica.failed', identifier: failed.identifier, message: 'Failed to download backup' }]);
  });

  it('create and delete failures say so; a failed first read offers a retry', async () => {
    const { actor, fakes, notices } = start();
    await fakes.reject('fetchReplicas', new Error('offline'));
    expect(selectLoadError(actor.getSnapshot())).toBe('offline');
    actor.send({ type: 'replica.refresh' });
    await fakes.resolve('fetchReplicas', [healthy]);
    expect(selectReplicas(actor.getSnapshot())).toEqual([healthy]);
    actor.send({ type: 'replica.create' });
    await fakes.reject('createReplica', new Error("Read replicas need the Postgres server's wal_level to be 'logical'"));
    expect(selectReplicaError(actor.getSnapshot())).toBe(`${CREATE_REPLICA_FAILED}: Read replicas need the Postgres server's wal_level to be 'logical'`);
    actor.send({ type: 'replica.delete', identifier: healthy.identifier });
    expect(fakes.starts('deleteReplica').at(-1)?.input).toEqual({ ref: 'abc', identifier: healthy.identifier });
    await fakes.reject('deleteReplica', new Error('busy'));
    expect(selectReplicaError(actor.getSnapshot())).toBe(`${DELETE_REPLICA_FAILED}: busy`);
    actor.send({ type: 'replica.delete', identifier: healthy.identifier });
    await fakes.resolve('deleteReplica', { identifier: healthy.identifier });
    await fakes.resolve('fetchReplicas', []);
    expect(selectReplicas(actor.getSnapshot())).toEqual([]);
    expect(notices.map((n) => n.type)).toEqual(['replica.error', 'replica.error', 'replica.deleted']);
  });

  it('reads the list again every 10 s for the lag while nothing is set up', async () => {
    const { fakes } = start();
    await fakes.resolve('fetchReplicas', [healthy]);
    vi.advanceTimersByTime(REPLICA_LAG_REFRESH_MS);
    expect(fakes.starts('fetchReplicas')).toHaveLength(2);
  });

  it('the default actors are loud stubs', async () => {
    vi.useRealTimers();
    for (const name of ['fetchReplicas', 'createReplica', 'deleteReplica'] as const) {
      const child = createActor(replicaSetupMachine.implementations.actors[name] as AnyActorLogic, { input: {} });
      const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
      child.start();
      expect(String(await failure)).toMatch(/actor is not provided/);
    }
  });
});

type Snap = SnapshotFrom<typeof replicaSetupMachine>;
const events: EventSample<typeof replicaSetupMachine>[] = [
  { type: 'replica.create' },
  { type: 'replica.delete', identifier: healthy.identifier },
  { type: 'replica.refresh' },
  { type: 'xstate.done.actor.fetchReplicas', output: [] },
  { type: 'xstate.done.actor.fetchReplicas', output: [replica()] },
  { type: 'xstate.done.actor.fetchReplicas', output: [healthy] },
  { type: 'xstate.done.actor.fetchReplicas', output: [failed] },
  { type: 'xstate.error.actor.fetchReplicas', error: new Error('offline') },
  { type: 'xstate.done.actor.createReplica', output: replica() },
  { type: 'xstate.error.actor.createReplica', error: new Error('refused') },
  { type: 'xstate.done.actor.deleteReplica', output: { identifier: healthy.identifier } },
  { type: 'xstate.error.actor.deleteReplica', error: new Error('refused') },
  { type: 'xstate.after.replicaSetupPoll.replicaSetup.settingUp.waiting' },
  { type: 'xstate.after.replicaLagRefresh.replicaSetup.ready' },
];

const invariants: Invariants<typeof replicaSetupMachine> = {
  loading: (_s, { actors }) => expect(actors?.isRunning('fetchReplicas')).toBe(true),
  loadFailed: (s) => expect(selectLoadError(s)).toBe('offline'),
  ready: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(s.hasTag('busy')).toBe(false);
  },
  'ready.healthy': (s) => expect(selectTrackedLabel(s)).toBe('Completed'),
  'ready.failed': (s) => expect(selectReplicaError(s)).toMatch(/^(Failed to download backup|Failed to create read replica: refused|Failed to delete read replica: refused)$/),
  creating: (_s, { actors }) => expect(actors?.isRunning('createReplica')).toBe(true),
  'settingUp.waiting': (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectSettingUp(s)).toBe(true);
    expect(s.context.tracked).not.toBeNull();
  },
  'settingUp.checking': (_s, { actors }) => expect(actors?.isRunning('fetchReplicas')).toBe(true),
  deleting: (_s, { actors }) => expect(actors?.isRunning('deleteReplica')).toBe(true),
};

describeMachinePaths('replica-setup machine: generated paths', replicaSetupMachine, {
  events,
  invariants,
  input: { ref: 'abc' },
  actors: controlledActors(kinds),
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, tracked: s.context.tracked, error: s.context.error, statuses: s.context.replicas?.map((r) => r.status) }),
  simplePaths: false,
  required: [
    'creating --xstate.done.actor.createReplica--> settingUp',
    'settingUp.checking --xstate.done.actor.fetchReplicas--> settingUp.deciding',
    'settingUp.deciding --(always)--> ready.healthy',
    'settingUp.deciding --(always)--> ready.failed',
  ],
});
