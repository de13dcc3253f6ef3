import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/integrations/webhooks/overview')({
  staticData: { title: "Database Webhooks" },
  component: () => <PendingPage title="Database Webhooks" area="integrations" />,
});
