import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/backups/pitr')({
  staticData: { title: "Point in Time Recovery" },
  component: () => <PendingPage title="Point in Time Recovery" area="backups" />,
});
