import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/branches')({
  staticData: { title: "Branches" },
  component: () => <PendingPage title="Branches" area="branching" />,
});
