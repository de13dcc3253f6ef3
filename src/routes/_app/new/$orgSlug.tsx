import { createFileRoute } from '@tanstack/react-router';
import { fetchOrganization } from '../../../api/platform.ts';
import { ORGANIZATIONS_STALE_MS } from '../../../domain/cache.ts';
import { isEnabled } from '../../../domain/navigation/flags.ts';
import { RouteError } from '../../../views/errors/RouteError.tsx';
import { NewProjectPage } from '../../../views/new/NewProjectPage.tsx';
import { useFeatureFlags } from '../../../views/shared/useAppContext.ts';

// spec A2.2 /new/{orgSlug}, A2.3: the projects:create flag gates project creation.
export const Route = createFileRoute('/_app/new/$orgSlug')({
  staticData: { title: 'New project' },
  loader: async ({ params }) => ({ organization: await fetchOrganization(params.orgSlug) }),
  staleTime: ORGANIZATIONS_STALE_MS,
  component: NewProjectRoute,
  errorComponent: RouteError,
});

function NewProjectRoute() {
  const { organization } = Route.useLoaderData();
  const flags = useFeatureFlags();
  return <NewProjectPage organization={organization} canCreate={isEnabled(flags, 'projects:create')} />;
}
