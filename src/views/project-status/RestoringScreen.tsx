import { useSelector } from '@xstate/react';
import { selectRestorationComplete } from '../../../machines/project-status.selectors.ts';
import type { Project } from '../../api/types.ts';
import { STATUS_SUPPORT } from '../../domain/project-screens.ts';
import { Button } from '../../ui/Button.tsx';
import { DownloadBackupButton } from '../shared/DownloadBackupButton.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { StatusCard, SupportLinkButton } from './StatusCard.tsx';
import * as css from './StatusScreens.css.ts';

/** Restoring (RESTORING), then 'Restoration complete!' until the user returns to the project; spec A2.8, A4.1. */
export function RestoringScreen({ project }: { project: Project }) {
  const actor = useProjectStatusActor();
  const complete = useSelector(actor, selectRestorationComplete);
  if (complete) {
    return (
      <StatusCard
        testId="status-restored"
        tone="done"
        title="Restoration complete!"
        footer={
          <Button variant="primary" size="tiny" onPress={() => actor.send({ type: 'project.return' })}>
            Return to project
          </Button>
        }
      >
        <p className={css.text}>
          <span className={css.strong}>{project.name}</span> has been restored and is back online.
        </p>
      </StatusCard>
    );
  }
  return (
    <StatusCard
      testId="status-restoring"
      title="Restoration in progress"
      footer={
        <>
          <SupportLinkButton request={{ category: STATUS_SUPPORT.category, projectRef: project.ref, subject: STATUS_SUPPORT.restoringSubject }} />
          {/* P's button downloads the newest downloadable backup and refuses physical ones (spec A8 toast). */}
          <DownloadBackupButton projectRef={project.ref} label="Download latest backup" variant="secondary" />
        </>
      }
    >
      <p className={css.text}>
        <span className={css.strong}>{project.name}</span> is being restored. This may take a few minutes depending on the
        size of your database; this page updates by itself.
      </p>
    </StatusCard>
  );
}
