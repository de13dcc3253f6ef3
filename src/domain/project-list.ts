// The organization's projects page (spec A2.2 /org/{slug}, A3 local preferences, A7 list query).
import { PROJECT_LIST_DEFAULT_SORT, PROJECT_SORTS, type ProjectSort } from './projects.ts';
import { PROJECT_STATUSES, type StatusInput } from './navigation/project-status.ts';

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

/** What the page's address holds: ?search=&sort=&statuses=a,b (defaults omitted). */
export interface ProjectListSearch {
  search?: string;
  sort?: ProjectSort;
  statuses?: string;
}

/** Reads the address bar's values; unknown sorts and statuses are dropped rather than sent to the API. */
export function parseProjectListSearch(raw: Record<string, unknown>): ProjectListSearch {
  const result: ProjectListSearch = {};
  const search = typeof raw.search === 'string' ? raw.search : typeof raw.search === 'number' ? String(raw.search) : '';
  if (search.trim() !== '') result.search = search;
  if (typeof raw.sort === 'string' && (PROJECT_SORTS as readonly string[]).includes(raw.sort) && raw.sort !== PROJECT_LIST_DEFAULT_SORT) {
    result.sort = raw.sort as ProjectSort;
  }
  const statuses = typeof raw.statuses === 'string' ? parseStatuses(raw.statuses) : [];
  if (statuses.length > 0) result.statuses = statuses.join(',');
  return result;
}

/** Comma-joined statuses → the known ones, without duplicates. */
export function parseStatuses(joined: string | undefined): string[] {
  if (!joined) return [];
  const known = new Set<string>(PROJECT_STATUSES);
  return [...new Set(joined.split(',').map((s) => s.trim()).filter((s) => known.has(s)))];
}

/** The list query the address describes (the sort defaults to name_asc, spec C9). */
export function listQueryOf(search: ProjectListSearch): { search: string; sort: ProjectSort; statuses: string[] } {
  return { search: search.search ?? '', sort: search.sort ?? (PROJECT_LIST_DEFAULT_SORT as ProjectSort), statuses: parseStatuses(search.statuses) };
}

/** The address for a list query: defaults and blanks omitted, so /org/{slug} stays clean. */
export function projectListSearchOf(query: { search: string; sort: string | undefined; statuses: readonly string[] }): ProjectListSearch {
  return parseProjectListSearch({ search: query.search, sort: query.sort, statuses: query.statuses.join(',') });
}

/** Badge look of a project status in the list. */
export function statusBadgeVariant(status: StatusInput): 'brand' | 'warning' | 'destructive' | 'default' {
  if (status === 'ACTIVE_HEALTHY') return 'brand';
  if (status === 'INACTIVE') return 'default';
  if (typeof status === 'string' && status.endsWith('FAILED')) return 'destructive';
  return 'warning';
}

/** Human label of a status ('ACTIVE_HEALTHY' → 'Active'). */
export function statusLabel(status: StatusInput): string {
  switch (status) {
    case 'ACTIVE_HEALTHY':
      return 'Active';
    case 'INACTIVE':
      return 'Paused';
    case 'COMING_UP':
      return 'Coming up';
    default:
      return typeof status === 'string' && status ? status.toLowerCase().replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()) : 'Unknown';
  }
}
