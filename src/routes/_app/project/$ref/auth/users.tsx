import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { AuthUsersPage } from '../../../../../views/auth-users/AuthUsersPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.7 "Manage: users" (issue 18): the project's auth users.
export const Route = createFileRoute('/_app/project/$ref/auth/users')({
  staticData: { title: "Users" },
  component: UsersRoute,
});

function UsersRoute() {
  const { project } = projectRoute.useLoaderData();
  return <AuthUsersPage key={project.ref} project={project} />;
}
