// Building project status poll (spec A4.1: every 4 s until ACTIVE_HEALTHY): examples, paths, properties.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { projectBuildingMachine } from '../machines/project-building.machine.ts';
import { selectIsPolling, selectSettledStatus, selectStatus } from '../machines/project-building.selectors.ts';
import { BUILDING_STATUS_POLL_MS } from '../src/domain/projects.ts';
import { PROJECT_STATUSES } from '../src/domain/navigation/project-status.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample } from './support/paths.ts';

const kinds = { fetchStatus: 'promise' } as const;
function start(status: string) {
  const fakes = controlledActors(kinds);
  const actor = createActor(projectBuildingMachine.provide({ actors: fakes.logic }), { input: { ref: 'abc', status } }).start();
  return { actor, fakes };
}

describe('project-building machine: examples', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the poll interval is the spec 4 s', () => expect(BUILDING_STATUS_POLL_MS).toBe(4000));

  it('an active project is not polled', () => {
    const { actor, fakes } = start('ACTIVE_HEALTHY');
    expect(selectSettledStatus(actor.getSnapshot())).toBe('ACTIVE_HEALTHY');
    vi.advanceTimersByTime(20_000);
    expect(fakes.starts()).toEqual([]);
  });

  it('polls every 4 s while COMING_UP, survives a failed read, and settles on ACTIVE_HEALTHY', async () => {
    const { actor, fakes } = start('COMING_UP');
    expect(selectIsPolling(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(3999);
    expect(fakes.starts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fakes.starts('fetchStatus')[0]?.input).toEqual({ ref: 'abc' });
    await fakes.resolve('fetchStatus', { status: 'COMING_UP' });
    vi.advanceTimersByTime(4000);
    await fakes.reject('fetchStatus', new Error('502'));
    expect(actor.getSnapshot().context.failures).toBe(1);
    vi.advanceTimersByTime(4000);
    expect(fakes.starts('fetchStatus')).toHaveLength(3);
    await fakes.resolve('fetchStatus', { status: 'ACTIVE_HEALTHY' });
    expect(selectSettledStatus(actor.getSnapshot())).toBe('ACTIVE_HEALTHY');
    expect(selectStatus(actor.getSnapshot())).toBe('ACTIVE_HEALTHY');
    vi.advanceTimersByTime(20_000);
    expect(fakes.starts('fetchStatus')).toHaveLength(3);
  });

  it('a reloaded project restarts or stops the poll', () => {
    const { actor, fakes } = start('ACTIVE_HEALTHY');
    actor.send({ type: 'project.loaded', status: 'UNKNOWN' });
    expect(selectIsPolling(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'project.loaded', status: 'INACTIVE' });
    expect(selectSettledStatus(actor.getSnapshot())).toBe('INACTIVE');
    vi.advanceTimersByTime(8000);
    expect(fakes.starts()).toEqual([]);
  });

  it('the default fetchStatus actor is a loud stub', async () => {
    vi.useRealTimers();
    const child = createActor(projectBuildingMachine.implementations.actors.fetchStatus as AnyActorLogic, { input: {} });
    const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
    child.start();
    expect(String(await failure)).toMatch(/actor is not provided/);
  });
});

describe('project-building machine: properties', () => {
  it('polls exactly while the status is COMING_UP or UNKNOWN', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PROJECT_STATUSES), { minLength: 1, maxLength: 10 }), (statuses) => {
        const { actor } = start(statuses[0]!);
        for (const status of statuses) {
          actor.send({ type: 'project.loaded', status });
          expect(selectIsPolling(actor.getSnapshot())).toBe(status === 'COMING_UP' || status === 'UNKNOWN');
        }
        actor.stop();
      }),
    );
  });
});

type Snap = SnapshotFrom<typeof projectBuildingMachine>;
const events: EventSample<typeof projectBuildingMachine>[] = [
  { type: 'project.loaded', status: 'COMING_UP' },
  { type: 'project.loaded', status: 'ACTIVE_HEALTHY' },
  { type: 'xstate.after.statusPoll.projectBuilding.waiting' },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'COMING_UP' } },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'ACTIVE_HEALTHY' } },
  { type: 'xstate.error.actor.fetchStatus', error: new Error('502') },
];

describeMachinePaths('project-building machine: generated paths', projectBuildingMachine, {
  actors: controlledActors(kinds),
  input: { ref: 'abc', status: 'COMING_UP' },
  events,
  simplePaths: false,
  // The failure counter grows without bound; only whether a read failed matters for the future.
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, status: s.context.status, failed: s.context.failures > 0 }),
  invariants: {
    deciding: () => {},
    waiting: (s, { actors }) => {
      expect(actors?.running()).toEqual([]);
      expect(['COMING_UP', 'UNKNOWN']).toContain(s.context.status);
    },
    checking: (_, { actors }) => expect(actors?.running()).toEqual(['fetchStatus']),
    settled: (s, { actors }) => {
      expect(actors?.running()).toEqual([]);
      expect(selectSettledStatus(s)).toBe('ACTIVE_HEALTHY');
      expect(selectIsPolling(s)).toBe(false);
    },
  },
});
