// Plain selectors of the backup download actor.
import type { SnapshotFrom } from 'xstate';
import type { BackupDownloadMachine } from './backup-download.machine.ts';

export type BackupDownloadSnapshot = SnapshotFrom<BackupDownloadMachine>;

export const selectIsDownloading = (s: BackupDownloadSnapshot): boolean => s.hasTag('busy');
export const selectDownloadError = (s: BackupDownloadSnapshot): string | null => (s.matches({ idle: 'failed' }) ? s.context.error : null);
export const selectBackupId = (s: BackupDownloadSnapshot) => s.context.backupId;
