import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';
import { compact, str } from '../../../../../search-params.ts';

export const Route = createFileRoute('/_app/project/$ref/database/tables')({
  staticData: { title: "Tables" },
  validateSearch: (raw: Record<string, unknown>) => compact({ schema: str(raw, 'schema') }),
  component: () => <PendingPage title="Tables" area="the database tools" />,
});
