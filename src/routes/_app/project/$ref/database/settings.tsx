import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { fetchPoolerConfig } from '../../../../../api/connection.ts';
import { PROJECT_DETAILS_STALE_MS } from '../../../../../domain/cache.ts';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { DatabaseSettings } from '../../../../../views/database-settings/DatabaseSettings.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// /project/{ref}/database/settings (spec A2.2, anchors #connection-pooler and #connection-pooling): a plain read of
// the pooling configuration; the memberships for the permission checks (A6) come with the project layout.
export const Route = createFileRoute('/_app/project/$ref/database/settings')({
  staticData: { title: 'Database Settings' },
  loader: ({ params }) => fetchPoolerConfig(params.ref),
  staleTime: PROJECT_DETAILS_STALE_MS,
  component: DatabaseSettingsRoute,
  errorComponent: RouteError,
});

function DatabaseSettingsRoute() {
  const { project } = projectRoute.useLoaderData();
  return <DatabaseSettings key={project.ref} project={project} poolers={Route.useLoaderData()} />;
}
