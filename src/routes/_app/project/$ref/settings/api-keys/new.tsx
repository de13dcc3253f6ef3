import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/settings/api-keys/new')({
  staticData: { title: "API Keys" },
  component: () => <PendingPage title="API Keys" area="API keys" />,
});
