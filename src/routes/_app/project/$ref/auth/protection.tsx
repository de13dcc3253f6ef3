import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/protection')({
  staticData: { title: "Attack Protection" },
  component: () => <PendingPage title="Attack Protection" area="authentication" />,
});
