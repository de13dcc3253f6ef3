import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/settings/jwt/signing-keys')({
  staticData: { title: "JWT Signing Keys" },
  component: () => <PendingPage title="JWT Signing Keys" area="JWT keys" />,
});
