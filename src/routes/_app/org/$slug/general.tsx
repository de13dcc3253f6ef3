import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/org/$slug/general')({
  staticData: { title: "Organization Settings" },
  component: () => <PendingPage title="Organization Settings" area="organization settings" />,
});
