// The legacy JWT secret's update (spec A4.9, A2.13, A8, C§9): examples, a property and generated paths.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { jwtSecretUpdateMachine, type JwtNotice } from '../machines/jwt-secret-update.machine.ts';
import { selectJwtChecking, selectJwtConfirming, selectJwtError, selectJwtProgress, selectJwtUpdating } from '../machines/jwt-secret-update.selectors.ts';
import { JWT_STATUS_POLL_MS, type JwtSecretUpdate } from '../src/domain/api-keys.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { fetchUpdateStatus: 'promise', startUpdate: 'promise' } as const;
const status = (s: JwtSecretUpdate['status'], extra: Partial<JwtSecretUpdate> = {}) => ({
  update_status: { change_tracking_id: 'c1', status: s, progress: s === 'Updating' ? 'Issuing new API keys' : null, error: null, ...extra },
});

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(jwtSecretUpdateMachine.provide({ actors: fakes.logic }), { input: { ref: 'abc' } });
  const notices: JwtNotice[] = [];
  actor.on('*', (notice) => notices.push(notice));
  actor.start();
  return { actor, fakes, notices };
}

describe('jwt-secret-update machine: examples', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('confirms, starts the update, polls every 1 s while Updating, then reloads the keys', async () => {
    const { actor, fakes, notices } = start();
    expect(selectJwtChecking(actor.getSnapshot())).toBe(true);
    await fakes.resolve('fetchUpdateStatus', { update_status: null });
    actor.send({ type: 'secret.rotate' });
    expect(selectJwtConfirming(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('startUpdate')).toHaveLength(0);
    actor.send({ type: 'rotate.confirm' });
    expect(selectJwtUpdating(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('startUpdate')[0]?.input).toEqual({ ref: 'abc' });
    await fakes.resolve('startUpdate', status('Updating'));
    expect(selectJwtProgress(actor.getSnapshot())).toBe('Issuing new API keys');
    vi.advanceTimersByTime(JWT_STATUS_POLL_MS - 1);
    expect(fakes.starts('fetchUpdateStatus')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(fakes.starts('fetchUpdateStatus')).toHaveLength(2);
    await fakes.resolve('pollUpdateStatus', status('Updating'));
    vi.advanceTimersByTime(JWT_STATUS_POLL_MS);
    await fakes.resolve('pollUpdateStatus', status('Updated'));
    expect(selectJwtUpdating(actor.getSnapshot())).toBe(false);
    expect(notices).toEqual([{ type: 'notice.updated' }, { type: 'notice.toast', kind: 'success', message: 'JWT secret updated' }]);
  });

  it('follows an update already running when the page opens', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('fetchUpdateStatus', status('Updating'));
    expect(selectJwtUpdating(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'secret.rotate' });
    expect(selectJwtConfirming(actor.getSnapshot())).toBe(false);
  });

  it("says the spec's failure lines: a refused start, and an update that failed", async () => {
    const { actor, fakes, notices } = start();
    await fakes.resolve('fetchUpdateStatus', { update_status: null });
    actor.send({ type: 'secret.rotate' });
    actor.send({ type: 'rotate.confirm' });
    await fakes.reject('startUpdate', new Error('You need additional permissions to update the JWT secret'));
    expect(selectJwtError(actor.getSnapshot())).toBe('Failed to update JWT secret: You need additional permissions to update the JWT secret');
    actor.send({ type: 'secret.rotate' });
    actor.send({ type: 'rotate.confirm' });
    expect(selectJwtError(actor.getSnapshot())).toBeNull();
    await fakes.resolve('startUpdate', status('Updating'));
    vi.advanceTimersByTime(JWT_STATUS_POLL_MS);
    await fakes.resolve('pollUpdateStatus', status('Failed', { error: 'disk full' }));
    expect(selectJwtError(actor.getSnapshot())).toBe('JWT secret update failed, new API key may have issues: disk full');
    expect(notices.at(-1)).toEqual({ type: 'notice.toast', kind: 'error', message: 'JWT secret update failed' });
  });

  it('a cancelled confirmation starts nothing', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('fetchUpdateStatus', { update_status: null });
    actor.send({ type: 'secret.rotate' });
    actor.send({ type: 'rotate.cancel' });
    expect(actor.getSnapshot().value).toEqual({ idle: 'ready' });
    expect(fakes.starts('startUpdate')).toHaveLength(0);
  });

  it('property: any run of Updating answers (and failed reads) polls once a second and ends with the final status', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('Updating', 'readError'), { maxLength: 8 }), fc.constantFrom('Updated', 'Failed'), async (run, end) => {
        const { actor, fakes, notices } = start();
        await fakes.resolve('fetchUpdateStatus', status('Updating'));
        for (const answer of run) {
          vi.advanceTimersByTime(JWT_STATUS_POLL_MS);
          if (answer === 'readError') await fakes.reject('pollUpdateStatus', new Error('offline'));
          else await fakes.resolve('pollUpdateStatus', status('Updating'));
          expect(selectJwtUpdating(actor.getSnapshot())).toBe(true);
        }
        vi.advanceTimersByTime(JWT_STATUS_POLL_MS);
        await fakes.resolve('pollUpdateStatus', status(end as 'Updated' | 'Failed'));
        expect(fakes.starts('fetchUpdateStatus')).toHaveLength(run.length + 2);
        expect(selectJwtUpdating(actor.getSnapshot())).toBe(false);
        expect(notices.filter((n) => n.type === 'notice.updated')).toHaveLength(1);
        actor.stop();
      }),
      { numRuns: 40 },
    );
  });
});

