import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/extensions')({
  staticData: { title: "Database Extensions" },
  component: () => <PendingPage title="Database Extensions" area="the database tools" />,
});
