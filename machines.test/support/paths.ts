// Model-based path testing for XState v5 machines that invoke actors and use delays (DESIGN §4).
//
// 1. plan:     the machine's adjacency map (state × event sample → next state) from xstate/graph, traversed purely
//              (no actor runs), then paths from getShortestPaths + getSimplePaths + chains through the edges they
//              missed (a chain that fails live is replayed as its single edges: PlannedPath.singles).
// 2. replay:   each path on a live actor with fake timers: plain events are sent, `xstate.after.*` steps advance the
//              fake clock until that delayed event fires, `xstate.done.actor.<id>` / `xstate.error.actor.<id>` steps
//              settle the controlled stub (controlled-actors.ts) running under that id. After every step the live
//              snapshot must equal the planned one, and the invariants of every active state run.
// 3. coverage: every state node, every transition definition and every adjacency edge must have been walked.
//
// Usage and rules: README.md in this folder.
import { createActor, createMachine, getNextSnapshot, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type EventObject, type InputFrom, type InspectionEvent, type SnapshotFrom, type EventFromLogic } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, getStateNodes, type AdjacencyMap, type AdjacencyValue, type StatePath } from 'xstate/graph';
import { it, vi } from 'vitest';
import { flushMicrotasks, type ActorController } from './controlled-actors.ts';
import { writeChartCoverage } from './chart-coverage.ts';

// ─── types ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** The outcome of an invoked actor, as the parent machine receives it. */
export type ActorOutcomeSample =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error?: unknown };

/** A delayed transition firing (`after`); the harness advances the fake clock instead of sending it. */
export type DelayedEventSample = { type: `xstate.after.${string}` };

/** Event samples: the machine's own events with realistic payloads, actor outcomes and delays. */
export type EventSample<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | ActorOutcomeSample | DelayedEventSample;

export interface InvariantInfo {
  /** The controlled actors given in the options, to assert what runs in a state. */
  actors: ActorController | undefined;
  /** The path being replayed and the index of the step just taken (0 = initial state). */
  path: PlannedPath;
  stepIndex: number;
}

/**
 * Invariants keyed by state: `'ready'`, `'ready.writing'` (path from the root), `'#theme.ready'` (state node id), or
 * `'*'` (every state). An invariant runs after every step whose snapshot has that state node active.
 */
export type Invariants<TMachine extends AnyStateMachine> = Record<
  string,
  (snapshot: SnapshotFrom<TMachine>, info: InvariantInfo) => void
>;

export interface MachinePathsOptions<TMachine extends AnyStateMachine> {
  /** Samples of every event worth sending, with payloads; own events without a sample are tried as `{ type }`. */
  events: ReadonlyArray<EventSample<TMachine>>;
  input?: InputFrom<TMachine>;
  invariants: Invariants<TMachine>;
  /** Implementations for the run (fake actors, actions, guards, delays) — as for `machine.provide`. */
  provide?: Parameters<TMachine['provide']>[0];
  /** Controlled stubs (controlledActors()); their logic is provided too, and actor-outcome steps settle them. */
  actors?: ActorController;
  /** Drop paths with more steps than this (not counting the initial state). Default: no limit. */
  maxDepth?: number;
  /** Replay at most this many paths (paths that add coverage are kept first). Default 500. */
  maxPaths?: number;
  /** Also replay getSimplePaths (every cycle-free path). Default true; turn off for big graphs — it is exponential. */
  simplePaths?: boolean;
  /** State identity for the graph and the live comparison. Default: JSON of `{ value, context }`. */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Skip some event samples in some states (e.g. orders of delays that cannot happen live). */
  filterEvents?: (snapshot: SnapshotFrom<TMachine>, event: EventObject) => boolean;
  /** Require an invariant on every atomic state (directly or on an ancestor). Default true. */
  requireInvariants?: boolean;
  /** Upper bound on traversal iterations (guards against context that grows forever). Default 20 000. */
  traversalLimit?: number;
  /**
   * Transitions the spec names, as `'source --event.type--> target'` (state paths from the root, e.g.
   * `'ready.checking --project.paused--> paused'`, or `'#stateId'`; the same state on both sides for a transition
   * that stays). The coverage target is otherwise read from the machine itself, so a transition deleted from the
   * machine would go unnoticed: each one listed here must exist (on the source state or an ancestor, leading to the
   * target or one of its descendants) and be taken on some path.
   */
  required?: readonly string[];
}

export interface PlannedStep {
  /** The event taken (`xstate.init` for the first step). */
  event: EventObject;
  /** The snapshot the pure traversal says this event leads to. */
  state: AnyMachineSnapshot;
}

