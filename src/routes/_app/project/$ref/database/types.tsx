import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { EnumTypesPage } from '../../../../../views/database/types/EnumTypesPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.6 Database → Enumerated Types (issue 19).
export const Route = createFileRoute('/_app/project/$ref/database/types')({
  staticData: { title: "Enumerated Types" },
  component: TypesRoute,
});

function TypesRoute() {
  const { project } = projectRoute.useLoaderData();
  return <EnumTypesPage key={project.ref} project={project} />;
}
