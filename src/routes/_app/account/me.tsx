import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/account/me')({
  staticData: { title: "Preferences" },
  component: () => <PendingPage title="Preferences" area="account preferences" />,
});
