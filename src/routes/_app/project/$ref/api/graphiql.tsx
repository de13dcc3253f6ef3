import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/api/graphiql')({
  staticData: { title: "GraphiQL" },
  component: () => <PendingPage title="GraphiQL" area="the API docs" />,
});
