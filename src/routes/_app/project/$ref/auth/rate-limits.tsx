import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/rate-limits')({
  staticData: { title: "Rate Limits" },
  component: () => <PendingPage title="Rate Limits" area="authentication" />,
});
