import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { planChangeMachine } from '../machines/plan-change.machine.ts';
import { selectCanSwitch, selectError, selectSwitchedTo, selectSwitchingTo } from '../machines/plan-change.selectors.ts';
import type { PlanId } from '../src/api/types.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { changePlan: 'promise' } as const;

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(planChangeMachine.provide({ actors: fakes.logic })).start();
  return { actor, fakes };
}

describe('plan-change machine: examples', () => {
  it('switches the plan and notes it', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'plan.switch', plan: 'team' });
    expect(selectSwitchingTo(actor.getSnapshot())).toBe('team');
    expect(fakes.starts('changePlan')[0]?.input).toEqual({ plan: 'team' });
    actor.send({ type: 'plan.switch', plan: 'pro' }); // ignored while one is out
    expect(fakes.starts('changePlan')).toHaveLength(1);
    await fakes.resolve('changePlan', {});
    expect(selectSwitchedTo(actor.getSnapshot())).toBe('team');
    expect(selectCanSwitch(actor.getSnapshot())).toBe(true);
  });

  it('shows the refusal and allows another try', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'plan.switch', plan: 'pro' });
    await fakes.reject('changePlan', new Error('You need additional permissions to update this organization'));
    expect(selectError(actor.getSnapshot())).toBe('You need additional permissions to update this organization');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    actor.send({ type: 'plan.switch', plan: 'pro' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    await fakes.reject('changePlan', new Error('')); // no message of its own: the fallback
    expect(selectError(actor.getSnapshot())).toBe('The plan could not be changed');
  });

  it('the default changePlan actor is a loud stub', async () => {
    const logic = planChangeMachine.implementations.actors.changePlan as AnyActorLogic;
    const child = createActor(logic, { input: {} });
    const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
    child.start();
    expect(String(await failure)).toMatch(/actor is not provided/);
  });
});

describe('plan-change machine: every plan', () => {
  // Four plans: each one is tried, not sampled.
  it('the plan asked for is the plan sent', () => {
    for (const plan of ['free', 'pro', 'team', 'enterprise'] satisfies PlanId[]) {
      const { actor, fakes } = start();
      actor.send({ type: 'plan.switch', plan });
      expect(fakes.starts('changePlan')[0]?.input).toEqual({ plan });
      actor.stop();
    }
  });
});

type Snap = SnapshotFrom<typeof planChangeMachine>;
const events: EventSample<typeof planChangeMachine>[] = [
  { type: 'plan.switch', plan: 'team' },
  { type: 'xstate.done.actor.changePlan', output: {} },
  { type: 'xstate.error.actor.changePlan', error: { message: 'refused' } },
];
const invariants: Invariants<typeof planChangeMachine> = {
  idle: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectSwitchingTo(s)).toBeNull();
  },
  'idle.failed': (s) => expect(selectError(s)).toBe('refused'),
  'idle.ready': (s) => expect(selectError(s)).toBeNull(),
  switching: (s, { actors }) => {
    expect(actors?.isRunning('changePlan')).toBe(true);
    expect(selectSwitchingTo(s)).toBe('team');
  },
};

describeMachinePaths('plan-change machine: generated paths', planChangeMachine, {
  events,
  invariants,
  actors: controlledActors(kinds),
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, ...s.context }),
});
