import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../../views/pages/PendingPage.tsx';
import { compact, str } from '../../../../../search-params.ts';

export const Route = createFileRoute('/_app/project/$ref/settings/addons')({
  staticData: { title: "Add-ons" },
  validateSearch: (raw: Record<string, unknown>) => compact({ panel: str(raw, 'panel'), source: str(raw, 'source') }),
  component: () => <PendingPage title="Add-ons" area="add-ons" />,
});
