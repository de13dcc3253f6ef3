// Plain selectors of the invite dialog actor.
import type { SnapshotFrom } from 'xstate';
import type { InviteErrors } from '../src/domain/team.ts';
import type { InviteMemberMachine } from './invite-member.machine.ts';

export type InviteMemberSnapshot = SnapshotFrom<InviteMemberMachine>;

export const selectIsOpen = (s: InviteMemberSnapshot): boolean => !s.matches('closed');
export const selectEmail = (s: InviteMemberSnapshot): string => s.context.email;
export const selectRole = (s: InviteMemberSnapshot): string => s.context.role;
export const selectFieldErrors = (s: InviteMemberSnapshot): InviteErrors => s.context.fieldErrors;
export const selectError = (s: InviteMemberSnapshot): string | null => s.context.error;
export const selectIsSending = (s: InviteMemberSnapshot): boolean => s.matches('sending');
/** 'Invitation sent to …' after a success, until the dialog opens again. */
export const selectInvited = (s: InviteMemberSnapshot): string | null => (s.matches('closed') ? s.context.invited : null);
