import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/settings/api')({
  staticData: { title: "Data API" },
  component: () => <PendingPage title="Data API" area="project settings" />,
});
