import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/usage')({
  staticData: { title: "Usage" },
  component: () => <PendingPage title="Usage" area="usage" />,
});
