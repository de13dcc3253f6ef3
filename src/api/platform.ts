import { api } from './client.ts';
import type { Organization, Profile, Project, ProjectsPage } from './types.ts';

// Typed endpoint functions of the platform API (spec A7). Paths are relative to `${origin}/api`.
export const fetchProfile = () => api.get('platform/profile').json<Profile>();

export const fetchOrganizations = () => api.get('platform/organizations').json<Organization[]>();

export const fetchOrganization = (slug: string) =>
  api.get(`platform/organizations/${encodeURIComponent(slug)}`).json<Organization>();

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

/** `signal` lets a superseded page request (an older search) be cancelled. */
export const fetchOrganizationProjects = (slug: string, query: ProjectListQuery, options: { signal?: AbortSignal } = {}) =>
  api
    .get(`platform/organizations/${encodeURIComponent(slug)}/projects`, {
      searchParams: projectListSearchParams(query),
      ...(options.signal ? { signal: options.signal } : {}),
    })
    .json<ProjectsPage>();

export const fetchProject = (ref: string) => api.get(`platform/projects/${encodeURIComponent(ref)}`).json<Project>();
