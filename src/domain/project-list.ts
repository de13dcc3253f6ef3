// The organization's projects page (spec A2.2 /org/{slug}, A3 local preferences, A7 list query).
import { PROJECT_LIST_DEFAULT_SORT, PROJECT_SORTS, type ProjectSort } from './projects.ts';
import { PROJECT_STATUSES } from './navigation/project-status.ts';

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
