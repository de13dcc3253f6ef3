import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/new/')({
  staticData: { title: 'New organization' },
  component: () => <PendingPage title="New organization" area="organization management" />,
});
