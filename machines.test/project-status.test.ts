// Project status and screen precedence (spec A4.1, A2.8): examples, generated paths, properties over random
// sequences of polled statuses.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { projectStatusMachine } from '../machines/project-status.machine.ts';
import {
  selectIsPolling,
  selectPostgrestStatus,
  selectProject,
  selectRestorationComplete,
  selectScreen,
  selectStatus,
  selectSupportOffered,
} from '../machines/project-status.selectors.ts';
import type { Project } from '../src/api/types.ts';
import { PROJECT_STATUSES } from '../src/domain/navigation/project-status.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants, itRejectsEachDeletedTransition } from './support/paths.ts';

const kinds = { fetchStatus: 'promise', pingRest: 'promise', refreshProject: 'promise' } as const;
const project = (status: string): Project => ({ id: 1, ref: 'abc', name: 'Storefront', status: status as Project['status'], region: 'local', organization_id: 1 });

function start(status: string | null) {
  const fakes = controlledActors(kinds);
  const actor = createActor(projectStatusMachine.provide({ actors: fakes.logic }), {
    input: { ref: 'abc', project: status === null ? null : project(status) },
  }).start();
  return { actor, fakes };
}
const screen = (actor: { getSnapshot(): Snap }, kind: Parameters<typeof selectScreen>[0] = 'other') => selectScreen(kind)(actor.getSnapshot());

