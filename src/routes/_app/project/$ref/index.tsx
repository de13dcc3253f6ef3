import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { ProjectHome } from '../../../../views/project/ProjectHome.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

export const Route = createFileRoute('/_app/project/$ref/')({
  staticData: { title: 'Project Overview' },
  component: ProjectHomeRoute,
});

function ProjectHomeRoute() {
  const { project } = projectRoute.useLoaderData();
  return <ProjectHome project={project} />;
}
