import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/schemas')({
  staticData: { title: "Schema Visualizer" },
  component: () => <PendingPage title="Schema Visualizer" area="the database tools" />,
});
