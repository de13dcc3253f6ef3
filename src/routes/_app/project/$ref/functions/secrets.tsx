import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/functions/secrets')({
  staticData: { title: "Edge Function Secrets" },
  component: () => <PendingPage title="Edge Function Secrets" area="edge functions" />,
});
