import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/functions/')({
  staticData: { title: "Edge Functions" },
  component: () => <PendingPage title="Edge Functions" area="edge functions" />,
});
