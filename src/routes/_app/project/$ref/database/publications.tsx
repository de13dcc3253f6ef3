import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/publications')({
  staticData: { title: "Database Publications" },
  component: () => <PendingPage title="Database Publications" area="the database tools" />,
});
