// Database upgrade polling (spec A4.2): examples, generated paths, properties.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { databaseUpgradeMachine } from '../machines/database-upgrade.machine.ts';
import {
  selectIsFailed,
  selectIsPolling,
  selectIsUpgraded,
  selectProgress,
  selectReadError,
  selectUpgrade,
} from '../machines/database-upgrade.selectors.ts';
import type { DatabaseUpgradeStatus, UpgradeState } from '../src/domain/database-upgrade.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants, itRejectsEachDeletedTransition } from './support/paths.ts';

const kinds = { fetchUpgradeStatus: 'promise', refreshEligibility: 'promise' } as const;
const upgrade = (status: UpgradeState, progress = '3_detached_volume_from_upgraded_instance'): { databaseUpgradeStatus: DatabaseUpgradeStatus } => ({
  databaseUpgradeStatus: { tracking_id: 't1', initiated_at: '2026-11-23T10:00:00Z', target_version: '17.4', status, progress, error: status === 'Failed' ? 'disk full' : null },
});

function start(projectStatus: string | null, trackingId: string | null = null) {
  const fakes = controlledActors(kinds);
  const actor = createActor(databaseUpgradeMachine.provide({ actors: fakes.logic }), { input: { ref: 'abc', trackingId, projectStatus } }).start();
  return { actor, fakes };
}

