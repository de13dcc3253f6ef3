import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import { projectsListLogic, type LoadedProjectsPage } from '../../actors/projects-list.ts';
import { PROJECT_LIST_DEFAULT_SORT, PROJECT_LIST_PAGE_SIZE } from '../../domain/projects.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export interface ProjectsListOptions {
  search?: string;
  sort?: string;
  statuses?: string[];
}

/**
 * The infinite list of an organization's projects (spec A7; page size 96 and sort name_asc, spec C9). The slug is
 * read once: render the caller with `key={slug}` so another organization gets a new list. `firstPage` is the page
 * the route's loader asked for (issue 15); the list's first fetch takes it when it is the same request.
 */
export function useProjectsListActor(slug: string, options: ProjectsListOptions = {}, firstPage?: LoadedProjectsPage) {
  const [logic] = useState(() => projectsListLogic(firstPage));
  return useActorRef(logic, {
    input: {
      pageSize: PROJECT_LIST_PAGE_SIZE,
      base: { slug },
      search: options.search ?? '',
      sort: options.sort ?? PROJECT_LIST_DEFAULT_SORT,
      statuses: options.statuses ?? [],
    },
    inspect: devInspect,
  });
}
