import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/advisors/security')({
  staticData: { title: "Security Advisor" },
  component: () => <PendingPage title="Security Advisor" area="the advisors" />,
});
