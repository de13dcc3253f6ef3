import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/overview')({
  staticData: { title: "Authentication Overview" },
  component: () => <PendingPage title="Authentication Overview" area="authentication" />,
});