describe('project-status machine: examples', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings an active project once; an answer marks the REST service ONLINE and polling stops', async () => {
    const { actor, fakes } = start('ACTIVE_HEALTHY');
    expect(fakes.starts('pingRest')[0]?.input).toEqual({ ref: 'abc' });
    expect(screen(actor)).toBe('none');
    await fakes.resolve('pingRest', {});
    expect(selectPostgrestStatus(actor.getSnapshot())).toBe('ONLINE');
    vi.advanceTimersByTime(60_000);
    expect(fakes.starts()).toHaveLength(1);
    expect(selectIsPolling(actor.getSnapshot())).toBe(false);
  });

  it('connecting: an unanswered ping shows the connecting screen and pings again every 4 s until it answers', async () => {
    const { actor, fakes } = start('ACTIVE_HEALTHY');
    await fakes.reject('pingRest', new Error('timeout'));
    expect(selectPostgrestStatus(actor.getSnapshot())).toBe('OFFLINE');
    expect(screen(actor)).toBe('connecting');
    expect(screen(actor, 'reports')).toBe('none');
    expect(screen(actor, 'settings')).toBe('none');
    vi.advanceTimersByTime(3999);
    expect(fakes.starts('pingRest')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(fakes.starts('pingRest')).toHaveLength(2);
    await fakes.reject('pingRest', new Error('503'));
    vi.advanceTimersByTime(4000);
    await fakes.resolve('pingRest', {});
    expect(screen(actor)).toBe('none');
    expect(selectPostgrestStatus(actor.getSnapshot())).toBe('ONLINE');
  });

  it('building: polls every 4 s, survives a failed read, and refreshes the project on ACTIVE_HEALTHY', async () => {
    const { actor, fakes } = start('COMING_UP');
    expect(screen(actor)).toBe('building');
    expect(screen(actor, 'settings')).toBe('none');
    vi.advanceTimersByTime(3999);
    expect(fakes.starts()).toEqual([]);
    vi.advanceTimersByTime(1);
    await fakes.resolve('fetchStatus', { status: 'UNKNOWN' });
    expect(selectStatus(actor.getSnapshot())).toBe('UNKNOWN');
    vi.advanceTimersByTime(4000);
    await fakes.reject('fetchStatus', new Error('502'));
    vi.advanceTimersByTime(4000);
    expect(fakes.starts('fetchStatus')).toHaveLength(3);
    await fakes.resolve('fetchStatus', { status: 'ACTIVE_HEALTHY' });
    expect(fakes.starts('refreshProject')).toHaveLength(1);
    await fakes.resolve('refreshProject', undefined);
    expect(actor.getSnapshot().matches({ active: 'checkingRest' })).toBe(true);
    actor.send({ type: 'project.loaded', project: project('ACTIVE_HEALTHY') });
    await fakes.resolve('pingRest', {});
    vi.advanceTimersByTime(60_000);
    expect(fakes.starts('fetchStatus')).toHaveLength(3);
  });

  it('building: offers a support ticket after 2 minutes on the building screen, not before', async () => {
    const { actor, fakes } = start('COMING_UP');
    for (let i = 0; i < 29; i++) {
      vi.advanceTimersByTime(4000);
      await fakes.resolve('fetchStatus', { status: 'COMING_UP' });
    }
    expect(selectSupportOffered(actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(4000);
    expect(selectSupportOffered(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'project.loaded', project: project('UNKNOWN') });
    expect(selectSupportOffered(actor.getSnapshot())).toBe(false);
  });

  it('pausing: no read for 4 s, then every 2 s until INACTIVE; then the paused view (home shows its card itself)', async () => {
    const { actor, fakes } = start('ACTIVE_HEALTHY');
    await fakes.resolve('pingRest', {});
    actor.send({ type: 'status.assumed', status: 'PAUSING' });
    expect(screen(actor)).toBe('pausing');
    vi.advanceTimersByTime(3999);
    expect(fakes.starts('fetchStatus')).toEqual([]);
    vi.advanceTimersByTime(1);
    await fakes.resolve('fetchStatus', { status: 'PAUSING' });
    vi.advanceTimersByTime(1999);
    expect(fakes.starts('fetchStatus')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await fakes.resolve('fetchStatus', { status: 'INACTIVE' });
    await fakes.resolve('refreshProject', undefined);
    expect(actor.getSnapshot().matches('settled')).toBe(true);
    expect(screen(actor)).toBe('paused');
    expect(screen(actor, 'home')).toBe('none');
    expect(screen(actor, 'settings')).toBe('none');
  });

  it('a failed pause shows its screen on every route', async () => {
    const { actor, fakes } = start('PAUSING');
    vi.advanceTimersByTime(4000);
    await fakes.resolve('fetchStatus', { status: 'PAUSE_FAILED' });
    await fakes.resolve('refreshProject', undefined);
    for (const kind of ['home', 'settings', 'backups', 'other'] as const) expect(screen(actor, kind)).toBe('pauseFailed');
  });

  it('restarting and resizing poll every 4 s until ACTIVE_HEALTHY; not shown on backups routes', async () => {
    for (const status of ['RESTARTING', 'RESIZING']) {
      const { actor, fakes } = start(status);
      expect(screen(actor)).toBe(status.toLowerCase());
      expect(screen(actor, 'backups')).toBe('none');
      vi.advanceTimersByTime(4000);
      await fakes.resolve('fetchStatus', { status });
      vi.advanceTimersByTime(4000);
      await fakes.resolve('fetchStatus', { status: 'ACTIVE_HEALTHY' });
      expect(fakes.starts('refreshProject')).toHaveLength(1);
      actor.stop();
    }
  });

  it('restoring: polls every 4 s, then Restoration complete! until the user returns to the project', async () => {
    const { actor, fakes } = start('INACTIVE');
    actor.send({ type: 'status.assumed', status: 'RESTORING' });
    expect(screen(actor)).toBe('restoring');
    vi.advanceTimersByTime(4000);
    await fakes.resolve('fetchStatus', { status: 'RESTORING' });
    expect(selectRestorationComplete(actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(4000);
    await fakes.resolve('fetchStatus', { status: 'ACTIVE_HEALTHY' });
    expect(selectRestorationComplete(actor.getSnapshot())).toBe(true);
    expect(screen(actor)).toBe('restoring');
    expect(selectStatus(actor.getSnapshot())).toBe('ACTIVE_HEALTHY');
    // A reload that finds the project active keeps the completion screen; nothing is polled meanwhile.
    actor.send({ type: 'project.loaded', project: { ...project('ACTIVE_HEALTHY'), name: 'Renamed' } });
    expect(selectRestorationComplete(actor.getSnapshot())).toBe(true);
    expect(selectProject(actor.getSnapshot())?.name).toBe('Renamed');
    vi.advanceTimersByTime(60_000);
    expect(fakes.starts()).toHaveLength(2);
    actor.send({ type: 'project.return' });
    expect(fakes.starts('refreshProject')).toHaveLength(1);
    await fakes.resolve('refreshProject', undefined);
    expect(screen(actor)).toBe('none');
  });

  it('a failed restore refreshes the project and shows the failure screen', async () => {
    const { actor, fakes } = start('RESTORING');
    vi.advanceTimersByTime(4000);
    await fakes.resolve('fetchStatus', { status: 'RESTORE_FAILED' });
    await fakes.reject('refreshProject', new Error('offline'));
    expect(screen(actor)).toBe('restoreFailed');
    expect(selectRestorationComplete(actor.getSnapshot())).toBe(false);
  });

  it('upgrading: the status is left to the upgrade screen; Return to project reloads it', async () => {
    const { actor, fakes } = start('UPGRADING');
    expect(screen(actor)).toBe('upgrading');
    expect(screen(actor, 'backups')).toBe('none');
    vi.advanceTimersByTime(60_000);
    expect(fakes.starts()).toEqual([]);
    actor.send({ type: 'project.return' });
    await fakes.resolve('refreshProject', undefined);
    actor.send({ type: 'project.loaded', project: project('ACTIVE_HEALTHY') });
    expect(screen(actor)).toBe('none');
  });

  it('loading until the project arrives', () => {
    const { actor } = start(null);
    expect(screen(actor, 'backups')).toBe('loading');
    actor.send({ type: 'project.loaded', project: project('COMING_UP') });
    expect(screen(actor)).toBe('building');
  });

  it('the default actors are loud stubs', async () => {
    vi.useRealTimers();
    for (const name of ['fetchStatus', 'pingRest', 'refreshProject'] as const) {
      const child = createActor(projectStatusMachine.implementations.actors[name] as AnyActorLogic, { input: { ref: 'x' } });
      const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
      child.start();
      expect(String(await failure)).toMatch(/actor is not provided/);
    }
  });
});

// ---- properties: random sequences of what the platform answers and what the user does ----

type Step =
  | { kind: 'tick' }
  | { kind: 'answer'; status: string }
  | { kind: 'fail' }
  | { kind: 'ping'; ok: boolean }
  | { kind: 'refreshed' }
  | { kind: 'assume'; status: string }
  | { kind: 'load'; status: string }
  | { kind: 'return' };
const statusArb = fc.constantFrom(...PROJECT_STATUSES);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Step>({ kind: 'tick' }) },
  { weight: 6, arbitrary: statusArb.map<Step>((status) => ({ kind: 'answer', status })) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'fail' }) },
  { weight: 2, arbitrary: fc.boolean().map<Step>((ok) => ({ kind: 'ping', ok })) },
  { weight: 2, arbitrary: fc.constant<Step>({ kind: 'refreshed' }) },
  { weight: 1, arbitrary: statusArb.map<Step>((status) => ({ kind: 'assume', status })) },
  { weight: 1, arbitrary: statusArb.map<Step>((status) => ({ kind: 'load', status })) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'return' }) },
);
const family = (s: Snap) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!);

