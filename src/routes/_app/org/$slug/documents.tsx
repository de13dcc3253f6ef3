import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/org/$slug/documents')({
  staticData: { title: "Legal Documents" },
  component: () => <PendingPage title="Legal Documents" area="organization settings" />,
});
