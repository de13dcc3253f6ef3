import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/advisors/performance')({
  staticData: { title: "Performance Advisor" },
  component: () => <PendingPage title="Performance Advisor" area="the advisors" />,
});