export interface PlannedPath {
  name: string;
  origin: 'shortest' | 'simple' | 'edge' | 'chain';
  steps: PlannedStep[];
  /**
   * A chain's edges, each as its own path (the shortest path to its source, then the edge): replayed instead when the
   * chain fails, so that a failure is reported on the shortest path that shows it. The model has no clock: delays of
   * states that stay active add up along a long chain, which can make a parent's delay fire first where no shorter
   * walk would.
   */
  singles?: PlannedStep[][];
}

export interface MachinePathPlan {
  /** The machine as run: with `provide` and the controlled actors applied. */
  machine: AnyStateMachine;
  paths: PlannedPath[];
  /** Paths generated but not replayed because of maxDepth / maxPaths. */
  droppedPaths: number;
  /** Every adjacency edge, keyed by `edgeKey`, with a readable label. */
  edges: Map<string, string>;
  /** Every state node id that must be reached. */
  stateIds: string[];
  /** Every transition definition that must be taken, with a readable label. */
  transitions: Map<AnyTransitionDefinition, string>;
  /** The `required` transitions: each spec line with the transition definitions of the machine that match it. */
  required: Map<string, AnyTransitionDefinition[]>;
  run: RunOptions;
}

interface RunOptions {
  input: unknown;
  actors: ActorController | undefined;
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  invariants: Array<{ key: string; node: AnyStateNode | undefined; check: (snapshot: any, info: InvariantInfo) => void }>;
}

export interface PathResult {
  statesReached: Set<string>;
  edgesWalked: Set<string>;
  transitionsTaken: Set<AnyTransitionDefinition>;
}

export interface CoverageReport {
  pathsRun: number;
  statesCovered: number;
  edgesCovered: number;
  transitionsCovered: number;
}

// ─── planning ───────────────────────────────────────────────────────────────────────────────────────────────────

const defaultSerialize = (snapshot: AnyMachineSnapshot): string =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

const edgeKey = (serializedState: string, event: EventObject): string => `${serializedState} --${JSON.stringify(event)}-->`;

function matchesDescriptor(type: string, descriptor: string): boolean {
  if (descriptor === '*' || descriptor === type) return true;
  return descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1));
}

/** Every state node of the machine, the root included. */
function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

/** A transition that blocks an event (no target, no actions) is never "taken"; xstate/graph skips it too. */
const isForbidden = (t: AnyTransitionDefinition): boolean => !t.target && t.actions.length === 0 && !t.reenter;

function transitionLabels(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const labels = new Map<AnyTransitionDefinition, string>();
  const seen = new Map<string, number>();
  for (const node of allStateNodes(machine)) {
    const definitions = [...node.transitions.values()].flat().concat(node.always ?? []);
    for (const t of definitions) {
      if (isForbidden(t)) continue;
      const guard = t.guard === undefined ? '' : ` [${guardName(t.guard)}]`;
      const targets = t.target?.map((target) => `#${target.id}`).join(', ') ?? '(stays)';
      const base = `#${node.id} on ${t.eventType || '(always)'}${guard} → ${targets}`;
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      labels.set(t, count === 1 ? base : `${base} (#${count})`);
    }
  }
  return labels;
}

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return 'inline guard';
}

function resolveInvariants(machine: AnyStateMachine, invariants: Record<string, RunOptions['invariants'][number]['check']>, require: boolean): RunOptions['invariants'] {
  const resolved = Object.entries(invariants).map(([key, check]) => {
    if (key === '*') return { key, node: undefined, check };
    let node: AnyStateNode | undefined;
    if (key.startsWith('#')) {
      node = allStateNodes(machine).find((candidate) => candidate.id === key.slice(1));
    } else {
      node = machine.root;
      for (const segment of key.split('.')) node = node?.states[segment];
    }
    if (!node) throw new Error(`invariant '${key}' names no state of machine '${machine.id}'`);
    return { key, node, check };
  });
  if (require) {
    const covered = new Set(resolved.flatMap(({ node }) => (node ? [node] : [])));
    const missing = allStateNodes(machine).filter((node) => {
      if (node.type !== 'atomic' && node.type !== 'final') return false;
      // A transient state (an unguarded `always`) is never a stable snapshot, so no invariant could run there.
      if (node.always?.some((t) => !t.guard)) return false;
      for (let current: AnyStateNode | undefined = node; current && current !== machine.root; current = current.parent) {
        if (covered.has(current)) return false;
      }
      return true;
    });
    if (missing.length) {
      throw new Error(
        `machine '${machine.id}': no invariant covers ${missing.map((node) => `'${node.path.join('.')}'`).join(', ')} ` +
          `(give one per state or on an ancestor; '*' does not count; opt out with requireInvariants: false)`,
      );
    }
  }
  return resolved;
}

