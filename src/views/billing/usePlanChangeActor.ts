import { useActorRef } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { planChangeMachine } from '../../../machines/plan-change.machine.ts';
import { updateOrganizationPlan } from '../../api/team.ts';
import type { PlanId } from '../../api/types.ts';

/** The plan switch actor: PATCH the organization's plan, then re-read the organization (header badge, page). */
export function usePlanChangeActor(slug: string) {
  const router = useRouter();
  const machine = useMemo(
    () =>
      planChangeMachine.provide({
        actors: {
          changePlan: fromPromise<unknown, { plan: PlanId }>(async ({ input }) => {
            await updateOrganizationPlan(slug, input.plan);
            await router.invalidate();
          }),
        },
      }),
    [slug, router],
  );
  return useActorRef(machine);
}
