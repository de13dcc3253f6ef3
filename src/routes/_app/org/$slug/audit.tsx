import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/org/$slug/audit')({
  staticData: { title: "Audit Logs" },
  component: () => <PendingPage title="Audit Logs" area="organization settings" />,
});
