import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/sql/')({
  staticData: { title: "SQL Editor" },
  component: () => <PendingPage title="SQL Editor" area="the SQL editor" />,
});
