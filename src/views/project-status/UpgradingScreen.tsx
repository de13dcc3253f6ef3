import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import { selectIsFailed, selectIsUpgraded, selectProgress, selectUpgrade } from '../../../machines/database-upgrade.selectors.ts';
import { selectStatus } from '../../../machines/project-status.selectors.ts';
import { databaseUpgradeWithPlatform } from '../../actors/database-upgrade.ts';
import type { Project } from '../../api/types.ts';
import {
  FULL_BACKUP_LABEL,
  UPGRADE_STEPS,
  isPerformingFullBackup,
  scrollStep,
  stepLabel,
  stepStates,
  upgradeFailureSupport,
  upgradedMessage,
  type StepState,
} from '../../domain/database-upgrade.ts';
import { formatUtc, parseTimestamp } from '../../domain/format.ts';
import { Button } from '../../ui/Button.tsx';
import { TimestampTooltip } from '../../ui/TimestampTooltip.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { StatusCard, SupportLinkButton } from './StatusCard.tsx';
import * as css from './StatusScreens.css.ts';
import { devInspect } from '../../dev/live-inspect.ts';

/** Upgrading (UPGRADING): the eight steps of spec A4.2, completion and failure (spec A2.8); ?trackingId picks the upgrade. */
export function UpgradingScreen({ project, trackingId }: { project: Project; trackingId?: string }) {
  const statusActor = useProjectStatusActor();
  const projectStatus = useSelector(statusActor, selectStatus);
  const router = useRouter();
  // spec A4.2: on Upgraded the eligibility data is re-read: every loader but the project's own (the project stays
  // UPGRADING on this screen until 'Return to project').
  const logic = useMemo(
    () => databaseUpgradeWithPlatform(() => router.invalidate({ filter: (match) => match.routeId !== '/_app/project/$ref' })),
    [router],
  );
  const upgradeActor = useActorRef(logic, { input: { ref: project.ref, trackingId: trackingId ?? null, projectStatus }, inspect: devInspect });
  // Forward the project's status: the upgrade status is read while the project is UPGRADING (spec A4.2).
  useEffect(() => {
    upgradeActor.send({ type: 'project.status', status: projectStatus });
  }, [upgradeActor, projectStatus]);

  const upgrade = useSelector(upgradeActor, selectUpgrade);
  const progress = useSelector(upgradeActor, selectProgress);
  const upgraded = useSelector(upgradeActor, selectIsUpgraded);
  const failed = useSelector(upgradeActor, selectIsFailed);
  const returnToProject = () => statusActor.send({ type: 'project.return' });

  if (upgraded && upgrade) {
    return (
      <StatusCard
        testId="status-upgraded"
        tone="done"
        title="Upgrade completed!"
        footer={
          <Button variant="primary" size="tiny" onPress={returnToProject}>
            Return to project
          </Button>
        }
      >
        <p className={css.text}>{upgradedMessage(upgrade.target_version)}</p>
      </StatusCard>
    );
  }
  if (failed && upgrade) {
    return (
      <StatusCard
        testId="status-upgrade-failed"
        tone="failed"
        title="We ran into an issue while upgrading your project"
        footer={
          <>
            <SupportLinkButton request={upgradeFailureSupport(project.ref, upgrade)} />
            <Button variant="default" size="tiny" onPress={returnToProject}>
              Return to project
            </Button>
          </>
        }
      >
        <p className={css.text}>
          Your project is back online and its data is not affected. Please reach out to us via support for assistance with
          the upgrade.
        </p>
        <StartedOn at={upgrade.initiated_at} />
      </StatusCard>
    );
  }
  const states = stepStates(progress);
  return (
    <StatusCard testId="status-upgrading" title={`Upgrading ${project.name}`}>
      <p className={css.text}>
        Your project is being upgraded to Postgres {upgrade?.target_version ?? 'its new version'}. It is offline until the
        upgrade is done.
      </p>
      <div className={css.stepsWindow}>
        <ol
          className={css.steps}
          aria-label="Upgrade progress"
          style={{ transform: `translateY(-${scrollStep(progress) * css.STEP_HEIGHT}px)` }}
        >
          {UPGRADE_STEPS.map((step, index) => (
            <Step key={step.key} label={stepLabel(step, states[index]!)} state={states[index]!} />
          ))}
          {isPerformingFullBackup(progress) && <Step label={FULL_BACKUP_LABEL} state="inProgress" />}
        </ol>
      </div>
      {upgrade && <StartedOn at={upgrade.initiated_at} />}
    </StatusCard>
  );
}

function Step({ label, state }: { label: string; state: StepState }) {
  const dot = state === 'done' ? css.doneDot : state === 'inProgress' ? css.pulseDot : css.pendingDot;
  const text = state === 'done' ? css.stepDone : state === 'inProgress' ? css.stepActive : css.stepPending;
  return (
    <li className={`${css.step} ${text}`} data-state={state} aria-current={state === 'inProgress' ? 'step' : undefined}>
      <span className={dot} aria-hidden />
      {label}
    </li>
  );
}

/** spec A2.8: 'Started on: {date} (UTC)' with the local time in a tooltip. */
function StartedOn({ at }: { at: string }) {
  const date = parseTimestamp(at);
  if (!date) return null;
  return (
    <p className={css.text}>
      <TimestampTooltip value={date}>Started on: {formatUtc(date)} (UTC)</TimestampTooltip>
    </p>
  );
}
