import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/org/$slug/invoices')({
  staticData: { title: "Invoices" },
  component: () => <PendingPage title="Invoices" area="billing" />,
});
