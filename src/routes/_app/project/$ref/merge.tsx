import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { MergePage } from '../../../../views/branches/MergePage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A4.4 (issue 20): the branch's merge request into its default branch.
export const Route = createFileRoute('/_app/project/$ref/merge')({
  staticData: { title: "Merge Request" },
  component: MergeRoute,
});

function MergeRoute() {
  const { project } = projectRoute.useLoaderData();
  return <MergePage key={project.ref} project={project} />;
}
