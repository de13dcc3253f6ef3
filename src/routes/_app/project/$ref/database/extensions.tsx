import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { ExtensionsPage } from '../../../../../views/database/extensions/ExtensionsPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.6 (issue 19): the extensions the server ships, enabled and disabled with their SQL shown.
export const Route = createFileRoute('/_app/project/$ref/database/extensions')({
  staticData: { title: "Database Extensions" },
  component: ExtensionsRoute,
});

function ExtensionsRoute() {
  const { project } = projectRoute.useLoaderData();
  return <ExtensionsPage key={project.ref} project={project} />;
}