function findStateNode(machine: AnyStateMachine, name: string): AnyStateNode | undefined {
  if (name.startsWith('#')) return allStateNodes(machine).find((node) => node.id === name.slice(1));
  let node: AnyStateNode | undefined = machine.root;
  for (const segment of name.split('.')) node = node?.states[segment];
  return node;
}

const isWithin = (node: AnyStateNode, ancestor: AnyStateNode): boolean => {
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
};

/** Finds the transitions each `required` line names; throws naming every line the machine does not have. */
export function resolveRequiredTransitions(machine: AnyStateMachine, required: readonly string[]): Map<string, AnyTransitionDefinition[]> {
  const resolved = new Map<string, AnyTransitionDefinition[]>();
  const problems: string[] = [];
  for (const line of required) {
    const match = /^\s*(\S+)\s+--(\S+)-->\s+(\S+)\s*$/.exec(line);
    if (!match) {
      problems.push(`'${line}' is not of the form 'source --event--> target'`);
      continue;
    }
    const [, sourceName, eventType, targetName] = match as unknown as [string, string, string, string];
    const source = findStateNode(machine, sourceName);
    const target = findStateNode(machine, targetName);
    if (!source || !target) {
      problems.push(`'${line}' names no state ${!source ? `'${sourceName}'` : `'${targetName}'`}`);
      continue;
    }
    const found: AnyTransitionDefinition[] = [];
    for (let owner: AnyStateNode | undefined = source; owner; owner = owner.parent) {
      const definitions = eventType === '(always)' ? (owner.always ?? []) : (owner.transitions.get(eventType) ?? []);
      for (const t of definitions) {
        const leadsThere = t.target?.length
          ? t.target.some((node: AnyStateNode) => isWithin(node, target))
          : isWithin(source, target) && !isForbidden(t);
        if (leadsThere) found.push(t);
      }
    }
    if (found.length) resolved.set(line, found);
    else problems.push(`'${line}' is missing from the machine`);
  }
  if (problems.length) {
    throw new Error(`machine '${machine.id}': required transitions not found:\n${problems.map((p) => `    - ${p}`).join('\n')}`);
  }
  return resolved;
}

function formatEvent(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  if (!Object.keys(rest).length) return type;
  const payload = JSON.stringify(rest);
  return `${type} ${payload.length > 60 ? `${payload.slice(0, 57)}...` : payload}`;
}

function formatState(snapshot: AnyMachineSnapshot): string {
  const leaves = snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final');
  return leaves.map((node) => node.path.join('.')).join(' + ') || '(root)';
}

