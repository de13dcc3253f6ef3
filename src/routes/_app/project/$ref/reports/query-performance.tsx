import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';
import { compact, str } from '../../../../../search-params.ts';

export const Route = createFileRoute('/_app/project/$ref/reports/query-performance')({
  staticData: { title: "Query Performance" },
  validateSearch: (raw: Record<string, unknown>) => compact({ preset: str(raw, 'preset') }),
  component: () => <PendingPage title="Query Performance" area="reports" />,
});
