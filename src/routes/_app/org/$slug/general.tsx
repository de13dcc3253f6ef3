import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { OrganizationSettingsPage } from '../../../../views/organizations/OrganizationSettingsPage.tsx';

const orgRoute = getRouteApi('/_app/org/$slug');

export const Route = createFileRoute('/_app/org/$slug/general')({
  staticData: { title: 'Organization Settings' },
  component: OrganizationGeneralRoute,
});

function OrganizationGeneralRoute() {
  const { organization } = orgRoute.useLoaderData();
  // Keyed by slug: another organization gets a fresh settings actor.
  return <OrganizationSettingsPage key={organization.slug} organization={organization} />;
}
