// A button that downloads a project's database backup — the newest downloadable one, or `backupId` (spec A2.8
// 'Download backup', A2.9, A4.3; toasts of A8).
import { useActorRef, useSelector } from '@xstate/react';
import { selectIsDownloading } from '../../../machines/backup-download.selectors.ts';
import { backupDownloadWithPlatform } from '../../actors/project-lifecycle.ts';
import { Button } from '../../ui/Button.tsx';
import { useLifecycleNotices } from './useLifecycleNotices.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export interface DownloadBackupButtonProps {
  projectRef: string;
  label: string;
  variant?: 'primary' | 'secondary';
  /** A given backup (a row of the backups page); without it the newest downloadable one. */
  backupId?: number | string;
  isDisabled?: boolean;
  'aria-label'?: string;
}

export function DownloadBackupButton({ projectRef, label, variant = 'secondary', backupId, isDisabled, ...rest }: DownloadBackupButtonProps) {
  const actor = useActorRef(backupDownloadWithPlatform, { input: { ref: projectRef }, inspect: devInspect });
  useLifecycleNotices(actor);
  const busy = useSelector(actor, selectIsDownloading);
  return (
    <Button
      variant={variant === 'primary' ? 'primary' : 'default'}
      size="tiny"
      isPending={busy}
      isDisabled={isDisabled || busy}
      aria-label={rest['aria-label']}
      onPress={() => actor.send({ type: 'download.start', backupId: backupId ?? null })}
    >
      {label}
    </Button>
  );
}
