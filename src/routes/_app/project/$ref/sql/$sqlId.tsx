import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';
import { compact, str } from '../../../../../search-params.ts';

export const Route = createFileRoute('/_app/project/$ref/sql/$sqlId')({
  staticData: { title: "SQL Editor" },
  validateSearch: (raw: Record<string, unknown>) => compact({ schema: str(raw, 'schema') }),
  component: () => <PendingPage title="SQL Editor" area="the SQL editor" />,
});
