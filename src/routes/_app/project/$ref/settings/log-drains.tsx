import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/settings/log-drains')({
  staticData: { title: "Log Drains" },
  component: () => <PendingPage title="Log Drains" area="project settings" />,
});
