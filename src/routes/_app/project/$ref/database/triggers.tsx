import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/triggers')({
  staticData: { title: "Database Triggers" },
  component: () => <PendingPage title="Database Triggers" area="the database tools" />,
});
