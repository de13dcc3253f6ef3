// The version notice (spec A2.14 both readings, C§9): examples, a property and generated paths.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { versionNoticeMachine } from '../machines/version-notice.machine.ts';
import { REFRESH_NOTICE_MS, VERSION_CHECK_MS, versionNotice } from '../src/domain/signals.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { fetchDeployment: 'promise' } as const;
const T0 = '2026-11-27T10:00:00.000Z';
const SAME = { commitSha: 'aaa', commitTime: T0 };
const REBUILT = { commitSha: 'bbb', commitTime: '2026-11-27T11:00:00.000Z' };
const DAY_LATER = { commitSha: 'ccc', commitTime: new Date(Date.parse(T0) + REFRESH_NOTICE_MS).toISOString() };

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(versionNoticeMachine.provide({ actors: fakes.logic }), { input: { loadedSha: 'aaa' } }).start();
  const notices: unknown[] = [];
  actor.on('*', (event) => notices.push(event));
  return { actor, fakes, notices };
}

describe('version notice: examples', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows "new version" once the served build differs; Not now silences that build; Refresh reloads', async () => {
    const { actor, fakes, notices } = start();
    await fakes.resolve('fetchDeployment', SAME);
    expect(notices).toEqual([]);
    vi.advanceTimersByTime(VERSION_CHECK_MS);
    await fakes.resolve('fetchDeployment', REBUILT);
    expect(notices).toEqual([{ type: 'version.notice', notice: 'newVersion' }]);
    actor.send({ type: 'version.dismiss' });
    actor.send({ type: 'version.check' });
    await fakes.resolve('fetchDeployment', REBUILT);
    expect(notices).toHaveLength(1);
    actor.send({ type: 'version.check' });
    await fakes.resolve('fetchDeployment', { ...REBUILT, commitSha: 'ddd' });
    expect(notices).toHaveLength(2);
    actor.send({ type: 'version.refresh' });
    expect(notices.at(-1)).toEqual({ type: 'version.reload' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows the refresh notice once when the commit time is 24 h newer than the first seen', async () => {
    const { actor, fakes, notices } = start();
    await fakes.resolve('fetchDeployment', SAME);
    actor.send({ type: 'version.check' });
    await fakes.resolve('fetchDeployment', DAY_LATER);
    expect(notices).toEqual([{ type: 'version.notice', notice: 'refresh' }]);
    actor.send({ type: 'version.dismiss' });
    actor.send({ type: 'version.check' });
    await fakes.resolve('fetchDeployment', DAY_LATER);
    expect(notices).toHaveLength(1);
  });

  it('property: the refresh reading needs a gap of 24 h or more; the new-version reading only a different build', () => {
    fc.assert(
      fc.property(fc.integer({ min: -REFRESH_NOTICE_MS, max: 3 * REFRESH_NOTICE_MS }), fc.boolean(), (gap, sameBuild) => {
        const notice = versionNotice({
          loadedSha: 'aaa',
          firstSeenTime: T0,
          fetched: { commitSha: sameBuild ? 'aaa' : 'bbb', commitTime: new Date(Date.parse(T0) + gap).toISOString() },
          dismissedSha: null,
          refreshShown: false,
        });
        if (gap >= REFRESH_NOTICE_MS) expect(notice).toBe('refresh');
        else expect(notice).toBe(sameBuild ? null : 'newVersion');
      }),
    );
  });
});

const events: EventSample<typeof versionNoticeMachine>[] = [
  { type: 'version.check' },
  { type: 'version.dismiss' },
  { type: 'version.refresh' },
  { type: 'xstate.done.actor.fetchDeployment', output: SAME },
  { type: 'xstate.done.actor.fetchDeployment', output: REBUILT },
  { type: 'xstate.error.actor.fetchDeployment', error: new Error('offline') },
  { type: 'xstate.after.versionCheck.versionNotice.waiting' },
];
const invariants: Invariants<typeof versionNoticeMachine> = {
  checking: (s, { actors }) => expect(actors?.running()).toEqual(['fetchDeployment']),
  waiting: (s) => expect(s.context.notice).toBeNull(),
  notifying: (s) => {
    expect(s.context.notice).toBe('newVersion');
    expect(s.context.latestSha).not.toBe(s.context.loadedSha);
  },
  reloading: (s) => expect(s.status).toBe('done'),
};

describeMachinePaths('version notice: generated paths', versionNoticeMachine, {
  events,
  invariants,
  input: { loadedSha: 'aaa' },
  actors: controlledActors(kinds),
  simplePaths: false,
  required: [
    'checking --xstate.done.actor.fetchDeployment--> notifying',
    'checking --xstate.done.actor.fetchDeployment--> waiting',
    'waiting --xstate.after.versionCheck.versionNotice.waiting--> checking',
    'waiting --version.check--> checking',
    'notifying --version.dismiss--> waiting',
    'notifying --version.refresh--> reloading',
  ],
});
