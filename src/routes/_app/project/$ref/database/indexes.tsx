import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { IndexesPage } from '../../../../../views/database/indexes/IndexesPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.6 (issue 19): the schema's indexes with size and usage; create and drop with their SQL shown.
export const Route = createFileRoute('/_app/project/$ref/database/indexes')({
  staticData: { title: "Database Indexes" },
  component: IndexesRoute,
});

function IndexesRoute() {
  const { project } = projectRoute.useLoaderData();
  return <IndexesPage key={project.ref} project={project} />;
}
