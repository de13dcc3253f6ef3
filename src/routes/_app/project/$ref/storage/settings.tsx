import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/storage/settings')({
  staticData: { title: "Storage Settings" },
  component: () => <PendingPage title="Storage Settings" area="storage" />,
});
