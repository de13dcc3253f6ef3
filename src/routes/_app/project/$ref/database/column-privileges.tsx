import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { ColumnPrivilegesPage } from '../../../../../views/database/column-privileges/ColumnPrivilegesPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.6 "Configuration: Column Privileges (ALPHA)" (issue 19): columns × privileges for a table and a role.
export const Route = createFileRoute('/_app/project/$ref/database/column-privileges')({
  staticData: { title: "Column Privileges" },
  component: ColumnPrivilegesRoute,
});

function ColumnPrivilegesRoute() {
  const { project } = projectRoute.useLoaderData();
  return <ColumnPrivilegesPage key={project.ref} project={project} />;
}
