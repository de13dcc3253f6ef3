import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { AuthOverviewPage } from '../../../../../views/auth-settings/AuthOverviewPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.7 "Manage: overview" (issue 18): counts of users and sign-ins per day from the audit log.
export const Route = createFileRoute('/_app/project/$ref/auth/overview')({
  staticData: { title: 'Authentication Overview' },
  component: OverviewRoute,
});

function OverviewRoute() {
  const { project } = projectRoute.useLoaderData();
  return <AuthOverviewPage key={project.ref} project={project} />;
}
