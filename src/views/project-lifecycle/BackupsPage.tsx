// Database → Backups → Scheduled (spec A7 backups calls): the project's downloadable backups (kind, time, size),
// 'Create backup', and a download per row (toasts of A8).
import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectRunningKind } from '../../../machines/project-operation.selectors.ts';
import type { DownloadableBackups } from '../../api/project-lifecycle.ts';
import type { Project } from '../../api/types.ts';
import { PHYSICAL_BACKUPS_STATUS } from '../../../machines/backup-download.machine.ts';
import { formatBytes } from '../../domain/format.ts';
import { LIFECYCLE_TEXT } from '../../domain/project-lifecycle.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { TimestampTooltip } from '../../ui/TimestampTooltip.tsx';
import { DownloadBackupButton } from '../shared/DownloadBackupButton.tsx';
import { useProjectOperation } from './OperationConfirmDialog.tsx';
import * as css from '../shared/ProjectLifecycle.css.ts';

export function BackupsPage({ project, backups }: { project: Project; backups: DownloadableBackups }) {
  const router = useRouter();
  // A new backup appears once the route's list is read again.
  const operation = useProjectOperation(project.ref, () => void router.invalidate());
  const creating = useSelector(operation, selectRunningKind) === 'createBackup';
  const physical = backups.status === PHYSICAL_BACKUPS_STATUS;
  const rows = backups.backups.filter((b) => !b.isPhysicalBackup);
  const active = project.status === 'ACTIVE_HEALTHY';

  return (
    <section className={css.page} aria-labelledby="backups-title">
      <div className={css.row}>
        <div className={css.rowText}>
          <h1 id="backups-title" className={css.title}>Scheduled backups</h1>
          <p className={css.subtitle}>
            Backups are plain SQL dumps of the project's database: a backup is taken every time the project is paused or
            upgraded, and whenever you create one here.
          </p>
        </div>
        <Button
          variant="primary"
          size="tiny"
          isPending={creating}
          isDisabled={creating || !active}
          onPress={() => operation.send({ type: 'operation.run', request: { kind: 'createBackup' } })}
        >
          Create backup
        </Button>
      </div>

      {physical ? (
        <div className={css.notice} role="note">{LIFECYCLE_TEXT.noBackupsPhysical}</div>
      ) : rows.length === 0 ? (
        <div className={css.card}>
          <p className={css.text}>No backups yet. Create one now, or pause the project to have one taken.</p>
        </div>
      ) : (
        <table className={css.table} aria-label="Backups" data-testid="backups-table">
          <thead>
            <tr>
              <th className={css.th}>Kind</th>
              <th className={css.th}>Taken</th>
              <th className={css.th}>Size</th>
              <th className={css.th}>Download</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((backup) => (
              <tr key={String(backup.id)} data-testid={`backup-${backup.id}`}>
                <td className={css.td}><Badge variant="outline">{backup.kind ?? 'backup'}</Badge></td>
                <td className={css.td}><TimestampTooltip value={backup.inserted_at} /></td>
                <td className={css.td}>{formatBytes(backup.size_bytes ?? 0)}</td>
                <td className={css.td}>
                  <DownloadBackupButton projectRef={project.ref} backupId={backup.id} label="Download" aria-label={`Download backup ${backup.id}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
