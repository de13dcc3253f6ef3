import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/indexes')({
  staticData: { title: "Database Indexes" },
  component: () => <PendingPage title="Database Indexes" area="the database tools" />,
});
