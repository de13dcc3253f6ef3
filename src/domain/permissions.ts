// spec A6 "Roles and permissions": which member role may take which action on which resource. Shared by the
// console (to disable controls with the spec's tooltips) and the platform (to refuse the call).
import type { MemberRole } from '../api/schemas/platformFields.ts';
import { MEMBER_ROLES } from '../api/schemas/platformFields.ts';

export type PermissionAction = 'READ' | 'UPDATE' | 'INFRA_EXECUTE' | 'BILLING_WRITE' | 'CREATE';
export type PermissionResource =
  | 'service_api_keys'
  | 'projects'
  | 'queue_jobs.projects.initialize_or_resume'
  | 'stripe.subscriptions'
  | 'preview_branches';

/** The least role that may take the action; anything not listed is refused. */
const LEAST_ROLE: Readonly<Record<`${PermissionAction} ${PermissionResource}`, MemberRole | undefined>> = {
  // The service_role key bypasses row security: developers and up see it (the anon key is public anyway).
  'READ service_api_keys': 'developer',
  'UPDATE projects': 'administrator',
  'INFRA_EXECUTE queue_jobs.projects.initialize_or_resume': 'administrator',
  'BILLING_WRITE stripe.subscriptions': 'owner',
  'CREATE preview_branches': 'developer',
  'READ projects': 'read_only',
  'READ queue_jobs.projects.initialize_or_resume': 'read_only',
  'READ stripe.subscriptions': 'read_only',
  'READ preview_branches': 'read_only',
  'UPDATE service_api_keys': 'administrator',
  'UPDATE queue_jobs.projects.initialize_or_resume': 'administrator',
  'UPDATE stripe.subscriptions': 'owner',
  'UPDATE preview_branches': 'developer',
  'INFRA_EXECUTE service_api_keys': undefined,
  'INFRA_EXECUTE projects': 'administrator',
  'INFRA_EXECUTE stripe.subscriptions': undefined,
  'INFRA_EXECUTE preview_branches': 'developer',
  'BILLING_WRITE service_api_keys': undefined,
  'BILLING_WRITE projects': undefined,
  'BILLING_WRITE queue_jobs.projects.initialize_or_resume': undefined,
  'BILLING_WRITE preview_branches': undefined,
  'CREATE service_api_keys': 'administrator',
  'CREATE projects': 'administrator',
  'CREATE queue_jobs.projects.initialize_or_resume': 'administrator',
  'CREATE stripe.subscriptions': 'owner',
};

const rank = (role: MemberRole) => MEMBER_ROLES.length - MEMBER_ROLES.indexOf(role);

/** Whether a member with `role` may take `action` on `resource` (spec A6). No role (not a member): never. */
export function can(role: MemberRole | null | undefined, action: PermissionAction, resource: PermissionResource): boolean {
  const least = LEAST_ROLE[`${action} ${resource}`];
  if (!role || !least) return false;
  return rank(role) >= rank(least);
}

/** The spec's texts for refused actions. spec A6 */
export const PERMISSION_MESSAGES = {
  deleteProject: 'You need additional permissions to delete this project',
  resumeProjectTooltip: 'You need additional permissions to resume this project',
  resumeProjectToast: 'You do not have the required permissions to restore this project',
  amendSubscriptions: 'You need additional permissions to amend subscriptions',
} as const;
