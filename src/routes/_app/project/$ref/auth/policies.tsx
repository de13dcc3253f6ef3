import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/policies')({
  staticData: { title: "Policies" },
  component: () => <PendingPage title="Policies" area="authentication" />,
});
