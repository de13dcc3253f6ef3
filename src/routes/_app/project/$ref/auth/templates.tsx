import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/templates')({
  staticData: { title: "Emails" },
  component: () => <PendingPage title="Emails" area="authentication" />,
});
