import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { ReportsPage } from '../../../../../views/reports/ReportsPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.2 /project/{ref}/reports (issue 19); the route's code is split from the app (autoCodeSplitting).
export const Route = createFileRoute('/_app/project/$ref/reports/')({
  staticData: { title: 'Reports' },
  component: ReportsRoute,
});

function ReportsRoute() {
  const { project } = projectRoute.useLoaderData();
  return <ReportsPage key={project.ref} project={project} />;
}
