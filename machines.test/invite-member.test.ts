import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { inviteMemberMachine } from '../machines/invite-member.machine.ts';
import {
  selectEmail,
  selectError,
  selectFieldErrors,
  selectInvited,
  selectIsOpen,
  selectIsSending,
  selectRole,
} from '../machines/invite-member.selectors.ts';
import { TEAM_MESSAGES, hasInviteErrors, normalizeEmail, validateInvite } from '../src/domain/team.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { sendInvitation: 'promise' } as const;

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(inviteMemberMachine.provide({ actors: fakes.logic })).start();
  return { actor, fakes };
}

describe('invite-member machine: examples', () => {
  it('opens empty with the developer role, sends the normalised e-mail and role, closes with a notice', async () => {
    const { actor, fakes } = start();
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'invite.open', memberEmails: ['owner@example.com'] });
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    expect(selectRole(actor.getSnapshot())).toBe('developer');
    actor.send({ type: 'invite.editEmail', value: ' New@Example.com ' });
    actor.send({ type: 'invite.editRole', role: 'read_only' });
    actor.send({ type: 'invite.submit' });
    expect(selectIsSending(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fakes.starts('sendInvitation')[0]?.input).toEqual({ email: 'new@example.com', role: 'read_only' });
    actor.send({ type: 'invite.close' }); // ignored while sending
    expect(selectIsSending(actor.getSnapshot())).toBe(true);
    await fakes.resolve('sendInvitation', {});
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    expect(selectInvited(actor.getSnapshot())).toBe('new@example.com');
    actor.send({ type: 'invite.open' });
    expect(selectInvited(actor.getSnapshot())).toBeNull();
    expect(selectEmail(actor.getSnapshot())).toBe('');
  });

  it('refuses an empty, malformed or member e-mail before sending; a field message goes when it is edited', () => {
    const { actor, fakes } = start();
    actor.send({ type: 'invite.open', memberEmails: ['owner@example.com'] });
    actor.send({ type: 'invite.submit' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ email: TEAM_MESSAGES.emailRequired });
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    actor.send({ type: 'invite.editEmail', value: 'nope' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'invite.submit' });
    expect(selectFieldErrors(actor.getSnapshot()).email).toBe(TEAM_MESSAGES.emailInvalid);
    actor.send({ type: 'invite.editEmail', value: 'OWNER@example.com' });
    actor.send({ type: 'invite.editRole', role: 'emperor' });
    actor.send({ type: 'invite.submit' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ email: TEAM_MESSAGES.alreadyMember, role: TEAM_MESSAGES.roleInvalid });
    actor.send({ type: 'invite.editRole', role: 'developer' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ email: TEAM_MESSAGES.alreadyMember });
    expect(fakes.starts('sendInvitation')).toHaveLength(0);
  });

  it('a failure shows the message and keeps what was typed; sending again works', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'invite.open' });
    actor.send({ type: 'invite.editEmail', value: 'x@example.com' });
    actor.send({ type: 'invite.submit' });
    await fakes.reject('sendInvitation', new Error('You need additional permissions to invite members'));
    expect(actor.getSnapshot().matches({ editing: 'failed' })).toBe(true);
    expect(selectError(actor.getSnapshot())).toBe('You need additional permissions to invite members');
    expect(selectEmail(actor.getSnapshot())).toBe('x@example.com');
    actor.send({ type: 'invite.submit' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    await fakes.reject('sendInvitation', {});
    expect(selectError(actor.getSnapshot())).toBe('The invitation could not be sent');
    actor.send({ type: 'invite.close' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    expect(selectError(actor.getSnapshot())).toBeNull();
  });

  it('the default sendInvitation actor is a loud stub', async () => {
    const logic = inviteMemberMachine.implementations.actors.sendInvitation as AnyActorLogic;
    const child = createActor(logic, { input: {} });
    const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
    child.start();
    expect(String(await failure)).toMatch(/actor is not provided/);
  });
});

describe('invite-member machine: properties', () => {
  it('an invitation is sent exactly when the form is valid, with the normalised e-mail', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.emailAddress(), fc.string({ maxLength: 30 })),
        fc.constantFrom('owner', 'administrator', 'developer', 'read_only', 'king', ''),
        (email, role) => {
          const { actor, fakes } = start();
          actor.send({ type: 'invite.open', memberEmails: ['taken@example.com'] });
          actor.send({ type: 'invite.editEmail', value: email });
          actor.send({ type: 'invite.editRole', role });
          actor.send({ type: 'invite.submit' });
          const valid = !hasInviteErrors(validateInvite({ email, role }, ['taken@example.com']));
          expect(fakes.starts('sendInvitation').length).toBe(valid ? 1 : 0);
          if (valid) expect(fakes.starts('sendInvitation')[0]?.input).toEqual({ email: normalizeEmail(email), role });
          actor.stop();
        },
      ),
      { numRuns: 300 },
    );
  });
});

type Snap = SnapshotFrom<typeof inviteMemberMachine>;
const events: EventSample<typeof inviteMemberMachine>[] = [
  { type: 'invite.open', memberEmails: ['owner@example.com'] },
  { type: 'invite.editEmail', value: 'dev@example.com' },
  { type: 'invite.editEmail', value: 'owner@example.com' },
  { type: 'invite.editRole', role: 'read_only' },
  { type: 'invite.submit' },
  { type: 'invite.close' },
  { type: 'xstate.done.actor.sendInvitation', output: {} },
  { type: 'xstate.error.actor.sendInvitation', error: { message: 'already invited' } },
];
const invariants: Invariants<typeof inviteMemberMachine> = {
  closed: (s, { actors }) => {
    expect(selectIsOpen(s)).toBe(false);
    expect(actors?.running()).toEqual([]);
    expect(selectError(s)).toBeNull();
  },
  editing: (s) => expect(selectIsOpen(s)).toBe(true),
  'editing.ready': (s) => expect(s.hasTag('error')).toBe(false),
  'editing.invalid': (s) => expect(hasInviteErrors(selectFieldErrors(s))).toBe(true),
  'editing.failed': (s) => {
    expect(selectError(s)).toBe('already invited');
    expect(selectEmail(s)).not.toBe('');
  },
  sending: (s, { actors }) => {
    expect(actors?.isRunning('sendInvitation')).toBe(true);
    expect(actors?.starts('sendInvitation').at(-1)?.input).toEqual({ email: s.context.email, role: s.context.role });
    expect(hasInviteErrors(validateInvite({ email: s.context.email, role: s.context.role }, s.context.memberEmails))).toBe(false);
  },
};

describeMachinePaths('invite-member machine: generated paths', inviteMemberMachine, {
  events,
  invariants,
  actors: controlledActors(kinds),
  serializeState: (s: Snap) =>
    JSON.stringify({ value: s.value, email: s.context.email, role: s.context.role, errors: s.context.fieldErrors, error: s.context.error !== null, invited: s.context.invited }),
  simplePaths: false,
});
