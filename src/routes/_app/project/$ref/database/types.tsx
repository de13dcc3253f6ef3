import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/types')({
  staticData: { title: "Enumerated Types" },
  component: () => <PendingPage title="Enumerated Types" area="the database tools" />,
});
