import { Outlet, createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../views/errors/RouteError.tsx';
import { fetchOrganization } from '../../../../api/platform.ts';
import { ORGANIZATIONS_STALE_MS } from '../../../../domain/cache.ts';

export const Route = createFileRoute('/_app/org/$slug')({
  loader: async ({ params }) => ({ organization: await fetchOrganization(params.slug) }),
  staleTime: ORGANIZATIONS_STALE_MS,
  component: Outlet,
  errorComponent: RouteError,
});
