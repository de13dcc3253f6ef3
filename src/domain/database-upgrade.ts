// Database upgrade progress (spec A4.2): eight steps, then the full backup of CompletedUpgrade.

/** The upgrade status the platform reports (spec A3, A7; the contract's GET /v1/projects/{ref}/upgrade/status). */
export type UpgradeState = 'Upgrading' | 'Upgraded' | 'Failed';
export interface DatabaseUpgradeStatus {
  tracking_id?: string;
  initiated_at: string;
  latest_status_at?: string;
  target_version: string | number;
  status: UpgradeState;
  progress?: string | null;
  error?: string | null;
}

export interface UpgradeStep {
  key: string;
  /** The progress value the platform reports once this step is done (the contract's values). */
  progress: string;
  initial: string;
  inProgress: string;
  completed: string;
}

/** The eight steps of spec A4.2, in order, with their progress values and labels. */
export const UPGRADE_STEPS: readonly UpgradeStep[] = [
  { key: 'Started', progress: '1_started', initial: 'Prepare new server', inProgress: 'Preparing new server', completed: 'Prepared new server' },
  {
    key: 'LaunchedUpgradedInstance',
    progress: '2_launched_upgraded_instance',
    initial: 'Prepare for migration',
    inProgress: 'Preparing for migration',
    completed: 'Prepared for migration',
  },
  {
    key: 'DetachedVolumeFromUpgradedInstance',
    progress: '3_detached_volume_from_upgraded_instance',
    initial: 'Run pre-upgrade checks',
    inProgress: 'Running pre-upgrade checks',
    completed: 'Completed pre-upgrade checks',
  },
  {
    key: 'AttachedVolumeToOriginalInstance',
    progress: '4_attached_volume_to_original_instance',
    initial: 'Shut down API services',
    inProgress: 'Shutting down API services',
    completed: 'Shut down API services',
  },
  {
    key: 'InitiatedDataUpgrade',
    progress: '5_initiated_data_upgrade',
    initial: 'Migrate to new database',
    inProgress: 'Migrating to new database',
    completed: 'Migrated to new database',
  },
  {
    key: 'CompletedDataUpgrade',
    progress: '6_completed_data_upgrade',
    initial: 'Execute database migration',
    inProgress: 'Executing database migration',
    completed: 'Executed database migration',
  },
  {
    key: 'DetachedVolumeFromOriginalInstance',
    progress: '7_detached_volume_from_original_instance',
    initial: 'Update extensions',
    inProgress: 'Updating extensions',
    completed: 'Updated extensions',
  },
  {
    key: 'AttachedVolumeToUpgradedInstance',
    progress: '8_attached_volume_to_upgraded_instance',
    initial: 'Optimize database',
    inProgress: 'Optimizing database',
    completed: 'Optimized database',
  },
];

/** The progress before any step (the upgrade was requested) and after the last (the full backup is done). */
export const REQUESTED_PROGRESS = '0_requested';
export const COMPLETED_UPGRADE = { key: 'CompletedUpgrade', progress: '9_completed_upgrade' } as const;
/** spec A2.8: shown once the eight steps are done, while the full backup runs. */
export const FULL_BACKUP_LABEL = 'Performing a full backup';
/** spec A4.2: the list scrolls with the current step, but no further than step 5. */
export const UPGRADE_SCROLL_CAP = 5;

/** How many steps are done for a progress value ('3_…' → 3); unknown or missing values count as none. */
export function completedSteps(progress: string | null | undefined): number {
  const match = /^(\d+)_/.exec(progress ?? '');
  if (!match) return 0;
  return Math.min(Number(match[1]), UPGRADE_STEPS.length + 1);
}

export type StepState = 'done' | 'inProgress' | 'pending';

/** Each step's state for a progress value: the steps already reported are done, the next one is under way. */
export function stepStates(progress: string | null | undefined): StepState[] {
  const done = completedSteps(progress);
  return UPGRADE_STEPS.map((_, index) => (index < done ? 'done' : index === done ? 'inProgress' : 'pending'));
}

/** The label a step shows in its state. */
export function stepLabel(step: UpgradeStep, state: StepState): string {
  return state === 'done' ? step.completed : state === 'inProgress' ? step.inProgress : step.initial;
}

/** True once all eight steps are done and only the full backup of CompletedUpgrade remains (or is done). */
export function isPerformingFullBackup(progress: string | null | undefined): boolean {
  return completedSteps(progress) >= UPGRADE_STEPS.length;
}

/** The step the list scrolls to: the current one, capped at step 5 (0-based index of the first visible row). */
export function scrollStep(progress: string | null | undefined): number {
  return Math.min(completedSteps(progress), UPGRADE_SCROLL_CAP);
}

/** spec A2.8: the upgrade completion text. */
export const upgradedMessage = (targetVersion: string | number) => `Your project has been upgraded to Postgres ${targetVersion}`;

/** spec A2.8: the failure screen's support request, prefilled with the initiated-at time, target version and error. */
export function upgradeFailureSupport(ref: string, upgrade: Pick<DatabaseUpgradeStatus, 'initiated_at' | 'target_version' | 'error'>) {
  return {
    category: 'DATABASE_UNRESPONSIVE',
    projectRef: ref,
    subject: 'Upgrade failed for project',
    message: [
      `Upgrade initiated at: ${upgrade.initiated_at}`,
      `Target version: ${upgrade.target_version}`,
      `Error: ${upgrade.error ?? 'unknown'}`,
    ].join('\n'),
    error: upgrade.error ?? undefined,
  };
}
