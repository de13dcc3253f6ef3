import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/logs/explorer')({
  staticData: { title: "Logs Explorer" },
  component: () => <PendingPage title="Logs Explorer" area="logs" />,
});
