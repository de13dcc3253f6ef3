import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/advanced')({
  staticData: { title: "Advanced" },
  component: () => <PendingPage title="Advanced" area="authentication" />,
});
