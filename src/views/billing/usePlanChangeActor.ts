import { useActorRef } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { planChangeMachine } from '../../../machines/plan-change.machine.ts';
import { defineChangePlan } from '../../actors/plan-change.ts';
import { devInspect } from '../../dev/live-inspect.ts';

/** The plan switch actor: PATCH the organization's plan, then re-read the organization (header badge, page). */
export function usePlanChangeActor(slug: string) {
  const router = useRouter();
  const machine = useMemo(
    () => planChangeMachine.provide({ actors: { changePlan: defineChangePlan({ slug, afterChange: () => router.invalidate() }) } }),
    [slug, router],
  );
  return useActorRef(machine, { inspect: devInspect });
}