/** The spec's pace per polled state: the first read after entering, then the gap between reads. spec A4.1 */
const PACE: Record<string, { first: number; next: number }> = {
  building: { first: 4000, next: 4000 },
  restarting: { first: 4000, next: 4000 },
  restoring: { first: 4000, next: 4000 },
  pausing: { first: 4000, next: 2000 },
};

async function drive(initial: string, steps: Step[]) {
  const { actor, fakes } = start(initial);
  let enteredAt = Date.now();
  let lastSettledAt = Date.now();
  let readsInFamily = 0;
  let lastFamily = family(actor.getSnapshot());
  let fetches = 0;
  let pings = fakes.starts('pingRest').length;
  let lastPingSettled = Date.now();
  for (const step of steps) {
    const before = actor.getSnapshot();
    const wasRestoringRead = before.matches({ restoring: 'checking' });
    switch (step.kind) {
      case 'tick':
        vi.advanceTimersToNextTimer();
        break;
      case 'answer':
        if (fakes.isRunning('fetchStatus')) await fakes.resolve('fetchStatus', { status: step.status });
        break;
      case 'fail':
        if (fakes.isRunning('fetchStatus')) await fakes.reject('fetchStatus', new Error('502'));
        break;
      case 'ping':
        if (fakes.isRunning('pingRest')) {
          if (step.ok) await fakes.resolve('pingRest', {});
          else await fakes.reject('pingRest', new Error('timeout'));
          lastPingSettled = Date.now();
        }
        break;
      case 'refreshed':
        if (fakes.isRunning('refreshProject')) await fakes.resolve('refreshProject', undefined);
        break;
      case 'assume':
        actor.send({ type: 'status.assumed', status: step.status });
        break;
      case 'load':
        actor.send({ type: 'project.loaded', project: project(step.status) });
        break;
      case 'return':
        actor.send({ type: 'project.return' });
        break;
    }
    const after = actor.getSnapshot();
    if ((step.kind === 'answer' || step.kind === 'fail') && before.matches({ [family(before)]: 'checking' })) lastSettledAt = Date.now();
    // An assumed or loaded status re-enters the machine (through `deciding`); restorationComplete keeps a loaded one.
    const reentered = step.kind === 'assume' || (step.kind === 'load' && !before.matches('restorationComplete'));
    // Re-entering or moving to another state restarts the pace.
    if (family(after) !== lastFamily || reentered) {
      enteredAt = Date.now();
      readsInFamily = 0;
      lastFamily = family(after);
    }
    const reads = fakes.starts('fetchStatus').length;
    if (reads > fetches) {
      // Never faster (nor slower) than the spec.
      const pace = PACE[family(after)]!;
      expect(Date.now() - (readsInFamily === 0 ? enteredAt : lastSettledAt)).toBe(readsInFamily === 0 ? pace.first : pace.next);
      readsInFamily += 1;
      fetches = reads;
    }
    const pingCount = fakes.starts('pingRest').length;
    if (pingCount > pings) {
      // A ping while connecting comes 4 s after the last unanswered one; a first ping comes on arrival, also on
      // re-entering with an assumed or loaded ACTIVE_HEALTHY while offline.
      if (before.matches({ active: 'offline' }) && !reentered) expect(Date.now() - lastPingSettled).toBe(4000);
      pings = pingCount;
    }
    // 'Restoration complete!' only right after a restoring read answered ACTIVE_HEALTHY (or while it stays).
    if (selectRestorationComplete(after) && !selectRestorationComplete(before)) {
      expect(wasRestoringRead && step.kind === 'answer' && step.status === 'ACTIVE_HEALTHY').toBe(true);
    }
    // Status reads run only in the polled states; the REST ping only for an active project.
    if (fakes.isRunning('fetchStatus')) expect(Object.keys(PACE)).toContain(family(after));
    if (fakes.isRunning('pingRest')) expect(selectStatus(after)).toBe('ACTIVE_HEALTHY');
    if (selectPostgrestStatus(after) !== null) expect(family(after)).toBe('active');
  }
  return { actor, fakes };
}

