// Plain selectors of the team change actor.
import type { SnapshotFrom } from 'xstate';
import type { MemberChange, MemberChangeMachine } from './member-change.machine.ts';

export type MemberChangeSnapshot = SnapshotFrom<MemberChangeMachine>;

export const selectChange = (s: MemberChangeSnapshot): MemberChange | null => s.context.change;
/** The member whose removal waits for confirmation. */
export const selectRemovalToConfirm = (s: MemberChangeSnapshot): MemberChange | null =>
  s.matches('confirmingRemoval') ? s.context.change : null;
export const selectIsApplying = (s: MemberChangeSnapshot): boolean => s.matches('applying');
export const selectCanChange = (s: MemberChangeSnapshot): boolean => s.matches('idle');
export const selectError = (s: MemberChangeSnapshot): string | null => s.context.error;
export const selectNotice = (s: MemberChangeSnapshot): string | null => s.context.notice;
/** Which row is busy: a profile id or an invitation id. */
export const selectBusyKey = (s: MemberChangeSnapshot): string | null => {
  const change = s.context.change;
  if (!change || !s.matches('applying')) return null;
  return change.kind === 'revoke' ? `invitation:${change.invitationId}` : `member:${change.profileId}`;
};
