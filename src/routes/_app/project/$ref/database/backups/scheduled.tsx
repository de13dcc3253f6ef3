import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { fetchDownloadableBackups } from '../../../../../../api/project-lifecycle.ts';
import { PROJECT_DETAILS_STALE_MS } from '../../../../../../domain/cache.ts';
import { RouteError } from '../../../../../../views/errors/RouteError.tsx';
import { BackupsPage } from '../../../../../../views/project-lifecycle/BackupsPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// /project/{ref}/database/backups/scheduled (spec A7 backups): the downloadable backups are a plain read; creating
// one re-reads it.
export const Route = createFileRoute('/_app/project/$ref/database/backups/scheduled')({
  staticData: { title: 'Scheduled Backups' },
  loader: async ({ params }) => ({ backups: await fetchDownloadableBackups(params.ref) }),
  staleTime: PROJECT_DETAILS_STALE_MS,
  component: BackupsRoute,
  errorComponent: RouteError,
});

function BackupsRoute() {
  const { project } = projectRoute.useLoaderData();
  const { backups } = Route.useLoaderData();
  return <BackupsPage key={project.ref} project={project} backups={backups} />;
}