describe('project-status machine: properties', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings at once when ACTIVE_HEALTHY is assumed again while the REST ping is offline (re-entry)', async () => {
    // fast-check's counterexample of a full run (seed 1446739748): the property's own bookkeeping expected the 4 s
    // retry pace for the ping that re-entering starts.
    const { actor, fakes } = await drive('ACTIVE_HEALTHY', [
      { kind: 'ping', ok: false },
      { kind: 'assume', status: 'ACTIVE_HEALTHY' },
    ]);
    expect(fakes.starts('pingRest')).toHaveLength(2);
    expect(actor.getSnapshot().matches({ active: 'checkingRest' })).toBe(true);
    actor.stop();
  });

  it('never polls faster than the spec; Restoration complete! only after RESTORING → ACTIVE_HEALTHY', async () => {
    await fc.assert(
      fc.asyncProperty(statusArb, fc.array(stepArb, { maxLength: 40 }), async (initial, steps) => {
        const { actor } = await drive(initial, steps);
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });

  it('ends settled when ACTIVE_HEALTHY arrives: no status read afterwards', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('COMING_UP', 'UNKNOWN', 'PAUSING', 'GOING_DOWN', 'RESTARTING', 'RESIZING', 'RESTORING'),
        fc.array(fc.constantFrom('COMING_UP', 'UNKNOWN', 'PAUSING', 'GOING_DOWN', 'RESTARTING', 'RESIZING', 'RESTORING'), { maxLength: 6 }),
        async (initial, passing) => {
          const { actor, fakes } = start(initial);
          // Only the same kind of passing status keeps the poll going; keep those.
          const kindOf = (s: string) => ({ UNKNOWN: 'COMING_UP', GOING_DOWN: 'PAUSING', RESIZING: 'RESTARTING' } as Record<string, string>)[s] ?? s;
          for (const status of passing.filter((s) => kindOf(s) === kindOf(initial))) {
            vi.advanceTimersToNextTimer();
            await fakes.resolve('fetchStatus', { status });
          }
          vi.advanceTimersToNextTimer();
          await fakes.resolve('fetchStatus', { status: 'ACTIVE_HEALTHY' });
          const reads = fakes.starts('fetchStatus').length;
          if (fakes.isRunning('refreshProject')) await fakes.resolve('refreshProject', undefined);
          if (fakes.isRunning('pingRest')) await fakes.resolve('pingRest', {});
          vi.advanceTimersByTime(120_000);
          expect(fakes.starts('fetchStatus')).toHaveLength(reads);
          expect(selectIsPolling(actor.getSnapshot())).toBe(false);
          expect(selectScreen('other')(actor.getSnapshot())).toBe(kindOf(initial) === 'RESTORING' ? 'restoring' : 'none');
          expect(selectRestorationComplete(actor.getSnapshot())).toBe(kindOf(initial) === 'RESTORING');
          actor.stop();
        },
      ),
      { numRuns: 60 },
    );
  });
});

