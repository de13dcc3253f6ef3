import { createFileRoute } from '@tanstack/react-router';
import { ReplicationPage } from '../../../../../views/database/replication/ReplicationPage.tsx';

// spec A2.6 (issue 19): Replication is 'Coming soon' until read replicas land.
export const Route = createFileRoute('/_app/project/$ref/database/replication')({
  staticData: { title: "Replication" },
  component: ReplicationRoute,
});

function ReplicationRoute() {
  const { ref } = Route.useParams();
  return <ReplicationPage projectRef={ref} />;
}
