import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/org/$slug/')({
  staticData: { title: 'Projects' },
  component: () => <PendingPage title="Projects" area="the organization's project list" />,
});
