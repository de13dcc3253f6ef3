// Rules and constants of the project lifecycle screens: paused card, resume dialog, delete survey, compute sizes
// (spec A2.9, A4.3, A5, C9, B9). Machines import their delays from here.
import type { PlanId } from './entities.ts';
import { defaultVersionValue, parseVersionValue, sortVersions, versionLabel, versionValue, type AvailableVersion, type VersionChoice } from './postgres-versions.ts';

// ─── delays and limits ───────────────────────────────────────────────────────────────────────────────────────────

/** spec A4.3, C9: a storage archive being created is polled every 5 s until it has a fileUrl. */
export const ARCHIVE_POLL_MS = 5000;
/** spec C9: free projects are not restorable from the dashboard after this many days (the server may say otherwise). */
export const DEFAULT_MAX_DAYS_TILL_RESTORE_DISABLED = 90;
/** spec A8: the server's answer while the archive is still being written. */
export const ARCHIVE_NOT_FOUND = 'Storage archive not found';

// ─── texts (spec A2.9, A5, A8) ───────────────────────────────────────────────────────────────────────────────────

export const LIFECYCLE_TEXT = {
  pauseStatusFailed: 'Failed to retrieve pause status',
  noLongerRestorable: 'Project can no longer be restored through the dashboard',
  noBackups: 'No backups available for download',
  noBackupsTooltip: 'No backups available, please reach out via support for assistance',
  noBackupsPhysical: 'No available backups to download as project is on physical backups',
  fetchingBackup: 'Fetching database backup',
  downloadingBackup: 'Downloading database backup',
  retrievingArchive: 'Retrieving storage archive. This may take a few minutes depending on the size of your storage objects.',
  downloadingArchive: 'Downloading storage objects',
  restoring: 'Restoring project',
  membersExceededTitle: 'Members exceeded free project limit',
  reasonRequired: 'Please select a reason for deleting your project',
} as const;

export const failureText = {
  restore: (msg: string) => `Failed to restore project: ${msg}`,
  delete: (msg: string) => `Failed to delete project: ${msg}`,
  surveyFailed: (msg: string) => `Failed to submit exit survey: ${msg}`,
  downloadBackup: (msg: string) => `Failed to download backup: ${msg}`,
  createArchive: (msg: string) => `Failed to create storage archive: ${msg}`,
} as const;

// The message of a failure, as toasts show it after 'Failed to …: ' (one helper for views, actors and machines).
export { errorMessage } from './errors.ts';

/** 'N day' or 'N days'. */
export const dayCount = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;

