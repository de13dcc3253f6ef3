import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/settings/jwt/')({
  staticData: { title: "JWT Keys" },
  component: () => <PendingPage title="JWT Keys" area="JWT keys" />,
});
