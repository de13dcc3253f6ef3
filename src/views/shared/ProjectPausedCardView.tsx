// The paused-project view (spec A2.9; INACTIVE): pause status read once the card shows (A4.1), then either the
// no-longer-restorable card with the backup and storage downloads, or 'Resume project' with the free-plan or
// paid-plan text and the resume dialog (A6 permission, free-plan member limit).
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import {
  selectIsLoadingPauseStatus,
  selectIsResuming,
  selectMembersExceeded,
  selectPauseStatus,
  selectPauseStatusFailed,
} from '../../../machines/project-resume.selectors.ts';
import { projectResumeWithPlatform } from '../../actors/project-lifecycle.ts';
import type { Organization, Project } from '../../api/types.ts';
import { isEnabled } from '../../domain/navigation/flags.ts';
import { can, PERMISSION_MESSAGES } from '../../domain/permissions.ts';
import {
  DEFAULT_MAX_DAYS_TILL_RESTORE_DISABLED,
  freePlanResumeText,
  isFreePlan,
  LIFECYCLE_TEXT,
  PAID_PLAN_RESUME_TEXT,
  pausedTooLongText,
} from '../../domain/project-lifecycle.ts';
import { upgradeTarget } from '../../domain/upgrade.ts';
import { Button } from '../../ui/Button.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { useFeatureFlags } from './useAppContext.ts';
import { useShellData } from './useShellData.ts';
import { AllowedOr, DisabledReason } from './DisabledReason.tsx';
import { DownloadBackupButton } from './DownloadBackupButton.tsx';
import { MembersExceededDialog } from './MembersExceededDialog.tsx';
import * as css from './ProjectLifecycle.css.ts';
import { ResumeProjectDialog } from './ResumeProjectDialog.tsx';
import { StorageArchiveButton } from './StorageArchiveButton.tsx';
import { useAssumeStatus } from './useAssumeStatus.ts';
import { useLifecycleNotices } from './useLifecycleNotices.ts';
import { useProjectRole } from './useProjectRole.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export function ProjectPausedCard({ project }: { project: Project }) {
  const { organization } = useShellData();
  const flags = useFeatureFlags();
  const role = useProjectRole(project);
  const allowed = can(role, 'INFRA_EXECUTE', 'queue_jobs.projects.initialize_or_resume');
  const free = isFreePlan(organization?.plan.id ?? 'free');
  const offerVersions = isEnabled(flags, 'postgresVersionSelector');
  // The inputs are read once: the card remounts per project (the status layout keys it by ref).
  const [input] = useState(() => ({ ref: project.ref, orgSlug: organization?.slug ?? project.organization_slug ?? '', isFreePlan: free, offerVersions }));
  const actor = useActorRef(projectResumeWithPlatform, { input, inspect: devInspect });
  const assume = useAssumeStatus();
  useLifecycleNotices(actor, { onStatusAssumed: assume });

  const loading = useSelector(actor, selectIsLoadingPauseStatus);
  const failed = useSelector(actor, selectPauseStatusFailed);
  const pauseStatus = useSelector(actor, selectPauseStatus);
  const resuming = useSelector(actor, selectIsResuming);
  const membersExceeded = useSelector(actor, selectMembersExceeded);

  let body;
  if (loading) body = <SkeletonLines lines={3} />;
  else if (failed || !pauseStatus) {
    body = (
      <div role="alert" className={css.alert}>
        <p className={css.text}>{LIFECYCLE_TEXT.pauseStatusFailed}</p>
        <Button size="tiny" variant="default" onPress={() => actor.send({ type: 'pauseStatus.retry' })}>Try again</Button>
      </div>
    );
  } else if (!pauseStatus.can_restore) {
    const maxDays = pauseStatus.max_days_till_restore_disabled ?? DEFAULT_MAX_DAYS_TILL_RESTORE_DISABLED;
    const backupId = pauseStatus.latest_downloadable_backup_id;
    body = (
      <>
        <h2 className={css.cardTitle}>{LIFECYCLE_TEXT.noLongerRestorable}</h2>
        <p className={css.text}>{pausedTooLongText(maxDays)}</p>
        <div className={css.actions}>
          {backupId == null ? (
            <DisabledReason reason={LIFECYCLE_TEXT.noBackupsTooltip} testId="no-backups">
              <Button size="tiny" variant="default" isDisabled>{LIFECYCLE_TEXT.noBackups}</Button>
            </DisabledReason>
          ) : (
            <DownloadBackupButton projectRef={project.ref} backupId={backupId} label="Download backup" />
          )}
          <StorageArchiveButton projectRef={project.ref} />
        </div>
      </>
    );
  } else {
    const remaining = pauseStatus.remaining_days_till_restore_disabled ?? DEFAULT_MAX_DAYS_TILL_RESTORE_DISABLED;
    body = (
      <>
        <p className={css.text}>All of the project's data is intact, but the database and API are offline until it is resumed.</p>
        <p className={css.text}>{free ? freePlanResumeText(remaining, new Date()) : PAID_PLAN_RESUME_TEXT}</p>
        <div className={css.actions}>
          <AllowedOr allowed={allowed} reason={PERMISSION_MESSAGES.resumeProjectTooltip} testId="resume-not-allowed">
            <Button variant="primary" size="tiny" isDisabled={!allowed || resuming} isPending={resuming} onPress={() => actor.send({ type: 'resume.open' })}>
              Resume project
            </Button>
          </AllowedOr>
          {free && organization ? <UpgradeButton organization={organization} /> : null}
        </div>
      </>
    );
  }

  return (
    <div className={css.pausedWrap}>
      <section className={css.pausedCard} aria-labelledby="paused-title" data-testid="project-paused-card">
        <h1 id="paused-title" className={css.title}>The project "{project.name}" is currently paused.</h1>
        {body}
      </section>
      <ResumeProjectDialog actor={actor} projectName={project.name} allowed={allowed} offerVersions={offerVersions} />
      <MembersExceededDialog members={membersExceeded} onClose={() => actor.send({ type: 'membersExceeded.close' })} />
    </div>
  );
}

/** spec A2.9, A6: free projects are never paused on Pro — the upgrade button leads to billing (or support). */
function UpgradeButton({ organization }: { organization: Organization }) {
  const flags = useFeatureFlags();
  const navigate = useNavigate();
  const upgrade = () => {
    const target = upgradeTarget(flags, organization, 'Pro');
    if (target.kind === 'billing') void navigate({ to: target.to, params: target.params, search: target.search });
    else void navigate({ to: target.to, search: target.search });
  };
  return <Button variant="default" size="tiny" onPress={upgrade}>Upgrade to Pro</Button>;
}
