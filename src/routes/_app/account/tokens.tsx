import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/account/tokens')({
  staticData: { title: "Access Tokens" },
  component: () => <PendingPage title="Access Tokens" area="access tokens" />,
});
