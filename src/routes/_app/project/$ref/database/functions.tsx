import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { FunctionsPage } from '../../../../../views/database/functions/FunctionsPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.6 Database → Functions (issue 19).
export const Route = createFileRoute('/_app/project/$ref/database/functions')({
  staticData: { title: "Database Functions" },
  component: FunctionsRoute,
});

function FunctionsRoute() {
  const { project } = projectRoute.useLoaderData();
  return <FunctionsPage key={project.ref} project={project} />;
}
