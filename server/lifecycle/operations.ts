// The lifecycle operations as a transition table (spec A4.1, A4.2): from which statuses each may start, the
// status it shows while running, where it ends on success and on failure, and its steps in order. The runner
// (runner.ts) persists the last completed step, so a platform restart continues an operation after it.
import { UPGRADE_PROGRESS } from '../../src/api/schemas/lifecycle.ts';
import type { ProjectStatus } from '../../src/domain/navigation/project-status.ts';

export const OPERATION_KINDS = ['pause', 'restore', 'restart', 'resize', 'upgrade'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

export interface OperationDefinition {
  from: readonly ProjectStatus[];
  during: ProjectStatus;
  done: ProjectStatus;
  /** After a failure the database is put back as it was (see runner compensate) and the project gets this. */
  failed: ProjectStatus;
  steps: readonly string[];
  /** The step where the developer switch's `fail_next` fails the operation (before it runs: nothing harmful). */
  failAt?: string;
  /** "The project cannot be {participle} while it is …" */
  participle: string;
}

export const UPGRADE_STEPS = [...UPGRADE_PROGRESS.slice(1), 'backup'] as const;

export const OPERATIONS: Readonly<Record<OperationKind, OperationDefinition>> = {
  // Backup first (the database is still open), then close it: nothing is lost.
  pause: {
    from: ['ACTIVE_HEALTHY', 'PAUSE_FAILED'],
    during: 'PAUSING',
    done: 'INACTIVE',
    failed: 'PAUSE_FAILED',
    steps: ['backup', 'close'],
    failAt: 'close',
    participle: 'paused',
  },
  // PAUSE_FAILED may be restored too: the way back to a running project after a failed pause.
  restore: {
    from: ['INACTIVE', 'RESTORE_FAILED', 'PAUSE_FAILED'],
    during: 'RESTORING',
    done: 'ACTIVE_HEALTHY',
    failed: 'RESTORE_FAILED',
    steps: ['open', 'check'],
    failAt: 'open',
    participle: 'restored',
  },
  restart: {
    from: ['ACTIVE_HEALTHY'],
    during: 'RESTARTING',
    done: 'ACTIVE_HEALTHY',
    failed: 'ACTIVE_HEALTHY',
    steps: ['hold', 'open', 'check'],
    participle: 'restarted',
  },
  resize: {
    from: ['ACTIVE_HEALTHY'],
    during: 'RESIZING',
    done: 'ACTIVE_HEALTHY',
    failed: 'ACTIVE_HEALTHY',
    steps: ['record', 'hold', 'open', 'check'],
    participle: 'resized',
  },
  // The upgrade's steps are the progress values 1–9 of spec A4.2, then the full backup (CompletedUpgrade).
  // A failed upgrade reopens the database unchanged and the project is ACTIVE_HEALTHY again; its upgrade
  // status says Failed with the error.
  upgrade: {
    from: ['ACTIVE_HEALTHY'],
    during: 'UPGRADING',
    done: 'ACTIVE_HEALTHY',
    failed: 'ACTIVE_HEALTHY',
    steps: UPGRADE_STEPS,
    failAt: '5_initiated_data_upgrade',
    participle: 'upgraded',
  },
};

/** The step after `completed` (null: none completed yet), or null when the operation has run every step. */
export function nextStepIndex(kind: OperationKind, completed: string | null): number {
  const steps = OPERATIONS[kind].steps;
  if (completed === null) return 0;
  const index = steps.indexOf(completed);
  // '0_requested' (or anything unknown) means nothing has run yet.
  return index === -1 ? 0 : index + 1;
}

export function canStart(kind: OperationKind, status: string): boolean {
  return (OPERATIONS[kind].from as readonly string[]).includes(status);
}
