import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { ProjectUsagePage } from '../../../../views/project-usage/ProjectUsagePage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.2 /project/{ref}/usage (issue 19): the project's own usage over time.
export const Route = createFileRoute('/_app/project/$ref/usage')({
  staticData: { title: 'Usage' },
  component: ProjectUsageRoute,
});

function ProjectUsageRoute() {
  const { project } = projectRoute.useLoaderData();
  return <ProjectUsagePage key={project.ref} project={project} />;
}
