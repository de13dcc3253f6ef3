import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { TriggersPage } from '../../../../../views/database/triggers/TriggersPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec A2.6 Database → Triggers (issue 19).
export const Route = createFileRoute('/_app/project/$ref/database/triggers')({
  staticData: { title: "Database Triggers" },
  component: TriggersRoute,
});

function TriggersRoute() {
  const { project } = projectRoute.useLoaderData();
  return <TriggersPage key={project.ref} project={project} />;
}
