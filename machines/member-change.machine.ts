// Changes to the team on /org/{slug}/team (spec A6 roles): change a member's role, remove a member after a
// confirmation, revoke a pending invitation. One change at a time; a failure shows the platform's message
// (e.g. the last owner cannot be removed) and leaves the team as it was.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MemberRole } from '../src/domain/team.ts';
import { errorMessage, notProvided } from './support.ts';

export type MemberChange =
  | { kind: 'role'; profileId: string; email: string; role: MemberRole }
  | { kind: 'remove'; profileId: string; email: string }
  | { kind: 'revoke'; invitationId: number; email: string };

export type MemberChangeContext = {
  change: MemberChange | null;
  error: string | null;
  notice: string | null;
};

export type MemberChangeRoleEvent = { type: 'member.changeRole'; profileId: string; email: string; role: MemberRole };
export type MemberRemoveEvent = { type: 'member.remove'; profileId: string; email: string };
export type InvitationRevokeEvent = { type: 'invitation.revoke'; invitationId: number; email: string };
export type MemberConfirmEvent = { type: 'member.confirm' };
export type MemberCancelEvent = { type: 'member.cancel' };
export type MemberChangeEvent =
  | MemberChangeRoleEvent
  | MemberRemoveEvent
  | InvitationRevokeEvent
  | MemberConfirmEvent
  | MemberCancelEvent;

export type MemberChangeTag = 'busy' | 'error';

/** What the notice says once a change went through. */
export function changeNotice(change: MemberChange): string {
  if (change.kind === 'role') return `Role of ${change.email} updated`;
  if (change.kind === 'remove') return `${change.email} was removed from the organization`;
  return `Invitation for ${change.email} revoked`;
}

export const memberChangeMachine = setup({
  types: {} as {
    context: MemberChangeContext;
    events: MemberChangeEvent;
    tags: MemberChangeTag;
  },
  actors: {
    applyMemberChange: fromPromise<unknown, MemberChange>(async () => notProvided('apply member change')),
  },
  actions: {
    rememberChange: assign({
      change: ({ event }): MemberChange => {
        if (event.type === 'member.changeRole') {
          return { kind: 'role', profileId: event.profileId, email: event.email, role: event.role };
        }
        if (event.type === 'member.remove') return { kind: 'remove', profileId: event.profileId, email: event.email };
        assertEvent(event, 'invitation.revoke');
        return { kind: 'revoke', invitationId: event.invitationId, email: event.email };
      },
      error: null,
      notice: null,
    }),
    forgetChange: assign({ change: null }),
    noteDone: assign({ notice: ({ context }) => (context.change ? changeNotice(context.change) : null), change: null }),
    storeFailure: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error, 'The change could not be made'), change: null }),
  },
}).createMachine({
  id: 'memberChange',
  context: { change: null, error: null, notice: null },
  initial: 'idle',
  states: {
    idle: {
      initial: 'ready',
      states: {
        ready: {},
        failed: { tags: 'error' },
      },
      on: {
        'member.changeRole': { target: 'applying', actions: 'rememberChange' },
        'invitation.revoke': { target: 'applying', actions: 'rememberChange' },
        // Removing someone is asked first (the confirmation dialog).
        'member.remove': { target: 'confirmingRemoval', actions: 'rememberChange' },
      },
    },
    confirmingRemoval: {
      on: {
        'member.confirm': 'applying',
        'member.cancel': { target: 'idle', actions: 'forgetChange' },
      },
    },
    applying: {
      tags: 'busy',
      invoke: {
        id: 'applyMemberChange',
        src: 'applyMemberChange',
        input: ({ context }) => context.change!,
        onDone: { target: 'idle', actions: 'noteDone' },
        onError: { target: 'idle.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type MemberChangeMachine = typeof memberChangeMachine;
