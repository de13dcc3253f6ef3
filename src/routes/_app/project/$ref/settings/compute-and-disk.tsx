import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/project/$ref/settings/compute-and-disk')({
  staticData: { title: "Compute and Disk" },
  component: () => <PendingPage title="Compute and Disk" area="compute and disk" />,
});