/** '23 February 2027': the date a free project stops being resumable, `days` from `now`. */
export function restoreDeadline(days: number, now: Date): string {
  const date = new Date(now.getTime() + Math.max(0, days) * 86_400_000);
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** spec A2.9 free-plan text: resumable within N day(s), until a date; afterwards data stays downloadable. */
export function freePlanResumeText(remainingDays: number, now: Date): string {
  return (
    `Free projects can be resumed within ${dayCount(remainingDays)} of being paused, until ${restoreDeadline(remainingDays, now)}. ` +
    'After that the project can no longer be resumed, but its data stays available for download.'
  );
}

/** spec A2.9 paid-plan text. */
export const PAID_PLAN_RESUME_TEXT =
  'Once resumed, billing for this project starts again, charged by its compute size and the hours it is active.';

/** spec A2.9: the can_restore false card states how long the project has been paused. */
export const pausedTooLongText = (maxDays: number): string =>
  `This project has been paused for over ${dayCount(maxDays)} and can no longer be resumed. Its database backup and storage objects can still be downloaded.`;

export const isFreePlan = (plan: PlanId | string | null | undefined): boolean => plan === 'free';

// ─── exit survey (spec A2.9, A3, C9) ─────────────────────────────────────────────────────────────────────────────

/** spec C9: the ten reasons, shown shuffled. */
export const EXIT_SURVEY_REASONS = [
  'Just exploring or a hobby project',
  'Unsatisfied with support',
  'Missing a feature I need',
  'Difficult to use',
  'Performance or reliability issues',
  'The project was cancelled',
  'Too expensive',
  'Unpredictable pricing',
  'Company closed or acquired',
  'Lost trust in the platform',
] as const;
/** spec C9: always the last choice. */
export const NONE_OF_THE_ABOVE = 'None of the above';

/** The reasons in a random order (Fisher–Yates over `random`), 'None of the above' last. */
export function shuffledExitReasons(random: () => number = Math.random): string[] {
  const reasons: string[] = [...EXIT_SURVEY_REASONS];
  for (let i = reasons.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [reasons[i], reasons[j]] = [reasons[j]!, reasons[i]!];
  }
  return [...reasons, NONE_OF_THE_ABOVE];
}

/** spec A3 exit survey: one '- reason' per line. */
export const reasonsText = (reasons: readonly string[]): string => reasons.map((reason) => `- ${reason}`).join('\n');

export interface ExitSurvey {
  projectRef?: string;
  orgSlug?: string;
  reasons: string;
  additionalFeedback: string;
  exitAction: 'delete';
}

export function exitSurvey(input: { projectRef: string; orgSlug?: string; reasons: readonly string[]; feedback: string }): ExitSurvey {
  return {
    projectRef: input.projectRef,
    ...(input.orgSlug ? { orgSlug: input.orgSlug } : {}),
    reasons: reasonsText(input.reasons),
    additionalFeedback: input.feedback,
    exitAction: 'delete',
  };
}

/** spec A2.9: after deleting, the last visited organization, else /organizations. */
export const afterDeleteHref = (lastVisitedOrg: string | undefined): string =>
  lastVisitedOrg ? `/org/${lastVisitedOrg}` : '/organizations';

// ─── Postgres version in the resume dialog (spec A2.9, A3, A5) ───────────────────────────────────────────────────

export interface VersionOption {
  id: string;
  label: string;
}

/** Descending, ga first among equals, value engine|channel. */
export const resumeVersionOptions = (versions: readonly AvailableVersion[]): VersionOption[] =>
  sortVersions(versions).map((version) => ({ id: versionValue(version), label: versionLabel(version) }));

/** The ga version by default; '' (no choice: the platform picks) when none is offered. spec A5 */
export const defaultResumeVersion = (versions: readonly AvailableVersion[]): string => defaultVersionValue(versions);

/** The restore body: {postgres_engine, release_channel} from an engine|channel value, or {} for none. */
export function restoreBody(value: string): Partial<VersionChoice> {
  return parseVersionValue(value) ?? {};
}

// ─── compute sizes (spec B9): in their own module, which the project home reads without the lifecycle screens' rules
export {
  COMPUTE_SIZES,
  DEFAULT_COMPUTE_SIZE,
  LIMITED_CLOUD_PROVIDER,
  computeSizeById,
  formatCpu,
  formatHourly,
  formatMonthly,
  formatRam,
  isComputeSizeAvailable,
  type ComputeSize,
} from './compute-sizes.ts';

// ─── what the lifecycle machines tell their views (emitted events; the views toast and download) ────────────────

export type LifecycleNotice =
  | { type: 'notice.toast'; kind: 'info' | 'error' | 'success'; message: string }
  | { type: 'notice.download'; url: string }
  | { type: 'notice.log'; message: string }
  /** An operation was accepted: the project-status actor should assume this status (contract: status.assumed). */
  | { type: 'notice.statusAssumed'; status: AssumedStatus }
  /** A settings operation succeeded; `output` is the platform's answer (the upgrade's tracking_id). */
  | { type: 'notice.operationDone'; kind: OperationKind; output: unknown };

export type AssumedStatus = 'RESTORING' | 'PAUSING' | 'RESTARTING' | 'RESIZING' | 'UPGRADING';

export const toastNotice = (kind: 'info' | 'error' | 'success', message: string): LifecycleNotice => ({ type: 'notice.toast', kind, message });

// ─── one-shot operations of the settings and backups pages (restart, pause, resize, upgrade, create backup) ──────

export type OperationRequest =
  | { kind: 'restart' }
  | { kind: 'pause' }
  | { kind: 'resize'; computeSize: string }
  | { kind: 'upgrade'; targetVersion: string; releaseChannel?: string }
  | { kind: 'createBackup' };
export type OperationKind = OperationRequest['kind'];

/** The status the project-status actor assumes once the platform accepted the operation (spec A4.1). */
export const OPERATION_STATUS: Readonly<Record<OperationKind, AssumedStatus | null>> = {
  restart: 'RESTARTING',
  pause: 'PAUSING',
  resize: 'RESIZING',
  upgrade: 'UPGRADING',
  createBackup: null,
};

// Not given by the spec: worded like its restore/delete toasts.
export const OPERATION_TEXT: Readonly<Record<OperationKind, { done: string; failed: (msg: string) => string }>> = {
  restart: { done: 'Restarting project', failed: (msg) => `Failed to restart project: ${msg}` },
  pause: { done: 'Pausing project', failed: (msg) => `Failed to pause project: ${msg}` },
  resize: { done: 'Resizing project', failed: (msg) => `Failed to resize project: ${msg}` },
  upgrade: { done: 'Upgrading project', failed: (msg) => `Failed to upgrade project: ${msg}` },
  createBackup: { done: 'Backup created', failed: (msg) => `Failed to create backup: ${msg}` },
};
