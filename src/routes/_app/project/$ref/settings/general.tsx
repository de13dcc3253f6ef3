import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/settings/general')({
  staticData: { title: "General Settings" },
  component: () => <PendingPage title="General Settings" area="project settings" />,
});
