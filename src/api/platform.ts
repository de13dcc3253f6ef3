import { api } from './client.ts';
import type { Organization, Profile, Project, ProjectsPage } from './types.ts';
import { projectListSearchParams, type ProjectListQuery } from '../domain/projects.ts';

// Typed endpoint functions of the platform API (spec A7). Paths are relative to `${origin}/api`.
export const fetchProfile = () => api.get('platform/profile').json<Profile>();

export const fetchOrganizations = () => api.get('platform/organizations').json<Organization[]>();

export const fetchOrganization = (slug: string) =>
  api.get(`platform/organizations/${encodeURIComponent(slug)}`).json<Organization>();

// The list query and its URL parameters are pure spec rules (A7), shared with the early requests of a first load.
export { projectListSearchParams, type ProjectListQuery } from '../domain/projects.ts';

/** `signal` lets a superseded page request (an older search) be cancelled. */
export const fetchOrganizationProjects = (slug: string, query: ProjectListQuery, options: { signal?: AbortSignal } = {}) =>
  api
    .get(`platform/organizations/${encodeURIComponent(slug)}/projects`, {
      searchParams: projectListSearchParams(query),
      ...(options.signal ? { signal: options.signal } : {}),
    })
    .json<ProjectsPage>();

export const fetchProject = (ref: string) => api.get(`platform/projects/${encodeURIComponent(ref)}`).json<Project>();
