import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/realtime/inspector')({
  staticData: { title: "Realtime Inspector" },
  component: () => <PendingPage title="Realtime Inspector" area="realtime" />,
});
