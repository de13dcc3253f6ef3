// Switching an organization's plan from the subscription panel (/org/{slug}/billing?panel=subscriptionPlan).
// The local platform has no payment provider: the switch is a PATCH of the organization's plan (spec A6 Upgrade
// button with billing:all). One switch at a time; a failure shows the platform's message.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { PlanId } from '../src/domain/entities.ts';
import { errorMessage, notProvided } from './support.ts';

export type PlanChangeContext = {
  plan: PlanId | null;
  error: string | null;
  /** The plan the organization was last switched to, for the notice. */
  switchedTo: PlanId | null;
};

export type PlanSwitchEvent = { type: 'plan.switch'; plan: PlanId };
export type PlanChangeEvent = PlanSwitchEvent;
export type PlanChangeTag = 'busy' | 'error';

export const planChangeMachine = setup({
  types: {} as { context: PlanChangeContext; events: PlanChangeEvent; tags: PlanChangeTag },
  actors: {
    changePlan: fromPromise<unknown, { plan: PlanId }>(async () => notProvided('change plan')),
  },
  actions: {
    rememberPlan: assign({
      plan: ({ event }) => {
        assertEvent(event, 'plan.switch');
        return event.plan;
      },
      error: null,
      switchedTo: null,
    }),
    noteSwitched: assign({ switchedTo: ({ context }) => context.plan, plan: null }),
    storeFailure: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error, 'The plan could not be changed'), plan: null }),
  },
}).createMachine({
  id: 'planChange',
  context: { plan: null, error: null, switchedTo: null },
  initial: 'idle',
  states: {
    idle: {
      initial: 'ready',
      states: { ready: {}, failed: { tags: 'error' } },
      on: { 'plan.switch': { target: 'switching', actions: 'rememberPlan' } },
    },
    switching: {
      tags: 'busy',
      invoke: {
        id: 'changePlan',
        src: 'changePlan',
        input: ({ context }) => ({ plan: context.plan! }),
        onDone: { target: 'idle', actions: 'noteSwitched' },
        onError: { target: 'idle.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type PlanChangeMachine = typeof planChangeMachine;
