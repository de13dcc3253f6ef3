// Plain selectors of the building-project status actor.
import type { SnapshotFrom } from 'xstate';
import type { ProjectBuildingMachine } from './project-building.machine.ts';

export type ProjectBuildingSnapshot = SnapshotFrom<ProjectBuildingMachine>;

export const selectStatus = (s: ProjectBuildingSnapshot): string => s.context.status;
export const selectIsPolling = (s: ProjectBuildingSnapshot): boolean => s.hasTag('busy');
/** Polling ended with this status (the project should be reloaded when it differs from the loaded one). */
export const selectSettledStatus = (s: ProjectBuildingSnapshot): string | null => (s.matches('settled') ? s.context.status : null);
