import { createFileRoute } from '@tanstack/react-router';
import { ReplicationPage } from '../../../../../views/database/replication/ReplicationPage.tsx';

// spec A2.6, A4.5 (issue 20): read replicas. The Database menu's 'Coming soon' follows the replicationEnabled remote
// flag, which the local platform serves on (src/domain/signals.ts PLATFORM_REMOTE_FLAG_DEFAULTS).
export const Route = createFileRoute('/_app/project/$ref/database/replication')({
  staticData: { title: "Replication" },
  component: ReplicationRoute,
});

function ReplicationRoute() {
  const { ref } = Route.useParams();
  return <ReplicationPage projectRef={ref} />;
}
