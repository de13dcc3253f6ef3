import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/org/$slug/apps')({
  staticData: { title: "OAuth Apps" },
  component: () => <PendingPage title="OAuth Apps" area="organization settings" />,
});
