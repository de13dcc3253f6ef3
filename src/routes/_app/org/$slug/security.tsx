import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/org/$slug/security')({
  staticData: { title: "Security" },
  component: () => <PendingPage title="Security" area="organization settings" />,
});
