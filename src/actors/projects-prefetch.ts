// The first page of an organization's projects, fetched by the /org/{slug} route's loader while the page's code
// loads, and handed to the list machine's first fetch of the same query (issue 15: the first card waited for the
// page chunk, then the machine, then the request). Taken once; an unclaimed page expires.
import { fetchOrganizationProjects, projectListSearchParams, type ProjectListQuery } from '../api/platform.ts';
import type { ProjectsPage } from '../api/types.ts';

/** Older than this, a prefetched page is not used (the list fetches again). */
export const PROJECTS_PREFETCH_TTL_MS = 10_000;

const prefetched = new Map<string, { page: Promise<ProjectsPage>; at: number }>();

// The request the list would make: the same slug and the same query string (spec A7).
const keyOf = (slug: string, query: ProjectListQuery) => `${slug}?${JSON.stringify(projectListSearchParams(query))}`;

/** Starts fetching a page unless the same one is already on its way. */
export function prefetchProjectsPage(slug: string, query: ProjectListQuery, now = Date.now()): void {
  const key = keyOf(slug, query);
  const existing = prefetched.get(key);
  if (existing && now - existing.at < PROJECTS_PREFETCH_TTL_MS) return;
  const page = fetchOrganizationProjects(slug, query);
  // The list that takes it sees the failure (and shows its error); unclaimed, it must not be an unhandled rejection.
  page.catch(() => undefined);
  prefetched.set(key, { page, at: now });
}

/** The prefetched page of exactly this request, once; undefined when there is none or it is too old. */
export function takePrefetchedProjectsPage(slug: string, query: ProjectListQuery, now = Date.now()): Promise<ProjectsPage> | undefined {
  const key = keyOf(slug, query);
  const entry = prefetched.get(key);
  if (!entry) return undefined;
  prefetched.delete(key);
  return now - entry.at < PROJECTS_PREFETCH_TTL_MS ? entry.page : undefined;
}

/** Tests: forget every prefetched page. */
export function clearPrefetchedProjectsPages(): void {
  prefetched.clear();
}
