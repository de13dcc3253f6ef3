import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';
import { compact, str } from '../../../../../search-params.ts';

export const Route = createFileRoute('/_app/project/$ref/integrations/')({
  staticData: { title: "Integrations" },
  validateSearch: (raw: Record<string, unknown>) => compact({ category: str(raw, 'category') }),
  component: () => <PendingPage title="Integrations" area="integrations" />,
});
