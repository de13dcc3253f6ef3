import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '../../../../views/pages/PendingPage.tsx';
import { compact, str, oneOf } from '../../../../search-params.ts';

export const Route = createFileRoute('/_app/org/$slug/billing')({
  staticData: { title: "Billing" },
  validateSearch: (raw: Record<string, unknown>) => compact({ panel: oneOf(raw, 'panel', ['subscriptionPlan', 'costControl'] as const), source: str(raw, 'source') }),
  component: () => <PendingPage title="Billing" area="billing" />,
});
