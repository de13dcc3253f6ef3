import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/api/')({
  staticData: { title: "API Docs" },
  component: () => <PendingPage title="API Docs" area="the API docs" />,
});
