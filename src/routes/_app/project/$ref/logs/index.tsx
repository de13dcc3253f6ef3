import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/logs/')({
  staticData: { title: "Logs" },
  component: () => <PendingPage title="Logs" area="logs" />,
});
