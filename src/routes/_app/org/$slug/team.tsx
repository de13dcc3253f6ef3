import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/org/$slug/team')({
  staticData: { title: "Team" },
  component: () => <PendingPage title="Team" area="team management" />,
});
