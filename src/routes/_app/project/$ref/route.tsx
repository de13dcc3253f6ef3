import { Outlet, createFileRoute } from '@tanstack/react-router';
import { writeLastVisitedOrg } from '../../../../actors/last-visited.ts';
import { RouteError } from '../../../../views/errors/RouteError.tsx';
import { fetchOrganizationProjects, fetchProject } from '../../../../api/platform.ts';
import { PROJECT_LIST_PAGE_SIZE, PROJECT_LIST_DEFAULT_SORT } from '../../../../domain/projects.ts';
import { PROJECT_DETAILS_STALE_MS } from '../../../../domain/cache.ts';
import { bool, compact, str } from '../../../../search-params.ts';

// spec A2.10: the Connect dialog is driven by query parameters on any project page; spec A2.8: ?trackingId for
// the upgrade screen. Values are validated where they are used (the Connect dialog resets bad type/method).
export const Route = createFileRoute('/_app/project/$ref')({
  validateSearch: (raw: Record<string, unknown>) =>
    compact({
      showConnect: bool(raw, 'showConnect'),
      connectTab: str(raw, 'connectTab'),
      framework: str(raw, 'framework'),
      using: str(raw, 'using'),
      with: str(raw, 'with'),
      type: str(raw, 'type'),
      source: str(raw, 'source'),
      method: str(raw, 'method'),
      trackingId: str(raw, 'trackingId'),
    }),
  loader: async ({ params }) => {
    const project = await fetchProject(params.ref);
    if (project.organization_slug) writeLastVisitedOrg(project.organization_slug);
    // The first page of the organization's projects feeds the header's project switcher.
    const orgProjects = project.organization_slug
      ? await fetchOrganizationProjects(project.organization_slug, {
          limit: PROJECT_LIST_PAGE_SIZE,
          offset: 0,
          sort: PROJECT_LIST_DEFAULT_SORT,
        }).catch(() => undefined)
      : undefined;
    return { project, orgProjects };
  },
  staleTime: PROJECT_DETAILS_STALE_MS,
  component: Outlet,
  errorComponent: RouteError,
});
