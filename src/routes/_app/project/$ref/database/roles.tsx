import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/roles')({
  staticData: { title: "Database Roles" },
  component: () => <PendingPage title="Database Roles" area="the database tools" />,
});
