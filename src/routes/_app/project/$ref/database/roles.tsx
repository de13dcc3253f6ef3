import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { RolesPage } from '../../../../../views/database/roles/RolesPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.6 "Configuration: Roles" (issue 19): roles with attributes and memberships.
export const Route = createFileRoute('/_app/project/$ref/database/roles')({
  staticData: { title: "Database Roles" },
  component: RolesRoute,
});

function RolesRoute() {
  const { project } = projectRoute.useLoaderData();
  return <RolesPage key={project.ref} project={project} />;
}
