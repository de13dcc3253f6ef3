import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/settings')({
  staticData: { title: "Database Settings" },
  component: () => <PendingPage title="Database Settings" area="the database settings" />,
});
