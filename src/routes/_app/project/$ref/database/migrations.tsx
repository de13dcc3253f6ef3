import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { MigrationsPage } from '../../../../../views/database/migrations/MigrationsPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.6 "Platform: Migrations" (issue 19): the project's migration history with each migration's SQL.
export const Route = createFileRoute('/_app/project/$ref/database/migrations')({
  staticData: { title: "Migrations" },
  component: MigrationsRoute,
});

function MigrationsRoute() {
  const { project } = projectRoute.useLoaderData();
  return <MigrationsPage key={project.ref} project={project} />;
}
