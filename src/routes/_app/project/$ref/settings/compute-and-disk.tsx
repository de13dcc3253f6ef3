import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { ComputeAndDiskPage } from '../../../../../views/project-lifecycle/ComputeAndDiskPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// /project/{ref}/settings/compute-and-disk (spec B2.9): the compute size comes with the project, and the memberships
// for the permission check (A6) with the project layout.
export const Route = createFileRoute('/_app/project/$ref/settings/compute-and-disk')({
  staticData: { title: 'Compute and Disk' },
  component: ComputeAndDiskRoute,
  errorComponent: RouteError,
});

function ComputeAndDiskRoute() {
  const { project } = projectRoute.useLoaderData();
  return <ComputeAndDiskPage key={project.ref} project={project} />;
}
