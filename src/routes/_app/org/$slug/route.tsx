import { Outlet, createFileRoute } from '@tanstack/react-router';
import { writeLastVisitedOrg } from '../../../../actors/last-visited.ts';
import { RouteError } from '../../../../views/errors/RouteError.tsx';
import { fetchOrganization } from '../../../../api/platform.ts';
import { ORGANIZATIONS_STALE_MS } from '../../../../domain/cache.ts';
import { assertOrgSlugParam } from '../../../../domain/error-pages.ts';

export const Route = createFileRoute('/_app/org/$slug')({
  // spec A2.14: a malformed slug is a bad request (the 400 page), asked of no one.
  beforeLoad: ({ params }) => assertOrgSlugParam(params.slug),
  loader: async ({ params }) => {
    const organization = await fetchOrganization(params.slug);
    writeLastVisitedOrg(organization.slug); // spec A2.3: the home link prefers the last visited organization
    return { organization };
  },
  staleTime: ORGANIZATIONS_STALE_MS,
  component: Outlet,
  errorComponent: RouteError,
});
