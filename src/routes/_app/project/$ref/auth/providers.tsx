import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/providers')({
  staticData: { title: "Sign In / Providers" },
  component: () => <PendingPage title="Sign In / Providers" area="authentication" />,
});
