import { useActorRef } from '@xstate/react';
import { projectsListMachine } from '../../actors/projects-list.ts';
import { PROJECT_LIST_DEFAULT_SORT, PROJECT_LIST_PAGE_SIZE } from '../../domain/projects.ts';

export interface ProjectsListOptions {
  search?: string;
  sort?: string;
  statuses?: string[];
}

/**
 * The infinite list of an organization's projects (spec A7; page size 96 and sort name_asc, spec C9). The slug is
 * read once: render the caller with `key={slug}` so another organization gets a new list.
 */
export function useProjectsListActor(slug: string, options: ProjectsListOptions = {}) {
  return useActorRef(projectsListMachine, {
    input: {
      pageSize: PROJECT_LIST_PAGE_SIZE,
      base: { slug },
      search: options.search ?? '',
      sort: options.sort ?? PROJECT_LIST_DEFAULT_SORT,
      statuses: options.statuses ?? [],
    },
  });
}
