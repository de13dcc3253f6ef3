// The path harness tested on toy machines: it passes a correct machine and fails loudly on every kind of defect.
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { controlledActors } from './controlled-actors.ts';
import { describeMachinePaths, planMachinePaths, replayMachinePaths, testMachinePaths, withoutTransition, type MachinePathsOptions } from './paths.ts';

type ToyEvent = { type: 'toy.go'; fast: boolean } | { type: 'toy.retry' } | { type: 'toy.reset' };

const toyMachine = setup({
  types: {} as { context: { retries: number; result: string | null }; events: ToyEvent },
  actors: {
    load: fromPromise<string>(() => {
      throw new Error("the 'load' actor is not provided");
    }),
  },
  actions: {
    announce: () => {
      throw new Error("the 'announce' action is not provided");
    },
  },
  delays: { settle: 500 },
  guards: {
    isFast: ({ event }) => event.type === 'toy.go' && event.fast,
    canRetry: ({ context }) => context.retries < 1,
    isNever: () => false,
  },
}).createMachine({
  id: 'toy',
  initial: 'idle',
  context: { retries: 0, result: null },
  states: {
    idle: {
      on: {
        'toy.go': [{ guard: 'isFast', target: 'fast' }, { target: 'loading' }],
      },
    },
    fast: { type: 'final' },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'settling', actions: assign({ result: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    settling: { after: { settle: 'done' } },
    failed: {
      on: {
        'toy.retry': { guard: 'canRetry', target: 'loading', actions: assign({ retries: ({ context }) => context.retries + 1 }) },
        'toy.reset': { guard: 'isNever', target: 'idle' },
      },
    },
    done: { type: 'final', entry: 'announce' },
  },
});

const events: MachinePathsOptions<typeof toyMachine>['events'] = [
  { type: 'toy.go', fast: false },
  { type: 'toy.go', fast: true },
  { type: 'xstate.done.actor.load', output: 'rows' },
  { type: 'xstate.error.actor.load', error: new Error('offline') },
];

const invariants: MachinePathsOptions<typeof toyMachine>['invariants'] = {
  idle: (snapshot) => expect(snapshot.context.result).toBeNull(),
  fast: (snapshot) => expect(snapshot.status).toBe('done'),
  loading: (snapshot, { actors }) => expect(actors?.isRunning('load') ?? true).toBe(true),
  settling: (snapshot) => expect(snapshot.context.result).toBe('rows'),
  failed: (snapshot) => expect(snapshot.context.retries).toBeLessThanOrEqual(1),
  done: (snapshot) => expect(snapshot.context.result).toBe('rows'),
};

// The unreachable guarded 'toy.reset' is the toy's planted defect; this variant has it removed.
const correctMachine = toyMachine.provide({ guards: { isNever: () => true }, actions: { announce: () => {} } });

describe('testMachinePaths', () => {
  it('passes a correct machine, settling controlled actors and advancing fake timers', async () => {
    const actors = controlledActors({ load: 'promise' });
    const report = await testMachinePaths(correctMachine, { events, invariants, actors });
    expect(report.statesCovered).toBe(7); // root + 6 states
    expect(report.transitionsCovered).toBe(7); // 2 + 2 (done, error) + 1 (after) + 2
    expect(report.pathsRun).toBeGreaterThan(3);
    expect(report.edgesCovered).toBe(report.plan.edges.size);
    // Every path starts from the machine's initial state with a synthetic xstate.init step.
    for (const path of report.plan.paths) expect(path.steps[0]?.event.type).toBe('xstate.init');
  });

  it('passes with plain stubs: XState 5.33 accepts an actor outcome sent from outside', async () => {
    const pending = fromPromise<string>(() => new Promise<string>(() => {}));
    const report = await testMachinePaths(correctMachine, { events, invariants, provide: { actors: { load: pending } } });
    expect(report.statesCovered).toBe(7);
  });

  it('fails when an invariant is wrong, naming the invariant, the state and the path', async () => {
    const actors = controlledActors({ load: 'promise' });
    const wrong = { ...invariants, settling: () => expect('rows').toBe('nothing') };
    await expect(testMachinePaths(correctMachine, { events, invariants: wrong, actors })).rejects.toThrow(
      /^path "\d+\. reaches done: toy\.go \{"fast":false\} → xstate\.done\.actor\.load \{"output":"rows"\} → xstate\.after\.settle\.toy\.settling" failed at step 2 \(xstate\.done\.actor\.load \{"output":"rows"\}\): invariant 'settling' failed in settling: expected 'rows' to be 'nothing'/,
    );
  });

  it('fails on coverage when the samples cannot reach a state', async () => {
    const actors = controlledActors({ load: 'promise' });
    const withoutFast = events.filter((event) => !(event.type === 'toy.go' && event.fast));
    const failure = testMachinePaths(correctMachine, { events: withoutFast, invariants, actors });
    await expect(failure).rejects.toThrow(/coverage of machine 'toy' is incomplete/);
    await expect(failure).rejects.toThrow(/states never reached \(1\):\n {4}- #toy\.fast/);
    await expect(failure).rejects.toThrow(/transitions never taken \(1\):\n {4}- #toy\.idle on toy\.go \[isFast\] → #toy\.fast/);
  });

  it('fails on coverage when a transition is never taken though every state is reached', async () => {
    const actors = controlledActors({ load: 'promise' });
    const withDefect = toyMachine.provide({ actions: { announce: () => {} } });
    const failure = testMachinePaths(withDefect, { events, invariants, actors });
    await expect(failure).rejects.toThrow(/transitions never taken \(1\):\n {4}- #toy\.failed on toy\.reset \[isNever\] → #toy\.idle/);
    await expect(failure).rejects.not.toThrow(/states never reached/);
  });

  it('fails when maxDepth cuts off paths, and says so', async () => {
    const actors = controlledActors({ load: 'promise' });
    await expect(testMachinePaths(correctMachine, { events, invariants, actors, maxDepth: 2 })).rejects.toThrow(
      /#toy\.done[\s\S]*dropped by maxDepth\/maxPaths/,
    );
  });

  it('fails when the live machine runs ahead of the model (a stub that settles by itself)', async () => {
    const eager = fromPromise<string>(async () => 'rows');
    await expect(
      testMachinePaths(correctMachine, { events, invariants, provide: { actors: { load: eager } } }),
    ).rejects.toThrow(/live snapshot differs from the model\n {4}expected \(active\): \{"value":"loading"/);
  });

  it('fails when a path expects the outcome of an actor that is not running', async () => {
    const machine = setup({}).createMachine({ id: 'bare', initial: 'a', states: { a: { on: { 'xstate.done.actor.ghost': 'b' } }, b: {} } });
    await expect(
      testMachinePaths(machine, { events: [], invariants: { a: () => {}, b: () => {} } }),
    ).rejects.toThrow(/no actor with that id is running \(children: none\)/);
  });

  it('rejects invariants that name no state, and states without an invariant', () => {
    expect(() => planMachinePaths(correctMachine, { events, invariants: { ...invariants, loadng: () => {} } })).toThrow(
      "invariant 'loadng' names no state of machine 'toy'",
    );
    const { done: _done, ...withoutDone } = invariants;
    expect(() => planMachinePaths(correctMachine, { events, invariants: withoutDone })).toThrow(/no invariant covers 'done'/);
    expect(() => planMachinePaths(correctMachine, { events, invariants: withoutDone, requireInvariants: false })).not.toThrow();
  });

  it('reports a crash of the live actor (a loud default stub) at the step where it happens', async () => {
    const loudAction = toyMachine.provide({ guards: { isNever: () => true } });
    const actors = controlledActors({ load: 'promise' });
    await expect(testMachinePaths(loudAction, { events, invariants, actors })).rejects.toThrow(
      /failed at step 3 \(xstate\.after\.settle\.toy\.settling\): the actor crashed: the 'announce' action is not provided/,
    );
  });

  it('reports a loud default actor stub as the machine taking its error path', async () => {
    await expect(testMachinePaths(correctMachine, { events, invariants })).rejects.toThrow(
      /failed at step 1 \(toy\.go \{"fast":false\}\): live snapshot differs[\s\S]*actual {3}\(active\): \{"value":"failed"/,
    );
  });

  const required = ['idle --toy.go--> fast', 'idle --toy.go--> loading', 'loading --xstate.done.actor.load--> settling', 'failed --toy.retry--> loading'];

  it('passes when every required transition is in the machine and taken', async () => {
    const report = await testMachinePaths(correctMachine, { events, invariants, actors: controlledActors({ load: 'promise' }), required });
    expect([...report.plan.required.keys()]).toEqual(required);
  });

  it('fails when a required transition is deleted from the machine, for each one listed', () => {
    for (const line of required) {
      const mutant = withoutTransition(correctMachine, line);
      expect(() => planMachinePaths(mutant, { events, invariants, required })).toThrow(
        `machine 'toy': required transitions not found:\n    - '${line}' is missing from the machine`,
      );
      // Without the list, the mutant's own transitions are the coverage target: nothing notices the deletion.
      expect(() => planMachinePaths(mutant, { events, invariants, requireInvariants: false })).not.toThrow();
    }
  });

  it('fails when a required transition exists but no path takes it', async () => {
    const actors = controlledActors({ load: 'promise' });
    const withoutRetry = testMachinePaths(correctMachine, {
      events,
      invariants,
      actors,
      required,
      filterEvents: (snapshot, event) => !(snapshot.matches('failed') && event.type === 'toy.retry'),
    });
    await expect(withoutRetry).rejects.toThrow(/required transitions never taken \(1\):\n {4}- failed --toy\.retry--> loading/);
  });

  it('rejects required lines that are malformed or name no state', () => {
    expect(() => planMachinePaths(correctMachine, { events, invariants, required: ['idle -> fast'] })).toThrow(/not of the form/);
    expect(() => planMachinePaths(correctMachine, { events, invariants, required: ['idle --toy.go--> nowhere'] })).toThrow(
      /names no state 'nowhere'/,
    );
  });

  it('plans shortest, simple and edge-completing paths without prefix duplicates', () => {
    const plan = planMachinePaths(correctMachine, { events, invariants });
    const sequences = plan.paths.map((path) => path.steps.map((step) => JSON.stringify(step.event)).join(' '));
    for (const [i, a] of sequences.entries()) {
      for (const [j, b] of sequences.entries()) if (i !== j) expect(b.startsWith(`${a} `) || a === b).toBe(false);
    }
    expect(new Set(plan.paths.map((path) => path.name)).size).toBe(plan.paths.length);
  });
});

// A ring of four states, both ways round: the shortest paths walk 3 of its 8 edges; the rest are walked in chains.
type RingEvent = { type: 'ring.next' } | { type: 'ring.back' };
const ringMachine = setup({ types: {} as { events: RingEvent } }).createMachine({
  id: 'ring',
  initial: 'a',
  states: {
    a: { on: { 'ring.next': 'b', 'ring.back': 'd' } },
    b: { on: { 'ring.next': 'c', 'ring.back': 'a' } },
    c: { on: { 'ring.next': 'd', 'ring.back': 'b' } },
    d: { on: { 'ring.next': 'a', 'ring.back': 'c' } },
  },
});
const ringOptions: MachinePathsOptions<typeof ringMachine> = {
  events: [{ type: 'ring.next' }, { type: 'ring.back' }],
  invariants: { a: () => {}, b: () => {}, c: () => {}, d: () => {} },
  simplePaths: false,
};

describe('chains', () => {
  it('walk the edges the shortest paths miss in a few long paths, each edge also kept as a single path', async () => {
    const plan = planMachinePaths(ringMachine, ringOptions);
    const chains = plan.paths.filter((path) => path.origin === 'chain');
    expect(chains.length).toBeGreaterThan(0);
    // One path per missing edge would be 5 paths after the shortest ones; the chains need fewer.
    expect(plan.paths.filter((path) => path.origin !== 'shortest').length).toBeLessThan(5);
    for (const chain of chains) expect(chain.singles!.length).toBeGreaterThan(1);
    const report = await testMachinePaths(ringMachine, ringOptions);
    expect(report.edgesCovered).toBe(8);
  });

  it('keep to maxDepth', () => {
    const plan = planMachinePaths(ringMachine, { ...ringOptions, maxDepth: 3 });
    expect(Math.max(...plan.paths.map((path) => path.steps.length - 1))).toBeLessThanOrEqual(3);
    expect(plan.droppedPaths).toBe(0);
  });

  it('that fail live are replayed as their single edges, which must pass', async () => {
    const plan = planMachinePaths(ringMachine, ringOptions);
    const chain = plan.paths.find((path) => path.origin === 'chain')!;
    // The model's own step made wrong: the chain fails at that step, its single edges still pass.
    const lastStep = chain.steps.length - 1;
    const snapshots = plan.paths.flatMap((path) => path.steps.map((step) => step.state));
    const wrong = snapshots.find((snapshot) => snapshot.value !== chain.steps[lastStep]!.state.value)!;
    chain.steps[lastStep] = { ...chain.steps[lastStep]!, state: wrong };
    const results = await replayMachinePaths(plan);
    expect(results.length).toBe(plan.paths.length - 1 + chain.singles!.length);

    // A single edge that fails too is reported, named as an edge of its chain.
    const single = chain.singles!.at(-1)!;
    single[single.length - 1] = chain.steps[lastStep]!;
    await expect(replayMachinePaths(plan)).rejects.toThrow(/an edge of chain .*live snapshot differs from the model/s);
  });
});

// One `it` for all paths and their coverage, as the machine test files use it.
describeMachinePaths('describeMachinePaths on the toy machine', correctMachine, {
  events,
  invariants,
  actors: controlledActors({ load: 'promise' }),
});
