// Plain selectors of the project-status actor (spec A4.1, A2.8).
import type { SnapshotFrom } from 'xstate';
import type { Project } from '../src/domain/entities.ts';
import { statusScreen, type PostgrestStatus, type RouteKind, type StatusScreen } from '../src/domain/project-status.ts';
import type { ProjectStatusMachine } from './project-status.machine.ts';

export type ProjectStatusSnapshot = SnapshotFrom<ProjectStatusMachine>;

export const selectStatus = (s: ProjectStatusSnapshot): string | null => s.context.status;
export const selectProject = (s: ProjectStatusSnapshot): Project | null => s.context.project;
export const selectPostgrestStatus = (s: ProjectStatusSnapshot): PostgrestStatus | null => s.context.postgrestStatus;
export const selectIsLoading = (s: ProjectStatusSnapshot): boolean => s.matches('loading');
export const selectIsPolling = (s: ProjectStatusSnapshot): boolean => s.hasTag('busy');
/** 'Restoration complete!' shows (spec A4.1): the restore ended ACTIVE_HEALTHY and the user has not returned yet. */
export const selectRestorationComplete = (s: ProjectStatusSnapshot): boolean => s.matches('restorationComplete');

/** spec A2.8: the building screen has shown for 2 minutes: offer a support ticket. */
export const selectSupportOffered = (s: ProjectStatusSnapshot): boolean => s.context.supportOffered;

/**
 * The screen of the project layout for a route kind (spec A4.1 precedence). While 'Restoration complete!' shows,
 * the project is already ACTIVE_HEALTHY but the restoring screen stays (it carries the completion).
 */
export const selectScreen =
  (kind: RouteKind) =>
  (s: ProjectStatusSnapshot): StatusScreen =>
    statusScreen({
      loading: selectIsLoading(s),
      status: selectRestorationComplete(s) ? 'RESTORING' : s.context.status,
      postgrestStatus: s.context.postgrestStatus,
      routeKind: kind,
    });
