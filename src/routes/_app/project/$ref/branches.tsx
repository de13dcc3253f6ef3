import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { BranchesPage } from '../../../../views/branches/BranchesPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A4.4 (issue 20): the project's branches, the default branch on top, the others newest first.
export const Route = createFileRoute('/_app/project/$ref/branches')({
  staticData: { title: "Branches" },
  component: BranchesRoute,
});

function BranchesRoute() {
  const { project } = projectRoute.useLoaderData();
  return <BranchesPage key={project.ref} project={project} />;
}