/** Builds the adjacency map and the paths to replay; throws on configuration mistakes. */
export function planMachinePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachinePathsOptions<TMachine>,
): MachinePathPlan {
  const { provide, actors } = options;
  const providedActors = (provide as { actors?: Record<string, unknown> } | undefined)?.actors ?? {};
  const controlledNames = Object.keys(actors?.logic ?? {});
  const clash = controlledNames.filter((name) => name in providedActors);
  if (clash.length) throw new Error(`actors given both in provide and as controlled actors: ${clash.join(', ')}`);
  const run: AnyStateMachine = machine.provide({
    ...(provide as object),
    actors: { ...providedActors, ...actors?.logic },
  } as never);

  const serializeState = (options.serializeState ?? defaultSerialize) as (snapshot: AnyMachineSnapshot) => string;
  const samples = options.events as readonly EventObject[];
  const eventsFor = (snapshot: AnyMachineSnapshot): EventObject[] => {
    const descriptors = new Set(snapshot._nodes.flatMap((node) => node.ownEvents as string[]));
    const chosen = new Map<string, EventObject>();
    for (const descriptor of descriptors) {
      // Raised by the machine itself when a final child is reached: never sent from outside.
      if (descriptor.startsWith('xstate.done.state.')) continue;
      const matching = samples.filter((sample) => matchesDescriptor(sample.type, descriptor));
      const events = matching.length || descriptor.includes('*') ? matching : [{ type: descriptor }];
      for (const event of events) chosen.set(JSON.stringify(event), event);
    }
    return [...chosen.values()];
  };
  const traversal = {
    input: options.input,
    serializeState: (snapshot: AnyMachineSnapshot) => serializeState(snapshot),
    events: eventsFor,
    filterEvents: options.filterEvents as ((snapshot: AnyMachineSnapshot, event: EventObject) => boolean) | undefined,
    limit: options.traversalLimit ?? 20_000,
  };

  let adjacency: AdjacencyMap<AnyMachineSnapshot, EventObject>;
  let shortest: StatePath<AnyMachineSnapshot, EventObject>[];
  let simple: StatePath<AnyMachineSnapshot, EventObject>[];
  try {
    adjacency = getAdjacencyMap(run, traversal as never) as typeof adjacency;
    shortest = getShortestPaths(run, traversal as never) as typeof shortest;
    simple = options.simplePaths === false ? [] : (getSimplePaths(run, traversal as never) as typeof simple);
  } catch (error) {
    if (error instanceof Error && error.message.includes('Traversal limit exceeded')) {
      throw new Error(
        `machine '${run.id}': the state graph did not close within ${traversal.limit} traversal steps — the context ` +
          'probably grows without bound; give a serializeState that abstracts it, or fewer event samples',
        { cause: error },
      );
    }
    throw error;
  }

  // xstate/graph keys transitions by a branded string; Object.values loses the value type through that key (TS 7
  // infers unknown), so read them through the map's own value type.
  const transitionsOf = (transitions: AdjacencyValue<AnyMachineSnapshot, EventObject>['transitions']) =>
    Object.values(transitions) as Array<{ event: EventObject; state: AnyMachineSnapshot }>;
  const edges = new Map<string, string>();
  for (const [stateKey, { state, transitions }] of Object.entries(adjacency)) {
    for (const { event, state: next } of transitionsOf(transitions)) {
      edges.set(edgeKey(stateKey, event), `${formatState(state)} --${formatEvent(event)}--> ${formatState(next)}  ${stateKey}`);
    }
  }

  type Candidate = { origin: PlannedPath['origin']; steps: PlannedStep[]; singles?: PlannedStep[][] };
  const toSteps = (path: StatePath<AnyMachineSnapshot, EventObject>): PlannedStep[] =>
    path.steps.map((step) => ({ event: step.event, state: step.state }));
  const candidates: Candidate[] = [
    ...shortest.map((path) => ({ origin: 'shortest' as const, steps: toSteps(path) })),
    ...simple.map((path) => ({ origin: 'simple' as const, steps: toSteps(path) })),
  ];
  const edgesOf = (steps: PlannedStep[]): string[] =>
    steps.slice(1).map((step, index) => edgeKey(serializeState(steps[index]!.state), step.event));

  // Shortest paths reach every state but not every edge (nor do simple paths: they never close a cycle). The edges
  // still missing are walked in chains: the shortest path to a missing edge's source, that edge, then on from where
  // it arrives through the next edge not yet walked (or, when the state reached has none, through the few walked
  // edges that lead closest to one), until none is near. A replay costs its whole prefix, so one chain per edge
  // ("shortest path + edge") replayed the same prefixes thousands of times for the big machines.
  const walked = new Set(candidates.flatMap((candidate) => edgesOf(candidate.steps)));
  const shortestTo = new Map(shortest.map((path) => [serializeState(path.state), toSteps(path)]));
  type Edge = { key: string; event: EventObject; next: AnyMachineSnapshot; nextKey: string };
  const outgoing = new Map<string, Edge[]>();
  for (const [stateKey, { transitions }] of Object.entries(adjacency)) {
    outgoing.set(
      stateKey,
      transitionsOf(transitions).map(({ event, state: next }) => ({ key: edgeKey(stateKey, event), event, next, nextKey: serializeState(next) })),
    );
  }
  const unwalkedFrom = (stateKey: string) => outgoing.get(stateKey)?.find((edge) => !walked.has(edge.key));
  /** The walked edges from `from` to the nearest state with an edge not yet walked, if one is at most `limit` away. */
  const connector = (from: string, limit: number): Edge[] | undefined => {
    const via = new Map<string, { previous: string; edge: Edge }>([[from, { previous: '', edge: undefined as never }]]);
    let frontier = [from];
    for (let depth = 0; depth < limit && frontier.length; depth++) {
      const next: string[] = [];
      for (const stateKey of frontier) {
        for (const edge of outgoing.get(stateKey) ?? []) {
          if (via.has(edge.nextKey)) continue;
          via.set(edge.nextKey, { previous: stateKey, edge });
          if (unwalkedFrom(edge.nextKey)) {
            const route: Edge[] = [];
            for (let at = edge.nextKey; at !== from; at = via.get(at)!.previous) route.unshift(via.get(at)!.edge);
            return route;
          }
          next.push(edge.nextKey);
        }
      }
      frontier = next;
    }
    return undefined;
  };
  const CHAIN_STEPS = 120;
  const CONNECTOR_STEPS = 4;
  // A chain never outgrows maxDepth (paths longer than that are dropped below).
  const depthLimit = options.maxDepth ?? Infinity;
  // A chain's snapshots are computed from the chain's own previous snapshot, not taken from the adjacency map: a
  // serializeState that abstracts the context (tableRows keeps flags such as 'loaded') makes one key stand for
  // snapshots that differ in what it leaves out, and the map's snapshot for a key is the first one found.
  const advance = (snapshot: AnyMachineSnapshot, event: EventObject) => getNextSnapshot(run, snapshot, event) as AnyMachineSnapshot;
  const allowed = (snapshot: AnyMachineSnapshot, edge: Edge) => traversal.filterEvents?.(snapshot, edge.event) ?? true;
  for (const [stateKey, edges] of outgoing) {
    for (const first of edges) {
      if (walked.has(first.key)) continue;
      const prefix = shortestTo.get(stateKey);
      if (!prefix) continue;
      const steps: PlannedStep[] = [...prefix, { event: first.event, state: first.next }];
      const singles: PlannedStep[][] = [[...prefix, { event: first.event, state: first.next }]];
      walked.add(first.key);
      let current = first.next;
      let at = first.nextKey;
      while (steps.length < prefix.length + CHAIN_STEPS) {
        const room = depthLimit - (steps.length - 1);
        const onward = room >= 1 ? outgoing.get(at)?.find((edge) => !walked.has(edge.key) && allowed(current, edge)) : undefined;
        const route = onward ? [onward] : room >= 2 ? connector(at, Math.min(CONNECTOR_STEPS, room - 1)) : undefined;
        if (!route) break;
        let moved = false;
        for (const edge of route) {
          if (edge.key !== edgeKey(at, edge.event) || !allowed(current, edge)) break;
          const next = advance(current, edge.event);
          if (!walked.has(edge.key)) {
            walked.add(edge.key);
            const to = shortestTo.get(at);
            if (to) singles.push([...to, { event: edge.event, state: edge.next }]);
          }
          steps.push({ event: edge.event, state: next });
          current = next;
          at = serializeState(next);
          moved = true;
        }
        if (!moved) break;
      }
      candidates.push(singles.length === 1 ? { origin: 'edge', steps } : { origin: 'chain', steps, singles });
    }
  }

  // Drop paths that are a prefix of another one: the longer path walks the same steps.
  const maxDepth = options.maxDepth ?? Infinity;
  const sequence = (candidate: Candidate) => candidate.steps.map((step) => JSON.stringify(step.event));
  const byLength = candidates
    .filter((candidate) => candidate.steps.length - 1 <= maxDepth)
    .sort((a, b) => b.steps.length - a.steps.length);
  const kept: Candidate[] = [];
  const keptSequences: string[][] = [];
  for (const candidate of byLength) {
    const events = sequence(candidate);
    const isPrefix = keptSequences.some((longer) => events.every((event, index) => longer[index] === event));
    if (!isPrefix) {
      kept.push(candidate);
      keptSequences.push(events);
    }
  }

  // Within maxPaths, keep first the paths that add edges not yet walked (a greedy cover), then the rest.
  const maxPaths = options.maxPaths ?? 500;
  const covering: Candidate[] = [];
  const rest: Candidate[] = [];
  const coveredEdges = new Set<string>();
  for (const candidate of kept) {
    const newEdges = edgesOf(candidate.steps).filter((key) => !coveredEdges.has(key));
    if (newEdges.length || candidate.steps.length === 1) {
      covering.push(candidate);
      for (const key of newEdges) coveredEdges.add(key);
    } else {
      rest.push(candidate);
    }
  }
  const selected = [...covering, ...rest].slice(0, maxPaths).sort((a, b) => a.steps.length - b.steps.length);
  const paths = selected.map((candidate, index): PlannedPath => {
    const last = candidate.steps[candidate.steps.length - 1]!;
    const events = candidate.steps.slice(1).map((step) => formatEvent(step.event));
    const shown = events.length > 12 ? [...events.slice(0, 12), `… ${events.length - 12} more`] : events;
    const planned: PlannedPath = {
      name: `${index + 1}. reaches ${formatState(last.state)}: ${shown.length ? shown.join(' → ') : '(initial state)'}`,
      origin: candidate.origin,
      steps: candidate.steps,
    };
    if (candidate.singles) planned.singles = candidate.singles;
    return planned;
  });

  return {
    machine: run,
    paths,
    droppedPaths: candidates.length - byLength.length + (kept.length - selected.length),
    edges,
    stateIds: allStateNodes(run)
      .filter((node) => node.type !== 'history')
      .map((node) => node.id),
    transitions: transitionLabels(run),
    required: resolveRequiredTransitions(run, options.required ?? []),
    run: {
      input: options.input,
      actors,
      serializeState,
      invariants: resolveInvariants(run, options.invariants as never, options.requireInvariants ?? true),
    },
  };
}

