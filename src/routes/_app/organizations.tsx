import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { newOrganizationHref } from '../../domain/navigation/header.ts';
import { OrganizationsPage } from '../../views/organizations/OrganizationsPage.tsx';
import { useFeatureFlags } from '../../views/shared/useAppContext.ts';

const appRoute = getRouteApi('/_app');

export const Route = createFileRoute('/_app/organizations')({
  staticData: { title: 'Organizations' },
  component: OrganizationsRoute,
});

function OrganizationsRoute() {
  const { organizations } = appRoute.useLoaderData();
  const flags = useFeatureFlags();
  return <OrganizationsPage organizations={organizations} newOrganizationHref={newOrganizationHref(flags)} />;
}
