// Real effects of the team page's machines (invite-member, member-change): the platform's team endpoints, then
// `onChanged` (the route's loader is invalidated so the lists read the new team).
import { fromPromise } from 'xstate';
import { inviteMember, removeMember, revokeInvitation, updateMemberRole } from '../api/team.ts';
import type { SendInvitationInput } from '../../machines/invite-member.machine.ts';
import type { MemberChange } from '../../machines/member-change.machine.ts';

export interface TeamEffects {
  invite: typeof inviteMember;
  updateRole: typeof updateMemberRole;
  remove: typeof removeMember;
  revoke: typeof revokeInvitation;
}

const platformEffects: TeamEffects = { invite: inviteMember, updateRole: updateMemberRole, remove: removeMember, revoke: revokeInvitation };

export function defineTeamActors(slug: string, onChanged: () => Promise<unknown> | void, effects: TeamEffects = platformEffects) {
  return {
    sendInvitation: fromPromise<unknown, SendInvitationInput>(async ({ input }) => {
      await effects.invite(slug, input);
      await onChanged();
    }),
    applyMemberChange: fromPromise<unknown, MemberChange>(async ({ input }) => {
      if (input.kind === 'role') await effects.updateRole(slug, input.profileId, input.role);
      else if (input.kind === 'remove') await effects.remove(slug, input.profileId);
      else await effects.revoke(slug, input.invitationId);
      await onChanged();
    }),
  };
}
