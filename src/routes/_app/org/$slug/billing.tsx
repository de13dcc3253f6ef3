import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { compact, oneOf, str } from '../../../../search-params.ts';
import { canManageMembers } from '../../../../domain/team.ts';
import type { MemberRole } from '../../../../api/schemas/platformFields.ts';
import { BillingPage } from '../../../../views/billing/BillingPage.tsx';
import { useFeatureFlags } from '../../../../views/shared/useAppContext.ts';

const orgRoute = getRouteApi('/_app/org/$slug');

// /org/{slug}/billing?panel=subscriptionPlan|costControl&source= (spec A2.2); the organization comes from the
// parent route's loader.
export const Route = createFileRoute('/_app/org/$slug/billing')({
  staticData: { title: 'Billing' },
  validateSearch: (raw: Record<string, unknown>) =>
    compact({ panel: oneOf(raw, 'panel', ['subscriptionPlan', 'costControl'] as const), source: str(raw, 'source') }),
  component: BillingRoute,
});

function BillingRoute() {
  const { organization } = orgRoute.useLoaderData();
  const { panel, source } = Route.useSearch();
  const navigate = Route.useNavigate();
  const flags = useFeatureFlags();
  // The platform's organization reply carries the caller's role (server/routes/organizations.ts).
  const role = (organization as { role?: MemberRole }).role;
  return (
    <BillingPage
      key={organization.slug}
      organization={organization}
      flags={flags}
      panel={panel}
      canChangePlan={canManageMembers(role)}
      onPanelChange={(next) => void navigate({ search: compact({ panel: next, source: next ? source : undefined }) })}
    />
  );
}
