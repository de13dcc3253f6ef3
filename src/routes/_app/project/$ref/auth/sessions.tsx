import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/sessions')({
  staticData: { title: "Sessions" },
  component: () => <PendingPage title="Sessions" area="authentication" />,
});