type Snap = SnapshotFrom<typeof jwtSecretUpdateMachine>;
const events: EventSample<typeof jwtSecretUpdateMachine>[] = [
  { type: 'secret.rotate' },
  { type: 'rotate.confirm' },
  { type: 'rotate.cancel' },
  { type: 'xstate.done.actor.fetchUpdateStatus', output: { update_status: null } },
  { type: 'xstate.done.actor.fetchUpdateStatus', output: status('Updating') },
  { type: 'xstate.done.actor.fetchUpdateStatus', output: status('Failed', { error: 'disk full' }) },
  { type: 'xstate.error.actor.fetchUpdateStatus', error: new Error('offline') },
  { type: 'xstate.done.actor.startUpdate', output: status('Updating') },
  { type: 'xstate.error.actor.startUpdate', error: new Error('refused') },
  { type: 'xstate.after.jwtStatusPoll.jwtSecretUpdate.updating.waiting' },
  { type: 'xstate.done.actor.pollUpdateStatus', output: status('Updating') },
  { type: 'xstate.done.actor.pollUpdateStatus', output: status('Updated') },
  { type: 'xstate.done.actor.pollUpdateStatus', output: status('Failed', { error: 'disk full' }) },
  { type: 'xstate.error.actor.pollUpdateStatus', error: new Error('offline') },
];
const invariants: Invariants<typeof jwtSecretUpdateMachine> = {
  checking: (s, { actors }) => {
    expect(actors?.running()).toEqual(['fetchUpdateStatus']);
    expect(selectJwtUpdating(s)).toBe(false);
  },
  idle: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectJwtUpdating(s)).toBe(false);
  },
  'idle.ready': (s) => expect(selectJwtError(s)).toBeNull(),
  'idle.failed': (s) => expect(selectJwtError(s)).toMatch(/^(Failed to update JWT secret: refused|JWT secret update failed, new API key may have issues: disk full)$/),
  confirming: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectJwtConfirming(s)).toBe(true);
  },
  starting: (s, { actors }) => {
    expect(actors?.running()).toEqual(['startUpdate']);
    expect(selectJwtUpdating(s)).toBe(true);
  },
  updating: (s) => {
    expect(selectJwtUpdating(s)).toBe(true);
    expect(s.context.update?.status).toBe('Updating');
  },
  'updating.waiting': (_s, { actors }) => expect(actors?.running()).toEqual([]),
  'updating.polling': (_s, { actors }) => expect(actors?.running()).toEqual(['pollUpdateStatus']),
};

describeMachinePaths('jwt-secret-update machine: generated paths', jwtSecretUpdateMachine, {
  events,
  invariants,
  input: { ref: 'abc' },
  actors: controlledActors(kinds),
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, status: s.context.update?.status ?? null, error: s.context.error }),
  simplePaths: false,
  required: [
    'checking --xstate.done.actor.fetchUpdateStatus--> updating',
    'idle --secret.rotate--> confirming',
    'confirming --rotate.confirm--> starting',
    'confirming --rotate.cancel--> idle.ready',
    'starting --xstate.done.actor.startUpdate--> updating',
    'starting --xstate.error.actor.startUpdate--> idle.failed',
    'updating.waiting --xstate.after.jwtStatusPoll.jwtSecretUpdate.updating.waiting--> updating.polling',
    'updating.polling --xstate.done.actor.pollUpdateStatus--> updating.waiting',
    'updating.polling --xstate.done.actor.pollUpdateStatus--> idle.ready',
    'updating.polling --xstate.done.actor.pollUpdateStatus--> idle.failed',
  ],
});
