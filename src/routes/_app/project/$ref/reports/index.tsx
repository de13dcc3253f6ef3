import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/reports/')({
  staticData: { title: "Reports" },
  component: () => <PendingPage title="Reports" area="reports" />,
});
