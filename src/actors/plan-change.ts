// Real effect of the plan switch (spec A6 Upgrade, plan-change machine): PATCH the organization's plan, then let
// the caller re-read what shows the plan (the router's loaders: header badge, billing page).
import { fromPromise } from 'xstate';
import { updateOrganizationPlan } from '../api/team.ts';
import type { PlanId } from '../api/types.ts';

export function defineChangePlan({ slug, afterChange }: { slug: string; afterChange: () => Promise<void> }) {
  return fromPromise<unknown, { plan: PlanId }>(async ({ input }) => {
    await updateOrganizationPlan(slug, input.plan);
    await afterChange();
  });
}