// ─── replay ─────────────────────────────────────────────────────────────────────────────────────────────────────

class PathFailure extends Error {}

function describeProgress(path: PlannedPath, failedAt: number): string {
  return path.steps
    .map((step, index) => {
      const mark = index < failedAt ? '✓' : index === failedAt ? '✗' : '·';
      return `  ${mark} ${formatEvent(step.event)} → ${formatState(step.state)}`;
    })
    .join('\n');
}

/** Replays one planned path on a live actor with fake timers; throws a readable error at the first divergence. */
export async function replayMachinePath(plan: MachinePathPlan, path: PlannedPath): Promise<PathResult> {
  const { machine, run } = plan;
  const result: PathResult = { statesReached: new Set(), edgesWalked: new Set(), transitionsTaken: new Set() };
  const received: EventObject[] = [];
  let crash: { error: unknown } | undefined;
  let actor: AnyActorRef | undefined;
  let stepIndex = 0;

  run.actors?.reset();
  vi.useFakeTimers();
  try {
    actor = createActor(machine, {
      input: run.input,
      inspect: (inspection: InspectionEvent) => {
        if (!actor || inspection.actorRef !== actor) return;
        if (inspection.type === '@xstate.event') received.push(inspection.event);
        if (inspection.type === '@xstate.microstep') {
          for (const t of inspection._transitions) result.transitionsTaken.add(t);
          // Transient states (left at once by an `always` transition) only show up in microsteps.
          for (const node of (inspection.snapshot as AnyMachineSnapshot)._nodes) result.statesReached.add(node.id);
        }
      },
    });
    actor.subscribe({ error: (error) => (crash = { error }) });
    actor.start();
    await flushMicrotasks();
    check(path.steps[0]!);

    for (stepIndex = 1; stepIndex < path.steps.length; stepIndex++) {
      const previous = path.steps[stepIndex - 1]!;
      const step = path.steps[stepIndex]!;
      await deliver(actor, step.event);
      await flushMicrotasks();
      check(step);
      result.edgesWalked.add(edgeKey(run.serializeState(previous.state), step.event));
    }
    return result;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const kind = error instanceof PathFailure ? '' : 'threw: ';
    throw new Error(
      `path "${path.name}" failed at step ${stepIndex} (${formatEvent(path.steps[stepIndex]?.event ?? { type: '?' })}): ` +
        `${kind}${reason}\n${describeProgress(path, stepIndex)}`,
      { cause: error },
    );
  } finally {
    actor?.stop();
    vi.useRealTimers();
  }

  function check(step: PlannedStep): void {
    if (crash) throw new PathFailure(`the actor crashed: ${crash.error instanceof Error ? crash.error.message : String(crash.error)}`);
    const live = actor!.getSnapshot() as AnyMachineSnapshot;
    const expected = run.serializeState(step.state);
    const actual = run.serializeState(live);
    if (live.status !== step.state.status || actual !== expected) {
      throw new PathFailure(
        `live snapshot differs from the model\n    expected (${step.state.status}): ${expected}\n    actual   (${live.status}): ${actual}`,
      );
    }
    for (const node of live._nodes) result.statesReached.add(node.id);
    const info: InvariantInfo = { actors: run.actors, path, stepIndex };
    for (const { key, node, check: invariant } of run.invariants) {
      if (node && !live._nodes.includes(node)) continue;
      try {
        invariant(live, info);
      } catch (error) {
        throw new PathFailure(
          `invariant '${key}' failed in ${formatState(live)}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  async function deliver(target: AnyActorRef, event: EventObject): Promise<void> {
    const receivedBefore = received.length;
    const arrived = () => received.slice(receivedBefore).some((candidate) => candidate.type === event.type);

    if (event.type.startsWith('xstate.after.')) {
      // Advance the clock timer by timer until this delayed event reaches the machine; another delayed event of
      // the machine firing first means the model's order of delays cannot happen live.
      for (let timers = 0; !arrived(); timers++) {
        const other = received.slice(receivedBefore).find((candidate) => candidate.type.startsWith('xstate.after.'));
        if (other) throw new PathFailure(`'${other.type}' fired before '${event.type}'`);
        if (vi.getTimerCount() === 0 || timers > 1000) {
          throw new PathFailure(`the delayed event '${event.type}' never fired (no timer left to run)`);
        }
        vi.advanceTimersToNextTimer();
        await flushMicrotasks();
      }
      return;
    }

    const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (outcome) {
      const [, kind, id] = outcome as unknown as [string, 'done' | 'error', string];
      if (run.actors?.isRunning(id)) {
        if (kind === 'done') await run.actors.resolve(id, (event as { output?: unknown }).output);
        else await run.actors.reject(id, (event as { error?: unknown }).error);
        if (!arrived()) throw new PathFailure(`the controlled actor '${id}' settled but the machine never received '${event.type}'`);
        return;
      }
      const children = (target.getSnapshot() as AnyMachineSnapshot).children as Record<string, unknown>;
      if (!(id in children)) {
        throw new PathFailure(
          `the path expects the outcome of actor '${id}', but no actor with that id is running ` +
            `(children: ${Object.keys(children).join(', ') || 'none'})`,
        );
      }
      // Not a controlled stub: XState 5 accepts the outcome event sent from outside (verified in paths.test.ts).
    }
    target.send(event);
  }
}

/**
 * Replays every planned path. A chain that fails is replayed as its single edges instead (PlannedPath.singles): the
 * walk is then judged as the one-path-per-edge plan would judge it, and a failure names the shortest path showing it.
 */
export async function replayMachinePaths(plan: MachinePathPlan): Promise<PathResult[]> {
  const results: PathResult[] = [];
  for (const path of plan.paths) {
    try {
      results.push(await replayMachinePath(plan, path));
    } catch (error) {
      if (!path.singles) throw error;
      if (process.env.STRATA_PATHS_DEBUG) console.log(`chain split: ${String(error instanceof Error ? error.message : error).split('\n').slice(0, 3).join(' | ')}`);
      for (const [index, steps] of path.singles.entries()) {
        const events = steps.slice(1).map((step) => formatEvent(step.event));
        results.push(await replayMachinePath(plan, { name: `${path.name.split('.')[0]}.${index + 1} (an edge of chain ${path.name.split('.')[0]}): ${events.join(' → ')}`, origin: 'edge', steps }));
      }
    }
  }
  return results;
}

// ─── coverage ───────────────────────────────────────────────────────────────────────────────────────────────────

function listMissing(title: string, missing: string[]): string {
  if (!missing.length) return '';
  const shown = missing.slice(0, 25).map((line) => `    - ${line}`);
  if (missing.length > shown.length) shown.push(`    … and ${missing.length - shown.length} more`);
  return `\n  ${title} (${missing.length}):\n${shown.join('\n')}`;
}

/** Throws, listing what is missing, unless the results walked every state node, transition and adjacency edge. */
export function assertMachineCoverage(plan: MachinePathPlan, results: readonly PathResult[]): CoverageReport {
  const states = new Set(results.flatMap((result) => [...result.statesReached]));
  const edges = new Set(results.flatMap((result) => [...result.edgesWalked]));
  const taken = new Set(results.flatMap((result) => [...result.transitionsTaken]));

  // The statechart viewer's coverage overlay (issue 26); only when STRATA_CHART_COVERAGE is set.
  writeChartCoverage(plan.machine, taken, plan.required, results.length);
  const missingStates = plan.stateIds.filter((id) => !states.has(id)).map((id) => `#${id}`);
  const missingTransitions = [...plan.transitions].filter(([t]) => !taken.has(t)).map(([, label]) => label);
  const missingEdges = [...plan.edges].filter(([key]) => !edges.has(key)).map(([, label]) => label);
  const missingRequired = [...plan.required].filter(([, ts]) => !ts.some((t) => taken.has(t))).map(([line]) => line);

  if (missingStates.length || missingTransitions.length || missingEdges.length || missingRequired.length) {
    throw new Error(
      `coverage of machine '${plan.machine.id}' is incomplete after ${results.length} paths:` +
        listMissing('required transitions never taken', missingRequired) +
        listMissing('states never reached', missingStates) +
        listMissing('transitions never taken', missingTransitions) +
        listMissing('adjacency edges never walked', missingEdges) +
        (plan.droppedPaths ? `\n  (${plan.droppedPaths} generated paths were dropped by maxDepth/maxPaths)` : '') +
        '\n  Add event samples that lead there (actor outcomes: xstate.done.actor.<id> / xstate.error.actor.<id>; ' +
        'delays: xstate.after.<delay>.<state id>), or check the guards.',
    );
  }
  return {
    pathsRun: results.length,
    statesCovered: plan.stateIds.length,
    edgesCovered: plan.edges.size,
    transitionsCovered: plan.transitions.size,
  };
}

// ─── entry points ───────────────────────────────────────────────────────────────────────────────────────────────

/** Plans, replays every path, asserts coverage; resolves with the counts. Use inside one `it`. */
export async function testMachinePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachinePathsOptions<TMachine>,
): Promise<CoverageReport & { plan: MachinePathPlan }> {
  const plan = planMachinePaths(machine, options);
  const results = await replayMachinePaths(plan);
  return { ...assertMachineCoverage(plan, results), plan };
}

/**
 * Registers one `it(title)` that plans, replays every path and asserts coverage (one reported test per machine, not
 * one per path). A failing path is named in the error (the state it reaches, its events, the step that diverged).
 * The plan is built at collection time, so configuration mistakes (a missing `required` transition, a state without
 * an invariant) fail the file.
 */
export function describeMachinePaths<TMachine extends AnyStateMachine>(
  title: string,
  machine: TMachine,
  options: MachinePathsOptions<TMachine>,
): void {
  const planned = performance.now();
  const plan = planMachinePaths(machine, options);
  const planMs = performance.now() - planned;
  it(`${title}: ${plan.paths.length} paths walk every state, transition and adjacency edge`, async () => {
    const replayed = performance.now();
    const results = await replayMachinePaths(plan);
    // STRATA_PATHS_DEBUG=1: what the plan and the replay cost.
    if (process.env.STRATA_PATHS_DEBUG) {
      const steps = plan.paths.reduce((sum, path) => sum + path.steps.length - 1, 0);
      console.log(`${plan.machine.id}: ${plan.paths.length} paths (${steps} steps) planned in ${planMs.toFixed(0)} ms; ${results.length} replayed in ${(performance.now() - replayed).toFixed(0)} ms`);
    }
    assertMachineCoverage(plan, results);
    // Hundreds of paths share one test now, each of which had the default 5 s before.
  }, 120_000);
}

// ─── mutation ───────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A copy of the machine with the transition(s) a `required` line names deleted from its config — to show that the
 * harness notices (a required list that still passes without one of its transitions protects nothing). Handles
 * transitions written in `on`, `always` and an invoke's `onDone` / `onError`.
 */
export function withoutTransition<TMachine extends AnyStateMachine>(machine: TMachine, line: string): TMachine {
  const [doomed] = resolveRequiredTransitions(machine, [line]).values() as unknown as [AnyTransitionDefinition[]];
  const config = structuredCloneConfig(machine.config);
  let removed = 0;
  for (const t of doomed) {
    const node = t.source as AnyStateNode;
    let nodeConfig: any = config;
    for (const segment of node.path) nodeConfig = nodeConfig.states[segment];
    const siblings: AnyTransitionDefinition[] = t.eventType ? (node.transitions.get(t.eventType) ?? []) : (node.always ?? []);
    const index = siblings.indexOf(t);
    const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(t.eventType);
    let holder: any;
    let key: string;
    const delay = t.eventType.startsWith('xstate.after.')
      ? Object.keys(nodeConfig.after ?? {}).find((name) => t.eventType === `xstate.after.${name}.${node.id}`)
      : undefined;
    if (!t.eventType) [holder, key] = [nodeConfig, 'always'];
    else if (delay !== undefined) [holder, key] = [nodeConfig.after, delay];
    else if (nodeConfig.on && t.eventType in nodeConfig.on) [holder, key] = [nodeConfig.on, t.eventType];
    else if (outcome) {
      const invokes = [nodeConfig.invoke].flat();
      holder = invokes.find((invoke: any) => invoke?.id === outcome[2]) ?? invokes[0];
      key = outcome[1] === 'done' ? 'onDone' : 'onError';
    } else throw new Error(`withoutTransition: cannot find '${line}' in the config of '${machine.id}'`);
    const entries = [holder[key]].flat();
    entries.splice(index - removed, 1);
    holder[key] = entries;
    removed++;
  }
  return createMachine(config, machine.implementations as never) as unknown as TMachine;
}

/** A deep copy of a machine config: plain objects and arrays copied, functions and other values shared. */
function structuredCloneConfig<T>(value: T): T {
  if (Array.isArray(value)) return value.map(structuredCloneConfig) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, structuredCloneConfig(v)])) as T;
  }
  return value;
}

/**
 * Registers one `it` showing that the `required` list protects the machine: for each line, a copy of the machine
 * without that transition must be rejected by the harness (planning resolves the list and throws).
 */
export function itRejectsEachDeletedTransition(machine: AnyStateMachine, required: readonly string[]): void {
  it(`rejects a copy of '${machine.id}' without any one of its ${required.length} required transitions`, () => {
    resolveRequiredTransitions(machine, required);
    for (const line of required) {
      let failure: unknown;
      try {
        resolveRequiredTransitions(withoutTransition(machine, line), required);
      } catch (error) {
        failure = error;
      }
      if (!(failure instanceof Error) || !failure.message.includes(`'${line}' is missing from the machine`)) {
        throw new Error(`deleting '${line}' from '${machine.id}' went unnoticed${failure ? `: ${String(failure)}` : ''}`);
      }
    }
  });
}
