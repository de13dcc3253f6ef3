// Request schemas and shared constants of the project lifecycle calls (spec A4.1–A4.3, A7 "Project lifecycle"):
// pause, restore, restart, resize, upgrade, backups, storage archive, exit survey, developer switches.
// Plain zod, no node imports: the console may import these too.
import { z } from 'zod';
import { COMPUTE_SIZES } from '../../domain/compute-size-ids.ts';
import { orgSlugSchema, projectRefSchema, storableString } from './platformFields.ts';

export { COMPUTE_SIZES, type ComputeSize } from '../../domain/compute-size-ids.ts';

// spec A4.2: upgrade progress values, in order (0 = requested; 9 = completed, then the full backup).
export const UPGRADE_PROGRESS = [
  '0_requested',
  '1_started',
  '2_launched_upgraded_instance',
  '3_detached_volume_from_upgraded_instance',
  '4_attached_volume_to_original_instance',
  '5_initiated_data_upgrade',
  '6_completed_data_upgrade',
  '7_detached_volume_from_original_instance',
  '8_attached_volume_to_upgraded_instance',
  '9_completed_upgrade',
] as const;
export type UpgradeProgress = (typeof UPGRADE_PROGRESS)[number];

/** spec A3 "Database upgrade status".status */
export const UPGRADE_STATUSES = ['Upgrading', 'Upgraded', 'Failed'] as const;
export type UpgradeStatus = (typeof UPGRADE_STATUSES)[number];

/** spec C9: free projects cannot be restored from the dashboard after this many days. */
export const MAX_DAYS_TILL_RESTORE_DISABLED = 90;

/** Kinds of backup files the platform keeps. */
export const BACKUP_KINDS = ['pause', 'upgrade', 'manual'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

const shortText = storableString(64).trim().min(1);

// spec A7: POST /platform/projects/{ref}/restore {postgres_engine, release_channel} (both optional).
export const restoreBody = z
  .object({ postgres_engine: shortText.optional(), release_channel: shortText.optional() })
  .optional()
  .transform((body) => body ?? {});
export type RestoreBody = z.infer<typeof restoreBody>;

export const resizeBody = z.object({ compute_size: z.enum(COMPUTE_SIZES) });
export type ResizeBody = z.infer<typeof resizeBody>;

// target_version: the major ('15'), the version ('15.8') or the prefixed app version ('strata-postgres-15.8').
export const upgradeBody = z.object({ target_version: z.union([shortText, z.number().transform(String)]), release_channel: shortText.optional() });
export type UpgradeBody = z.infer<typeof upgradeBody>;

export const upgradeStatusQuery = z.object({
  tracking_id: z.preprocess((value) => (value === '' ? undefined : value), z.uuid({ error: 'must be a tracking id' }).optional()),
});

// Backup ids are integers; a numeric string is accepted too (they travel through URLs and selects).
export const backupIdSchema = z.union([
  z.number().int().positive().max(2 ** 31 - 1),
  z
    .string()
    .regex(/^\d{1,10}$/, { error: 'must be a backup id' })
    .transform(Number)
    .refine((id) => id > 0 && id < 2 ** 31, { error: 'must be a backup id' }),
]);
export const downloadBackupBody = z.object({ id: backupIdSchema });

// spec A3 "Exit survey": projectRef, orgSlug, reasons ('- reason' per line), additionalFeedback, exitAction.
export const downgradeFeedbackBody = z.object({
  projectRef: projectRefSchema.optional(),
  orgSlug: orgSlugSchema.optional(),
  reasons: storableString(4000),
  additionalFeedback: storableString(10_000).optional().default(''),
  exitAction: storableString(32).trim().min(1),
});
export type DowngradeFeedbackBody = z.infer<typeof downgradeFeedbackBody>;

/** Operations the developer switch can make fail (their next run ends failed, data intact). */
export const FAILABLE_OPERATIONS = ['pause', 'restore', 'upgrade'] as const;

export const devSwitchBody = z
  .object({
    fail_next: z.enum(FAILABLE_OPERATIONS).nullable().optional(),
    // Makes the project look older (e.g. 'strata-postgres-15.1') so an upgrade becomes available.
    db_version: storableString(64).trim().min(1).optional(),
    // Moves the pause date (ISO time) so the 90-day restore window can be tested.
    paused_at: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).nullable().optional(),
    // A smaller disk in bytes (null: the real size), so a test can fill it and see the resource banner (spec A2.12).
    disk_size_bytes: z.number().int().positive().max(2 ** 50).nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'must set at least one of fail_next, db_version, paused_at, disk_size_bytes',
  });
export type DevSwitchBody = z.infer<typeof devSwitchBody>;

// Response shapes (the console's api modules read these).
export interface PauseStatus {
  can_restore: boolean;
  remaining_days_till_restore_disabled: number | null;
  max_days_till_restore_disabled: number;
  latest_downloadable_backup_id: number | null;
}

export interface DownloadableBackup {
  id: number;
  isPhysicalBackup: false;
  inserted_at: string;
  size_bytes: number;
  kind: BackupKind;
}

export interface DatabaseUpgradeStatus {
  tracking_id: string;
  initiated_at: string;
  latest_status_at: string;
  target_version: string;
  status: UpgradeStatus;
  progress: UpgradeProgress;
  error: string | null;
}
