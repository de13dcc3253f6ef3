// spec A7, C9: the organization's project list.
export const PROJECT_LIST_PAGE_SIZE = 96;
export const PROJECT_LIST_DEFAULT_SORT = 'name_asc';
export const PROJECT_SORTS = ['name_asc', 'name_desc', 'created_asc', 'created_desc'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

export interface ProjectListQuery {
  limit: number;
  offset: number;
  sort?: string;
  search?: string;
  statuses?: string[];
}

/** spec A7: offset = page × limit; search and statuses omitted when empty. */
export function projectListSearchParams(query: ProjectListQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { limit: query.limit, offset: query.offset };
  if (query.sort) params.sort = query.sort;
  if (query.search) params.search = query.search;
  if (query.statuses && query.statuses.length > 0) params.statuses = query.statuses.join(',');
  return params;
}

/** The project's PG version as shown: dbVersion with its product prefix removed (spec A3). */
export function displayPostgresVersion(dbVersion: string | undefined): string | undefined {
  if (!dbVersion) return undefined;
  const match = /postgres-(.+)$/.exec(dbVersion);
  return match ? match[1] : dbVersion;
}

/** The project's compute size: that of the database whose identifier equals the ref (spec A3). */
export function projectComputeSize(project: { ref: string; databases?: { identifier: string; infra_compute_size?: string }[] }): string | undefined {
  return project.databases?.find((d) => d.identifier === project.ref)?.infra_compute_size;
}
