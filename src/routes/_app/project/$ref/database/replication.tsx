import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/replication')({
  staticData: { title: "Replication" },
  component: () => <PendingPage title="Replication" area="the database tools" />,
});
