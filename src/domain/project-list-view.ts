// The organization's projects page as shown (spec A2.2, A3 local preferences): view modes, sort and status filter
// labels. Apart from the address rules (./project-list.ts), which the route tree and so every first
// load carries.
import type { ProjectSort } from './projects.ts';

/** spec A3 local preferences: "projects view mode", kept in local storage under this key. */
export const PROJECTS_VIEW_MODE_KEY = 'strata.projects.view-mode';
export const PROJECTS_VIEW_MODES = ['grid', 'list'] as const;
export type ProjectsViewMode = (typeof PROJECTS_VIEW_MODES)[number];
export const DEFAULT_PROJECTS_VIEW_MODE: ProjectsViewMode = 'grid';

/** A stored view mode, or the default for a missing or unknown value. */
export function readProjectsViewMode(raw: unknown): ProjectsViewMode {
  return (PROJECTS_VIEW_MODES as readonly unknown[]).includes(raw) ? (raw as ProjectsViewMode) : DEFAULT_PROJECTS_VIEW_MODE;
}

export const PROJECT_SORT_LABELS: Record<ProjectSort, string> = {
  name_asc: 'Name (A–Z)',
  name_desc: 'Name (Z–A)',
  created_asc: 'Oldest first',
  created_desc: 'Newest first',
};

/** The status filter's choices: a label and the statuses it selects ('all' selects none, so it is omitted). */
export const PROJECT_STATUS_FILTERS = [
  { id: 'all', label: 'All statuses', statuses: [] },
  { id: 'active', label: 'Active', statuses: ['ACTIVE_HEALTHY'] },
  { id: 'paused', label: 'Paused', statuses: ['INACTIVE'] },
  { id: 'starting', label: 'Coming up', statuses: ['COMING_UP', 'RESTORING', 'RESTARTING', 'RESIZING', 'UPGRADING'] },
] as const satisfies readonly { id: string; label: string; statuses: readonly string[] }[];
export type ProjectStatusFilterId = (typeof PROJECT_STATUS_FILTERS)[number]['id'];

/** The filter choice whose statuses are exactly `statuses` (any order); 'all' otherwise. */
export function statusFilterOf(statuses: readonly string[]): ProjectStatusFilterId {
  const key = [...statuses].sort().join(',');
  const found = PROJECT_STATUS_FILTERS.find((filter) => [...filter.statuses].sort().join(',') === key);
  return found?.id ?? 'all';
}

export function statusesOf(filter: ProjectStatusFilterId): string[] {
  return [...(PROJECT_STATUS_FILTERS.find((f) => f.id === filter)?.statuses ?? [])];
}
