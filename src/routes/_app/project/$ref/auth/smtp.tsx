import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/smtp')({
  staticData: { title: "SMTP Settings" },
  component: () => <PendingPage title="SMTP Settings" area="authentication" />,
});
