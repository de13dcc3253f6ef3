// The real `fetchPage` of the infinite list for an organization's projects (spec A7:
// GET /platform/organizations/{slug}/projects with limit, offset, sort, search and statuses omitted when empty;
// reads projects and pagination.count).
import { fromPromise } from 'xstate';
import { infiniteListMachine, type FetchPageInput, type FetchPageOutput } from '../../machines/infinite-list.machine.ts';
import { fetchOrganizationProjects, projectListSearchParams, type ProjectListQuery } from '../api/platform.ts';
import type { Project, ProjectsPage } from '../api/types.ts';
import { PROJECT_SEARCH_DEBOUNCE_MS } from '../domain/navigation/constants.ts';

/** A first page the /org/{slug} route's loader asked for while the page's code loaded (issue 15). */
export interface LoadedProjectsPage {
  slug: string;
  query: ProjectListQuery;
  page: Promise<ProjectsPage>;
}

/** The same request to the platform: the same organization and the same query string (spec A7). */
function sameRequest(loaded: LoadedProjectsPage, slug: string, query: ProjectListQuery): boolean {
  const a = projectListSearchParams(loaded.query);
  const b = projectListSearchParams(query);
  return loaded.slug === slug && Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);
}

/**
 * The fetch actor of one list. Its first fetch takes the loader's page when it is the same request; every other
 * fetch asks the platform. The page is held by this list's logic (the route's loader data, handed over by its
 * owner), never in a module-level cache (issue 15: no global stores).
 */
export function fetchProjectsPageWith(loaded: LoadedProjectsPage | undefined) {
  let unclaimed = loaded;
  return fromPromise<FetchPageOutput, FetchPageInput>(async ({ input, signal }): Promise<FetchPageOutput<Project>> => {
    const slug = input.slug;
    if (typeof slug !== 'string' || slug === '') throw new Error('No organization to list projects of');
    const query: ProjectListQuery = {
      limit: input.limit,
      offset: input.offset,
      ...(input.sort ? { sort: input.sort } : {}),
      search: input.search,
      statuses: input.statuses,
    };
    const first = unclaimed && sameRequest(unclaimed, slug, query) ? unclaimed.page : undefined;
    unclaimed = undefined;
    // The machine stops a superseded fetch; aborting drops its request too.
    const page = first ? await first : await fetchOrganizationProjects(slug, query, { signal });
    return { items: page.projects, count: page.pagination.count };
  });
}

/** The infinite list wired to the platform's project list, searched with the project debounce (spec A2.3, C9). */
export function projectsListLogic(loaded?: LoadedProjectsPage) {
  return infiniteListMachine.provide({
    actors: { fetchPage: fetchProjectsPageWith(loaded) },
    delays: { searchDebounce: PROJECT_SEARCH_DEBOUNCE_MS },
  });
}
