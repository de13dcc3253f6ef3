import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/mfa')({
  staticData: { title: "Multi-Factor" },
  component: () => <PendingPage title="Multi-Factor" area="authentication" />,
});
