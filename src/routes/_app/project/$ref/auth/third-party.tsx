import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/third-party')({
  staticData: { title: "Third-Party Auth" },
  component: () => <PendingPage title="Third-Party Auth" area="authentication" />,
});
