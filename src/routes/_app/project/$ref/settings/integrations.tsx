import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/settings/integrations')({
  staticData: { title: "Integrations" },
  component: () => <PendingPage title="Integrations" area="project settings" />,
});
