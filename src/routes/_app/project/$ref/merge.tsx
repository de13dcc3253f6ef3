import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/merge')({
  staticData: { title: "Merge Request" },
  component: () => <PendingPage title="Merge Request" area="branching" />,
});