// ---- generated paths ----

type Snap = SnapshotFrom<typeof projectStatusMachine>;
const loaded = (status: string) => ({ type: 'project.loaded', project: project(status) }) as const;
const polled = (status: string) => ({ type: 'xstate.done.actor.fetchStatus', output: { status } }) as const;
const events: EventSample<typeof projectStatusMachine>[] = [
  ...['COMING_UP', 'PAUSING', 'RESTARTING', 'RESTORING', 'UPGRADING', 'ACTIVE_HEALTHY', 'INACTIVE'].map(loaded),
  { type: 'status.assumed', status: 'RESTORING' },
  { type: 'project.return' },
  { type: 'xstate.after.statusPoll.projectStatus.building.waiting' },
  { type: 'xstate.after.pausePollStart.projectStatus.pausing.starting' },
  { type: 'xstate.after.pausePoll.projectStatus.pausing.waiting' },
  { type: 'xstate.after.statusPoll.projectStatus.restarting.waiting' },
  { type: 'xstate.after.statusPoll.projectStatus.restoring.waiting' },
  { type: 'xstate.after.restPing.projectStatus.active.offline' },
  { type: 'xstate.after.buildingSupport.projectStatus.building' },
  ...['COMING_UP', 'PAUSING', 'RESTARTING', 'RESTORING', 'ACTIVE_HEALTHY', 'INACTIVE'].map(polled),
  { type: 'xstate.error.actor.fetchStatus', error: new Error('502') },
  { type: 'xstate.done.actor.pingRest', output: {} },
  { type: 'xstate.error.actor.pingRest', error: new Error('timeout') },
  { type: 'xstate.done.actor.refreshProject', output: undefined },
  { type: 'xstate.error.actor.refreshProject', error: new Error('offline') },
];

const none = (_: Snap, { actors }: { actors?: { running(): string[] } }) => expect(actors?.running()).toEqual([]);
const reading = (statuses: string[]) => (s: Snap, { actors }: { actors?: { running(): string[] } }) => {
  expect(actors?.running()).toEqual(['fetchStatus']);
  expect(statuses).toContain(s.context.status);
  expect(selectIsPolling(s)).toBe(true);
};
const waitingIn = (statuses: string[]) => (s: Snap, info: { actors?: { running(): string[] } }) => {
  none(s, info);
  expect(statuses).toContain(s.context.status);
  expect(selectIsPolling(s)).toBe(true);
};
const invariants: Invariants<typeof projectStatusMachine> = {
  '*': (s) => {
    if (s.context.postgrestStatus !== null) expect(s.matches('active')).toBe(true);
    if (selectSupportOffered(s)) expect(s.matches('building')).toBe(true);
  },
  loading: (s, info) => {
    none(s, info);
    expect(selectScreen('other')(s)).toBe('loading');
  },
  'building.waiting': waitingIn(['COMING_UP', 'UNKNOWN']),
  'building.checking': reading(['COMING_UP', 'UNKNOWN']),
  'pausing.starting': waitingIn(['PAUSING', 'GOING_DOWN']),
  'pausing.waiting': waitingIn(['PAUSING', 'GOING_DOWN']),
  'pausing.checking': reading(['PAUSING', 'GOING_DOWN']),
  'restarting.waiting': waitingIn(['RESTARTING', 'RESIZING']),
  'restarting.checking': reading(['RESTARTING', 'RESIZING']),
  'restoring.waiting': waitingIn(['RESTORING']),
  'restoring.checking': reading(['RESTORING']),
  restorationComplete: (s, info) => {
    none(s, info);
    expect(s.context.status).toBe('ACTIVE_HEALTHY');
    expect(selectScreen('other')(s)).toBe('restoring');
  },
  upgrading: (s, info) => {
    none(s, info);
    expect(selectScreen('other')(s)).toBe('upgrading');
  },
  'active.checkingRest': (s, { actors }) => {
    expect(actors?.running()).toEqual(['pingRest']);
    expect(s.context.status).toBe('ACTIVE_HEALTHY');
  },
  'active.online': (s, info) => {
    none(s, info);
    expect(selectPostgrestStatus(s)).toBe('ONLINE');
    expect(selectScreen('other')(s)).toBe('none');
  },
  'active.offline': (s, info) => {
    none(s, info);
    expect(selectScreen('other')(s)).toBe('connecting');
    expect(selectScreen('settings')(s)).toBe('none');
  },
  refreshing: (_, { actors }) => expect(actors?.running()).toEqual(['refreshProject']),
  settled: (s, info) => {
    none(s, info);
    expect(selectIsPolling(s)).toBe(false);
    expect(['INACTIVE', 'PAUSE_FAILED', 'RESTORE_FAILED']).toContain(s.context.status);
  },
};

