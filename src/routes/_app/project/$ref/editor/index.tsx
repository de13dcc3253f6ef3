import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/editor/')({
  staticData: { title: "Table Editor" },
  component: () => <PendingPage title="Table Editor" area="the table editor" />,
});
