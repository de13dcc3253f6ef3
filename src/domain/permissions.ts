// spec A6 "Roles and permissions": which member role may take which action on which resource. Shared by the
// console (to disable controls with the spec's tooltips) and the platform (to refuse the call).
import type { MemberRole } from './shared-constants.ts';
import { MEMBER_ROLES } from './shared-constants.ts';

export type PermissionAction = 'READ' | 'UPDATE' | 'INFRA_EXECUTE' | 'BILLING_WRITE' | 'CREATE' | 'DELETE';
export type PermissionResource =
  | 'service_api_keys'
  | 'projects'
  | 'queue_jobs.projects.initialize_or_resume'
  | 'stripe.subscriptions'
  | 'preview_branches'
  | 'storage.buckets'
  | 'storage.objects'
  | 'storage.config';

/** The least role that may take the action; anything not listed is refused. */
const LEAST_ROLE: Readonly<Partial<Record<`${PermissionAction} ${PermissionResource}`, MemberRole>>> = {
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
  'INFRA_EXECUTE projects': 'administrator',
  'INFRA_EXECUTE preview_branches': 'developer',
  'CREATE service_api_keys': 'administrator',
  'CREATE projects': 'administrator',
  'CREATE queue_jobs.projects.initialize_or_resume': 'administrator',
  'CREATE stripe.subscriptions': 'owner',
  // Storage (issue 14 item 4): read_only members browse and download, developers and up write — the platform
  // refuses the same writes (server/storage/platformRoutes.ts WRITE_ROLE; uploads need a service_role key it does
  // not give to read_only members).
  'READ storage.buckets': 'read_only',
  'READ storage.objects': 'read_only',
  'READ storage.config': 'read_only',
  'CREATE storage.buckets': 'developer',
  'UPDATE storage.buckets': 'developer',
  'DELETE storage.buckets': 'developer',
  'CREATE storage.objects': 'developer',
  'UPDATE storage.objects': 'developer',
  'DELETE storage.objects': 'developer',
  'UPDATE storage.config': 'developer',
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

/** Every write the storage explorer and its settings page offer (issue 14 item 4). */
export const STORAGE_WRITES = [
  'createBucket',
  'editBucket',
  'deleteBucket',
  'createFolder',
  'upload',
  'rename',
  'move',
  'delete',
  'saveSettings',
] as const;
export type StorageWrite = (typeof STORAGE_WRITES)[number];

export const STORAGE_WRITE_PERMISSIONS: Readonly<Record<StorageWrite, { action: PermissionAction; resource: PermissionResource }>> = {
  createBucket: { action: 'CREATE', resource: 'storage.buckets' },
  editBucket: { action: 'UPDATE', resource: 'storage.buckets' },
  // Deleting a bucket empties it first.
  deleteBucket: { action: 'DELETE', resource: 'storage.buckets' },
  createFolder: { action: 'CREATE', resource: 'storage.objects' },
  upload: { action: 'CREATE', resource: 'storage.objects' },
  rename: { action: 'UPDATE', resource: 'storage.objects' },
  move: { action: 'UPDATE', resource: 'storage.objects' },
  delete: { action: 'DELETE', resource: 'storage.objects' },
  saveSettings: { action: 'UPDATE', resource: 'storage.config' },
};

export function canWriteStorage(role: MemberRole | null | undefined, write: StorageWrite): boolean {
  const { action, resource } = STORAGE_WRITE_PERMISSIONS[write];
  return can(role, action, resource);
}

// The spec has no storage-specific texts: these follow its pattern for refused actions (A6, B6: 'You need
// additional permissions to …'); the settings text is the platform's own 403 message.
const STORAGE_REFUSED: Readonly<Record<StorageWrite, string>> = {
  createBucket: 'create buckets',
  editBucket: 'edit buckets',
  deleteBucket: 'delete buckets',
  createFolder: 'create folders',
  upload: 'upload files',
  rename: 'rename files and folders',
  move: 'move files',
  delete: 'delete files and folders',
  saveSettings: 'change storage settings',
};

/** The tooltip of a storage write the member may not take. */
export const storageWriteRefused = (write: StorageWrite): string => `You need additional permissions to ${STORAGE_REFUSED[write]}`;
