import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/migrations')({
  staticData: { title: "Migrations" },
  component: () => <PendingPage title="Migrations" area="the database tools" />,
});
