import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/database/column-privileges')({
  staticData: { title: "Column Privileges" },
  component: () => <PendingPage title="Column Privileges" area="the database tools" />,
});
