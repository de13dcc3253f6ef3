import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/auth/url-configuration')({
  staticData: { title: "URL Configuration" },
  component: () => <PendingPage title="URL Configuration" area="authentication" />,
});
