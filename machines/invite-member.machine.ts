// The invite dialog of the team page (/org/{slug}/team; spec A6 roles): open, type an e-mail and pick a role,
// check the form (src/domain/team.ts), send the invitation, close on success. A failure keeps what was typed.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  DEFAULT_INVITE_ROLE,
  hasInviteErrors,
  normalizeEmail,
  validateInvite,
  type InviteErrors,
  type MemberRole,
} from '../src/domain/team.ts';
import { errorMessage, notProvided } from './support.ts';

export type InviteMemberContext = {
  email: string;
  role: string;
  /** E-mails of current members, to refuse inviting them again before a request is made. */
  memberEmails: string[];
  fieldErrors: InviteErrors;
  error: string | null;
  /** The last e-mail invited, for the confirmation notice. */
  invited: string | null;
};

export type InviteOpenEvent = { type: 'invite.open'; memberEmails?: string[] };
export type InviteEditEmailEvent = { type: 'invite.editEmail'; value: string };
export type InviteEditRoleEvent = { type: 'invite.editRole'; role: string };
export type InviteSubmitEvent = { type: 'invite.submit' };
export type InviteCloseEvent = { type: 'invite.close' };
export type InviteMemberEvent = InviteOpenEvent | InviteEditEmailEvent | InviteEditRoleEvent | InviteSubmitEvent | InviteCloseEvent;

export type InviteMemberTag = 'busy' | 'error';

export type SendInvitationInput = { email: string; role: MemberRole };

export const inviteMemberMachine = setup({
  types: {} as {
    context: InviteMemberContext;
    events: InviteMemberEvent;
    tags: InviteMemberTag;
  },
  actors: {
    sendInvitation: fromPromise<unknown, SendInvitationInput>(async () => notProvided('send invitation')),
  },
  guards: {
    noFieldErrors: ({ context }) => !hasInviteErrors(context.fieldErrors),
    formInvalid: ({ context }) =>
      hasInviteErrors(validateInvite({ email: context.email, role: context.role }, context.memberEmails)),
  },
  actions: {
    openForm: assign({
      email: '',
      role: DEFAULT_INVITE_ROLE,
      fieldErrors: {},
      error: null,
      memberEmails: ({ event }) => {
        assertEvent(event, 'invite.open');
        return event.memberEmails ?? [];
      },
    }),
    editEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'invite.editEmail');
        return event.value;
      },
      // The message of a field goes away once that field changes.
      fieldErrors: ({ context }) => ({ ...(context.fieldErrors.role ? { role: context.fieldErrors.role } : {}) }),
    }),
    editRole: assign({
      role: ({ event }) => {
        assertEvent(event, 'invite.editRole');
        return event.role;
      },
      fieldErrors: ({ context }) => ({ ...(context.fieldErrors.email ? { email: context.fieldErrors.email } : {}) }),
    }),
    storeFieldErrors: assign({
      fieldErrors: ({ context }) => validateInvite({ email: context.email, role: context.role }, context.memberEmails),
    }),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    storeFailure: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error, 'The invitation could not be sent') }),
    noteInvited: assign({ invited: ({ context }) => normalizeEmail(context.email), email: '', error: null }),
    forgetNotice: assign({ invited: null }),
  },
}).createMachine({
  id: 'inviteMember',
  context: { email: '', role: DEFAULT_INVITE_ROLE, memberEmails: [], fieldErrors: {}, error: null, invited: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'invite.open': { target: 'editing', actions: ['openForm', 'forgetNotice'] } },
    },
    editing: {
      initial: 'ready',
      states: {
        ready: {},
        // Left as soon as editing has cleared every field message.
        invalid: { tags: 'error', always: { guard: 'noFieldErrors', target: 'ready' } },
        failed: { tags: 'error' },
      },
      on: {
        'invite.editEmail': { actions: 'editEmail' },
        'invite.editRole': { actions: 'editRole' },
        'invite.submit': [
          { guard: 'formInvalid', target: '.invalid', actions: 'storeFieldErrors' },
          { target: 'sending', actions: 'clearErrors' },
        ],
        'invite.close': { target: 'closed', actions: 'clearErrors' },
      },
    },
    // Closing is not offered while the request is out: its outcome must be seen.
    sending: {
      tags: 'busy',
      invoke: {
        id: 'sendInvitation',
        src: 'sendInvitation',
        input: ({ context }) => ({ email: normalizeEmail(context.email), role: context.role as MemberRole }),
        onDone: { target: 'closed', actions: 'noteInvited' },
        onError: { target: 'editing.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type InviteMemberMachine = typeof inviteMemberMachine;
