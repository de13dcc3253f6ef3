import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/functions')({
  staticData: { title: "Database Functions" },
  component: () => <PendingPage title="Database Functions" area="the database tools" />,
});
