import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/integrations/vault/overview')({
  staticData: { title: "Vault" },
  component: () => <PendingPage title="Vault" area="integrations" />,
});
