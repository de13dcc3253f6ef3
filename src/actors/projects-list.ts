// The real `fetchPage` of the infinite list for an organization's projects (spec A7:
// GET /platform/organizations/{slug}/projects with limit, offset, sort, search and statuses omitted when empty;
// reads projects and pagination.count).
import { fromPromise } from 'xstate';
import { infiniteListMachine, type FetchPageInput, type FetchPageOutput } from '../../machines/infinite-list.machine.ts';
import { fetchOrganizationProjects, type ProjectListQuery } from '../api/platform.ts';
import { takePrefetchedProjectsPage } from './projects-prefetch.ts';
import type { Project } from '../api/types.ts';
import { PROJECT_SEARCH_DEBOUNCE_MS } from '../domain/navigation/constants.ts';

export const fetchProjectsPage = fromPromise<FetchPageOutput, FetchPageInput>(async ({ input, signal }): Promise<FetchPageOutput<Project>> => {
  const slug = input.slug;
  if (typeof slug !== 'string' || slug === '') throw new Error('No organization to list projects of');
  const query: ProjectListQuery = {
    limit: input.limit,
    offset: input.offset,
    ...(input.sort ? { sort: input.sort } : {}),
    search: input.search,
    statuses: input.statuses,
  };
  // The route loader may already have asked for this page (issue 15).
  const page =
    (await takePrefetchedProjectsPage(slug, query)) ??
    // The machine stops a superseded fetch; aborting drops its request too.
    (await fetchOrganizationProjects(slug, query, { signal }));
  return { items: page.projects, count: page.pagination.count };
});

/** The infinite list wired to the platform's project list, searched with the project debounce (spec A2.3, C9). */
export const projectsListMachine = infiniteListMachine.provide({
  actors: { fetchPage: fetchProjectsPage },
  delays: { searchDebounce: PROJECT_SEARCH_DEBOUNCE_MS },
});
