import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { Project } from '../../api/types.ts';
import { STATUS_SUPPORT } from '../../domain/project-screens.ts';
import { Button } from '../../ui/Button.tsx';
import { Menu, MenuItem, MenuTrigger } from '../../ui/Menu.tsx';
import { DeleteProjectModal } from '../shared/DeleteProjectModal.tsx';
import { DownloadBackupButton } from '../shared/DownloadBackupButton.tsx';
import { StatusCard, SupportLinkButton } from './StatusCard.tsx';
import * as css from './StatusScreens.css.ts';

/** Pause failed (PAUSE_FAILED), spec A2.8. */
export function PauseFailedScreen({ project }: { project: Project }) {
  return <OperationFailed project={project} operation="pausing" subject={STATUS_SUPPORT.pauseFailedSubject} />;
}

/** Restore failed (RESTORE_FAILED), spec A2.8. */
export function RestoreFailedScreen({ project }: { project: Project }) {
  return <OperationFailed project={project} operation="restoring" subject={STATUS_SUPPORT.restoreFailedSubject} />;
}

function OperationFailed({ project, operation, subject }: { project: Project; operation: 'pausing' | 'restoring'; subject: string }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <StatusCard
        testId={operation === 'pausing' ? 'status-pause-failed' : 'status-restore-failed'}
        tone="failed"
        title={`Something went wrong while ${operation} your project`}
        footer={
          <>
            <SupportLinkButton request={{ category: STATUS_SUPPORT.category, projectRef: project.ref, subject }} />
            <DownloadBackupButton projectRef={project.ref} label="Download backup" variant="secondary" />
            <span className={css.spacer} />
            <MenuTrigger>
              <Button variant="ghost" size="tiny" aria-label="More actions">
                More
              </Button>
              <Menu aria-label="More actions" placement="bottom end" onAction={(key) => key === 'delete' && setDeleting(true)}>
                <MenuItem id="delete" isDestructive description="Project cannot be restored once it is deleted">
                  Delete project
                </MenuItem>
              </Menu>
            </MenuTrigger>
          </>
        }
      >
        <p className={css.text}>
          Your project's data is intact, but <span className={css.strong}>{project.name}</span> cannot be reached until this is
          resolved. Please contact support so we can look into it. Meanwhile you can download a backup of your database,
          here or from the{' '}
          <Link to="/project/$ref/database/backups/scheduled" params={{ ref: project.ref }} className={css.link}>
            backups page
          </Link>
          .
        </p>
      </StatusCard>
      <DeleteProjectModal project={project} isOpen={deleting} onOpenChange={setDeleting} />
    </>
  );
}
