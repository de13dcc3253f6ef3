import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { changeNotice, memberChangeMachine, type MemberChangeEvent } from '../machines/member-change.machine.ts';
import {
  selectBusyKey,
  selectCanChange,
  selectError,
  selectNotice,
  selectRemovalToConfirm,
} from '../machines/member-change.selectors.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { applyMemberChange: 'promise' } as const;
const PROFILE = '6f1c7a52-6c55-4d4b-9a57-1d8c2f3a9b10';

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(memberChangeMachine.provide({ actors: fakes.logic })).start();
  return { actor, fakes };
}

describe('member-change machine: examples', () => {
  it('changes a role at once and says so', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'member.changeRole', profileId: PROFILE, email: 'dev@example.com', role: 'read_only' });
    expect(selectBusyKey(actor.getSnapshot())).toBe(`member:${PROFILE}`);
    expect(fakes.starts('applyMemberChange')[0]?.input).toEqual({ kind: 'role', profileId: PROFILE, email: 'dev@example.com', role: 'read_only' });
    await fakes.resolve('applyMemberChange', {});
    expect(selectNotice(actor.getSnapshot())).toBe('Role of dev@example.com updated');
    expect(selectCanChange(actor.getSnapshot())).toBe(true);
  });

  it('asks before removing; cancel sends nothing; confirm removes', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'member.remove', profileId: PROFILE, email: 'dev@example.com' });
    expect(selectRemovalToConfirm(actor.getSnapshot())).toMatchObject({ kind: 'remove', email: 'dev@example.com' });
    actor.send({ type: 'member.cancel' });
    expect(selectRemovalToConfirm(actor.getSnapshot())).toBeNull();
    expect(fakes.starts('applyMemberChange')).toHaveLength(0);
    actor.send({ type: 'member.remove', profileId: PROFILE, email: 'dev@example.com' });
    actor.send({ type: 'member.confirm' });
    await fakes.resolve('applyMemberChange', {});
    expect(selectNotice(actor.getSnapshot())).toBe('dev@example.com was removed from the organization');
  });

  it('shows the platform message when a change fails (last owner)', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'member.remove', profileId: PROFILE, email: 'me@example.com' });
    actor.send({ type: 'member.confirm' });
    await fakes.reject('applyMemberChange', new Error('An organization must keep at least one owner'));
    expect(actor.getSnapshot().matches({ idle: 'failed' })).toBe(true);
    expect(selectError(actor.getSnapshot())).toBe('An organization must keep at least one owner');
    actor.send({ type: 'invitation.revoke', invitationId: 3, email: 'x@example.com' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(selectBusyKey(actor.getSnapshot())).toBe('invitation:3');
    await fakes.reject('applyMemberChange', null);
    expect(selectError(actor.getSnapshot())).toBe('The change could not be made');
  });

  it('the default applyMemberChange actor is a loud stub', async () => {
    const logic = memberChangeMachine.implementations.actors.applyMemberChange as AnyActorLogic;
    const child = createActor(logic, { input: {} });
    const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
    child.start();
    expect(String(await failure)).toMatch(/actor is not provided/);
  });
});

describe('member-change machine: properties', () => {
  it('at most one change is out at a time, whatever the sequence of events', async () => {
    const eventArb = fc.constantFrom<MemberChangeEvent>(
      { type: 'member.changeRole', profileId: PROFILE, email: 'a@example.com', role: 'developer' },
      { type: 'member.remove', profileId: PROFILE, email: 'a@example.com' },
      { type: 'invitation.revoke', invitationId: 1, email: 'b@example.com' },
      { type: 'member.confirm' },
      { type: 'member.cancel' },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(eventArb, fc.constantFrom('none', 'resolve', 'reject')), { maxLength: 12 }), async (steps) => {
        const { actor, fakes } = start();
        for (const [event, outcome] of steps) {
          const before = fakes.starts('applyMemberChange').length;
          const wasApplying = actor.getSnapshot().matches('applying');
          actor.send(event);
          if (wasApplying) expect(fakes.starts('applyMemberChange').length).toBe(before);
          if (fakes.isRunning('applyMemberChange')) {
            if (outcome === 'resolve') await fakes.resolve('applyMemberChange', {});
            if (outcome === 'reject') await fakes.reject('applyMemberChange', new Error('no'));
          }
        }
        expect(fakes.running().length).toBeLessThanOrEqual(1);
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });

  it('notices name who was changed', () => {
    expect(changeNotice({ kind: 'revoke', invitationId: 1, email: 'x@example.com' })).toBe('Invitation for x@example.com revoked');
  });
});

type Snap = SnapshotFrom<typeof memberChangeMachine>;
const events: EventSample<typeof memberChangeMachine>[] = [
  { type: 'member.changeRole', profileId: PROFILE, email: 'dev@example.com', role: 'read_only' },
  { type: 'member.remove', profileId: PROFILE, email: 'dev@example.com' },
  { type: 'invitation.revoke', invitationId: 7, email: 'new@example.com' },
  { type: 'member.confirm' },
  { type: 'member.cancel' },
  { type: 'xstate.done.actor.applyMemberChange', output: {} },
  { type: 'xstate.error.actor.applyMemberChange', error: { message: 'An organization must keep at least one owner' } },
];
const invariants: Invariants<typeof memberChangeMachine> = {
  idle: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(s.context.change).toBeNull();
  },
  'idle.failed': (s) => expect(selectError(s)).toBe('An organization must keep at least one owner'),
  'idle.ready': (s) => expect(selectError(s)).toBeNull(),
  confirmingRemoval: (s, { actors }) => {
    expect(selectRemovalToConfirm(s)?.kind).toBe('remove');
    expect(actors?.running()).toEqual([]);
  },
  applying: (s, { actors }) => {
    expect(actors?.isRunning('applyMemberChange')).toBe(true);
    expect(actors?.starts('applyMemberChange').at(-1)?.input).toEqual(s.context.change);
    expect(s.hasTag('busy')).toBe(true);
  },
};

describeMachinePaths('member-change machine: generated paths', memberChangeMachine, {
  events,
  invariants,
  actors: controlledActors(kinds),
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, change: s.context.change, error: s.context.error, notice: s.context.notice }),
  simplePaths: false,
});
