import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';
import { compact, str } from '../../../../../search-params.ts';

export const Route = createFileRoute('/_app/project/$ref/editor/$tableId')({
  staticData: { title: "Table Editor" },
  validateSearch: (raw: Record<string, unknown>) => compact({ schema: str(raw, 'schema') }),
  component: () => <PendingPage title="Table Editor" area="the table editor" />,
});
