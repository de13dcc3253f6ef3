import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { LogExplorerPage } from '../../../../../views/logs/LogExplorerPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.2: the log explorer (issue 19).
export const Route = createFileRoute('/_app/project/$ref/logs/explorer')({
  staticData: { title: 'Logs Explorer' },
  component: LogExplorerRoute,
});

function LogExplorerRoute() {
  const { project } = projectRoute.useLoaderData();
  return <LogExplorerPage key={project.ref} project={project} />;
}
