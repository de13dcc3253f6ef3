import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/settings/infrastructure')({
  staticData: { title: "Infrastructure" },
  component: () => <PendingPage title="Infrastructure" area="project settings" />,
});
