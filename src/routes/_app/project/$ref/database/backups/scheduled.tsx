import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/backups/scheduled')({
  staticData: { title: "Scheduled Backups" },
  component: () => <PendingPage title="Scheduled Backups" area="backups" />,
});
