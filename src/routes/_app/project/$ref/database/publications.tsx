import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { PublicationsPage } from '../../../../../views/database/publications/PublicationsPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.6 (issue 19): publications with their operations and tables, toggled with their SQL shown.
export const Route = createFileRoute('/_app/project/$ref/database/publications')({
  staticData: { title: "Database Publications" },
  component: PublicationsRoute,
});

function PublicationsRoute() {
  const { project } = projectRoute.useLoaderData();
  return <PublicationsPage key={project.ref} project={project} />;
}
