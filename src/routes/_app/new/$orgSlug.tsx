import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../views/pages/PendingPage.tsx';

export const Route = createFileRoute('/_app/new/$orgSlug')({
  staticData: { title: 'New project' },
  component: () => <PendingPage title="New project" area="project creation" />,
});
