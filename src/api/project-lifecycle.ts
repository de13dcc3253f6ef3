// Endpoints of the project lifecycle: pause, restore, restart, resize, upgrade, delete, backups and the storage
// archive (spec A7 "Project lifecycle"; the local platform's contract in issue 5).
import type { MemberRole } from './schemas/platformFields.ts';
import { api } from './client.ts';
import type { AvailableVersion } from '../domain/postgres-versions.ts';
import type { ExitSurvey } from '../domain/project-lifecycle.ts';

const project = (ref: string) => `platform/projects/${encodeURIComponent(ref)}`;
const database = (ref: string) => `platform/database/${encodeURIComponent(ref)}`;
const v1Project = (ref: string) => `v1/projects/${encodeURIComponent(ref)}`;

// ─── shapes (spec A3) ────────────────────────────────────────────────────────────────────────────────────────────

export interface PauseStatus {
  can_restore: boolean;
  remaining_days_till_restore_disabled: number | null;
  max_days_till_restore_disabled: number | null;
  latest_downloadable_backup_id: number | string | null;
}

export interface DownloadableBackup {
  id: number | string;
  isPhysicalBackup: boolean;
  inserted_at: string;
  size_bytes?: number;
  kind?: string;
}

export interface DownloadableBackups {
  status: string;
  backups: DownloadableBackup[];
}

export interface MemberAtFreeLimit {
  username: string;
  primary_email: string;
  free_project_limit: number;
}

export interface OrganizationPermission {
  organization_id: number | string;
  organization_slug: string;
  role: MemberRole;
}

export interface UpgradeTargetVersion {
  postgres_version: string;
  release_channel: string;
  app_version: string;
}

export interface UpgradeEligibility {
  eligible: boolean;
  current_app_version: string;
  latest_app_version: string;
  target_upgrade_versions: UpgradeTargetVersion[];
  duration_estimate_hours?: number;
  legacy_auth_custom_roles?: string[];
  objects_to_be_dropped?: string[];
  unsupported_extensions?: string[];
}

export interface StatusReply {
  status: string;
}

// ─── calls ───────────────────────────────────────────────────────────────────────────────────────────────────────

export const fetchPermissions = () => api.get('platform/profile/permissions').json<OrganizationPermission[]>();

export const pauseProject = (ref: string) => api.post(`${project(ref)}/pause`).json<StatusReply>();

export const fetchPauseStatus = (ref: string) => api.get(`${project(ref)}/pause/status`).json<PauseStatus>();

export const fetchRestoreVersions = (ref: string) =>
  api.get(`${project(ref)}/restore/versions`).json<{ available_versions: AvailableVersion[] }>();

export const restoreProject = (ref: string, body: { postgres_engine?: string; release_channel?: string }) =>
  api.post(`${project(ref)}/restore`, { json: body }).json<StatusReply>();

export const restartProject = (ref: string) => api.post(`${project(ref)}/restart`).json<StatusReply>();

export const resizeProject = (ref: string, computeSize: string) =>
  api.post(`${project(ref)}/resize`, { json: { compute_size: computeSize } }).json<StatusReply>();

export const deleteProject = (ref: string) => api.delete(project(ref)).json<unknown>();

/** PATCH /platform/projects/{ref} {name}: administrators and owners rename a project. */
export const renameProject = (ref: string, name: string) => api.patch(project(ref), { json: { name } }).json<{ name: string }>();

export const sendExitSurvey = (survey: ExitSurvey) => api.post('platform/feedback/downgrade', { json: survey }).json<unknown>();

export const fetchMembersAtFreeLimit = (slug: string) =>
  api.get(`platform/organizations/${encodeURIComponent(slug)}/members/reached-free-project-limit`).json<MemberAtFreeLimit[]>();

export const fetchDownloadableBackups = (ref: string) =>
  api.get(`${database(ref)}/backups/downloadable-backups`).json<DownloadableBackups>();

export const createBackup = (ref: string) => api.post(`${database(ref)}/backups`).json<DownloadableBackup>();

export const downloadBackup = (ref: string, id: number | string) =>
  api.post(`${database(ref)}/backups/download`, { json: { id } }).json<{ fileUrl: string }>();

export const createStorageArchive = (ref: string) =>
  api.post(`platform/storage/${encodeURIComponent(ref)}/archive`).json<unknown>();

export const fetchStorageArchive = (ref: string) =>
  api.get(`platform/storage/${encodeURIComponent(ref)}/archive`).json<{ fileUrl?: string | null }>();

export const fetchUpgradeEligibility = (ref: string) => api.get(`${v1Project(ref)}/upgrade/eligibility`).json<UpgradeEligibility>();

export const startUpgrade = (ref: string, body: { target_version: string; release_channel?: string }) =>
  api.post(`${v1Project(ref)}/upgrade`, { json: body }).json<{ tracking_id: string }>();
