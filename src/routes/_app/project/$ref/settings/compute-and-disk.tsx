import { createFileRoute, getRouteApi, useRouter } from '@tanstack/react-router';
import { fetchDisk } from '../../../../../api/branches.ts';
import { errorMessage } from '../../../../../domain/errors.ts';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { ComputeAndDiskPage } from '../../../../../views/project-lifecycle/ComputeAndDiskPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// /project/{ref}/settings/compute-and-disk (spec B2.9): the compute size comes with the project, and the memberships
// for the permission check (A6) with the project layout; the disk's attributes and last change (B7 GET /disk, read
// fresh: the cooldown starts at last_modified_at) with this route. A disk that cannot be read leaves the compute
// sizes usable and says why.
export const Route = createFileRoute('/_app/project/$ref/settings/compute-and-disk')({
  staticData: { title: 'Compute and Disk' },
  loader: async ({ params }) => {
    try {
      return { disk: await fetchDisk(params.ref), error: null };
    } catch (error) {
      return { disk: null, error: errorMessage(error) };
    }
  },
  component: ComputeAndDiskRoute,
  errorComponent: RouteError,
});

function ComputeAndDiskRoute() {
  const { project } = projectRoute.useLoaderData();
  const disk = Route.useLoaderData();
  const router = useRouter();
  return <ComputeAndDiskPage key={project.ref} project={project} disk={disk} onRetryDisk={() => void router.invalidate()} />;
}