describe('database-upgrade machine: examples', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the upgrade of the tracking id at once, then every 5 s while Upgrading', async () => {
    const { actor, fakes } = start('UPGRADING', 't1');
    expect(fakes.starts('fetchUpgradeStatus')[0]?.input).toEqual({ ref: 'abc', trackingId: 't1' });
    await fakes.resolve('fetchUpgradeStatus', upgrade('Upgrading', '1_started'));
    expect(selectProgress(actor.getSnapshot())).toBe('1_started');
    vi.advanceTimersByTime(4999);
    expect(fakes.starts('fetchUpgradeStatus')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(fakes.starts('fetchUpgradeStatus')).toHaveLength(2);
    await fakes.reject('fetchUpgradeStatus', new Error('502'));
    expect(selectReadError(actor.getSnapshot())).toBe('502');
    vi.advanceTimersByTime(5000);
    await fakes.resolve('fetchUpgradeStatus', upgrade('Upgraded', '9_completed_upgrade'));
    expect(selectIsUpgraded(actor.getSnapshot())).toBe(true);
    expect(selectReadError(actor.getSnapshot())).toBeNull();
    expect(fakes.starts('refreshEligibility')).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(fakes.starts('fetchUpgradeStatus')).toHaveLength(3);
  });

  it('keeps reading while the project is UPGRADING but no upgrade status exists yet', async () => {
    const { actor, fakes } = start('UPGRADING');
    await fakes.resolve('fetchUpgradeStatus', { databaseUpgradeStatus: null });
    expect(selectIsPolling(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(5000);
    await fakes.resolve('fetchUpgradeStatus', upgrade('Failed'));
    expect(selectIsFailed(actor.getSnapshot())).toBe(true);
    expect(selectUpgrade(actor.getSnapshot())?.error).toBe('disk full');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
  });

  it('stops when the project is not upgrading and nothing runs; starts again when it is', async () => {
    const { actor, fakes } = start('ACTIVE_HEALTHY');
    await fakes.resolve('fetchUpgradeStatus', { databaseUpgradeStatus: null });
    expect(selectIsPolling(actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(fakes.starts('fetchUpgradeStatus')).toHaveLength(1);
    actor.send({ type: 'project.status', status: 'ACTIVE_HEALTHY' });
    expect(fakes.starts('fetchUpgradeStatus')).toHaveLength(1);
    actor.send({ type: 'project.status', status: 'UPGRADING' });
    expect(fakes.starts('fetchUpgradeStatus')).toHaveLength(2);
  });

  it('an Upgrading status is followed even when the project no longer says UPGRADING', async () => {
    const { actor, fakes } = start('UPGRADING');
    actor.send({ type: 'project.status', status: 'ACTIVE_HEALTHY' });
    await fakes.resolve('fetchUpgradeStatus', upgrade('Upgrading'));
    vi.advanceTimersByTime(5000);
    expect(fakes.starts('fetchUpgradeStatus')).toHaveLength(2);
  });

  it('the default actors are loud stubs', async () => {
    vi.useRealTimers();
    for (const name of ['fetchUpgradeStatus', 'refreshEligibility'] as const) {
      const child = createActor(databaseUpgradeMachine.implementations.actors[name] as AnyActorLogic, { input: { ref: 'x' } });
      const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
      child.start();
      expect(String(await failure)).toMatch(/actor is not provided/);
    }
  });
});

describe('database-upgrade machine: properties', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads exactly every 5 s while the spec says to, and never after Upgraded or Failed', async () => {
    const answer = fc.oneof(
      fc.constant<null>(null),
      fc.constantFrom<UpgradeState>('Upgrading', 'Upgraded', 'Failed'),
      fc.constant<'error'>('error'),
    );
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(answer, { minLength: 1, maxLength: 12 }), async (projectUpgrading, answers) => {
        const { actor, fakes } = start(projectUpgrading ? 'UPGRADING' : 'ACTIVE_HEALTHY');
        let last: UpgradeState | null = null;
        for (const a of answers) {
          if (!fakes.isRunning('fetchUpgradeStatus')) break;
          if (a === 'error') await fakes.reject('fetchUpgradeStatus', new Error('502'));
          else {
            await fakes.resolve('fetchUpgradeStatus', a === null ? { databaseUpgradeStatus: null } : upgrade(a));
            last = a;
          }
          const reads = fakes.starts('fetchUpgradeStatus').length;
          vi.advanceTimersByTime(4999);
          expect(fakes.starts('fetchUpgradeStatus')).toHaveLength(reads);
          vi.advanceTimersByTime(1);
          const expectsRead = last !== 'Upgraded' && last !== 'Failed' && (last === 'Upgrading' || projectUpgrading);
          expect(fakes.starts('fetchUpgradeStatus')).toHaveLength(expectsRead ? reads + 1 : reads);
          if (last === 'Upgraded' || last === 'Failed') break;
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});

type Snap = SnapshotFrom<typeof databaseUpgradeMachine>;
const events: EventSample<typeof databaseUpgradeMachine>[] = [
  { type: 'project.status', status: 'UPGRADING' },
  { type: 'project.status', status: 'ACTIVE_HEALTHY' },
  { type: 'xstate.after.upgradePoll.databaseUpgrade.waiting' },
  { type: 'xstate.done.actor.fetchUpgradeStatus', output: { databaseUpgradeStatus: null } },
  { type: 'xstate.done.actor.fetchUpgradeStatus', output: upgrade('Upgrading') },
  { type: 'xstate.done.actor.fetchUpgradeStatus', output: upgrade('Upgraded') },
  { type: 'xstate.done.actor.fetchUpgradeStatus', output: upgrade('Failed') },
  { type: 'xstate.error.actor.fetchUpgradeStatus', error: new Error('502') },
];
const invariants: Invariants<typeof databaseUpgradeMachine> = {
  checking: (s, { actors }) => {
    expect(actors?.running()).toEqual(['fetchUpgradeStatus']);
    expect(selectIsPolling(s)).toBe(true);
  },
  // (the project may stop saying UPGRADING while waiting: the next read decides)
  waiting: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectIsPolling(s)).toBe(true);
    expect(['Upgraded', 'Failed']).not.toContain(s.context.upgrade?.status);
  },
  idle: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(s.context.projectUpgrading).toBe(false);
    expect(s.context.upgrade?.status).not.toBe('Upgrading');
  },
  upgraded: (s, { actors }) => {
    expect(actors?.running()).toEqual(['refreshEligibility']);
    expect(selectUpgrade(s)?.status).toBe('Upgraded');
  },
  failed: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectIsFailed(s)).toBe(true);
  },
};

// A4.2: the upgrade status is polled while the project is upgrading and ends upgraded or failed; a project that
// starts upgrading starts the checks.
const required = [
  'checking --xstate.done.actor.fetchUpgradeStatus--> deciding',
  'checking --xstate.error.actor.fetchUpgradeStatus--> deciding',
  'deciding --(always)--> upgraded',
  'deciding --(always)--> failed',
  'deciding --(always)--> waiting',
  'deciding --(always)--> idle',
  'waiting --xstate.after.upgradePoll.databaseUpgrade.waiting--> checking',
  'idle --project.status--> checking',
];
itRejectsEachDeletedTransition(databaseUpgradeMachine, required);

describeMachinePaths('database-upgrade machine: generated paths', databaseUpgradeMachine, {
  required,
  actors: controlledActors(kinds),
  input: { ref: 'abc', trackingId: 't1', projectStatus: 'UPGRADING' },
  events,
  invariants,
  simplePaths: false,
  serializeState: (s: Snap) =>
    JSON.stringify({ value: s.value, upgrading: s.context.projectUpgrading, status: s.context.upgrade?.status ?? null, error: s.context.error !== null }),
});
