import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';
import { compact, str } from '../../../../search-params.ts';

export const Route = createFileRoute('/_app/org/$slug/usage')({
  staticData: { title: "Usage" },
  validateSearch: (raw: Record<string, unknown>) => compact({ projectRef: str(raw, 'projectRef') }),
  component: () => <PendingPage title="Usage" area="usage" />,
});
