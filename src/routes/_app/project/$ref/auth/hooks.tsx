import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/hooks')({
  staticData: { title: "Auth Hooks" },
  component: () => <PendingPage title="Auth Hooks" area="authentication" />,
});
