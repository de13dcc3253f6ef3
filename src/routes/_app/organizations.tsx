import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { OrganizationsPage } from '../../views/organizations/OrganizationsPage.tsx';

const appRoute = getRouteApi('/_app');

export const Route = createFileRoute('/_app/organizations')({
  staticData: { title: 'Organizations' },
  component: OrganizationsRoute,
});

function OrganizationsRoute() {
  const { organizations } = appRoute.useLoaderData();
  return <OrganizationsPage organizations={organizations} />;
}