// A4.1 / A2.8: the status decides the screen; building, restarting and restoring poll every 4 s, pausing first after
// 4 s then every 2 s, until the status changes; a finished restore shows its own screen; an active project pings REST.
const required = [
  'deciding --(always)--> loading',
  'deciding --(always)--> building',
  'deciding --(always)--> pausing',
  'deciding --(always)--> restarting',
  'deciding --(always)--> restoring',
  'deciding --(always)--> upgrading',
  'deciding --(always)--> active',
  'deciding --(always)--> settled',
  'building.waiting --xstate.after.statusPoll.projectStatus.building.waiting--> building.checking',
  'building.checking --xstate.done.actor.fetchStatus--> building.waiting',
  'building.checking --xstate.done.actor.fetchStatus--> refreshing',
  'building.checking --xstate.error.actor.fetchStatus--> building.waiting',
  'building --xstate.after.buildingSupport.projectStatus.building--> building',
  'pausing.starting --xstate.after.pausePollStart.projectStatus.pausing.starting--> pausing.checking',
  'pausing.waiting --xstate.after.pausePoll.projectStatus.pausing.waiting--> pausing.checking',
  'pausing.checking --xstate.done.actor.fetchStatus--> pausing.waiting',
  'pausing.checking --xstate.done.actor.fetchStatus--> refreshing',
  'restarting.waiting --xstate.after.statusPoll.projectStatus.restarting.waiting--> restarting.checking',
  'restarting.checking --xstate.done.actor.fetchStatus--> refreshing',
  'restoring.waiting --xstate.after.statusPoll.projectStatus.restoring.waiting--> restoring.checking',
  'restoring.checking --xstate.done.actor.fetchStatus--> restorationComplete',
  'restorationComplete --project.return--> refreshing',
  'upgrading --project.return--> refreshing',
  'active.checkingRest --xstate.done.actor.pingRest--> active.online',
  'active.checkingRest --xstate.error.actor.pingRest--> active.offline',
  'active.offline --xstate.after.restPing.projectStatus.active.offline--> active.checkingRest',
  'refreshing --xstate.done.actor.refreshProject--> deciding',
];
itRejectsEachDeletedTransition(projectStatusMachine, required);

describeMachinePaths('project-status machine: generated paths', projectStatusMachine, {
  actors: controlledActors(kinds),
  required,
  input: { ref: 'abc', project: null },
  events,
  invariants,
  simplePaths: false,
  // The 2-minute support delay fires once, and can only come first while a read is out (no 4 s timer pending).
  filterEvents: (s: Snap, event: { type: string }) => event.type !== 'xstate.after.buildingSupport.projectStatus.building' || (s.matches({ building: 'checking' }) && !s.context.supportOffered),
  // Counters grow without bound and the project object only carries the status: abstract both.
  serializeState: (s: Snap) =>
    JSON.stringify({ value: s.value, status: s.context.status, rest: s.context.postgrestStatus, loaded: s.context.project !== null, failed: s.context.failures > 0, support: s.context.supportOffered }),
});
