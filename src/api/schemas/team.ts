// Request schemas of the team routes: invitations and member roles (shared by server/ and the console).
import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { MEMBER_ROLES } from './platformFields.ts';

export const memberRoleSchema = z.enum(MEMBER_ROLES, { error: `must be one of ${MEMBER_ROLES.join(', ')}` });

export const inviteMemberBody = z.object({
  email: emailSchema,
  role: memberRoleSchema,
});
export type InviteMemberBody = z.infer<typeof inviteMemberBody>;

export const updateMemberBody = z.object({ role: memberRoleSchema });
export type UpdateMemberBody = z.infer<typeof updateMemberBody>;

export const PROFILE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const INVITATION_ID_PATTERN = /^[1-9][0-9]{0,9}$/;
