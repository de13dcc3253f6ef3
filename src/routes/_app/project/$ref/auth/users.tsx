import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/users')({
  staticData: { title: "Users" },
  component: () => <PendingPage title="Users" area="authentication" />,
});
