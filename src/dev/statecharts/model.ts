// The drawing model of a statechart (issue 26): everything the viewer draws, read from the machine definition itself
// (xstate v5's `machine.root` state nodes and their transition definitions), never from a hand-kept copy. Pure: no
// DOM, so the model test, the static export (scripts/charts.ts) and the dev viewer all share it.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartInvoke {
  id: string;
  src: string;
}

export interface ChartState {
  /** The state node id (`projectStatus.building.waiting`), unique in the machine. */
  id: string;
  key: string;
  /** Keys from the root (empty for the root). */
  path: string[];
  parent: string | null;
  type: ChartStateType;
  /** The initial child of the parent (a compound parent's `initial`). */
  initial: boolean;
  tags: string[];
  invoke: ChartInvoke[];
  entry: string[];
  exit: string[];
  children: string[];
}

export type ChartTransitionKind = 'event' | 'after' | 'done.actor' | 'error.actor' | 'done.state' | 'always';

export interface ChartTransition {
  /** `<source id>#<event>#<index among that event's candidates>`: stable, so coverage and live mode can name it. */
  id: string;
  source: string;
  /** Target state ids; empty for a targetless transition (actions only, or a blocker). */
  targets: string[];
  /** The event descriptor as xstate keys it (`xstate.after.BUILDING_SUPPORT_AFTER_MS.projectStatus.building`). */
  event: string;
  kind: ChartTransitionKind;
  /** `after` delays: the delay's name (the spec constant) or its milliseconds. */
  delay?: string;
  guard?: string;
  actions: string[];
  reenter: boolean;
  /** What the chart writes on the edge: event (or delay, actor outcome), [guard], / actions. */
  label: string;
}

export interface ChartModel {
  id: string;
  states: ChartState[];
  transitions: ChartTransition[];
}

/** A readable name for a guard, action or actor source: its type, or the function's name. */
export function implementationName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'function') return value.name && value.name !== 'anonymous' ? value.name : 'inline';
  if (value && typeof value === 'object') {
    const { type } = value as { type?: unknown };
    if (typeof type === 'string') {
      // A `not(...)`/`and(...)` guard object: name its parts so the label says which guards are combined.
      const { guards } = value as { guards?: unknown };
      if (Array.isArray(guards)) return `${type.replace(/^xstate\./, '')}(${guards.map(implementationName).join(', ')})`;
      return type;
    }
    if ('src' in value) return implementationName((value as { src: unknown }).src);
  }
  return 'inline';
}

function stateType(node: AnyStateNode): ChartStateType {
  return node.type as ChartStateType;
}

function eventKind(event: string): { kind: ChartTransitionKind; display: string; delay?: string } {
  if (event === '') return { kind: 'always', display: 'always' };
  if (event.startsWith('xstate.after.')) {
    // `xstate.after.<delay>.<state id>`: the delay is a configured name or a number of milliseconds.
    const rest = event.slice('xstate.after.'.length);
    const delay = rest.split('.')[0] ?? rest;
    return { kind: 'after', display: /^\d+$/.test(delay) ? `after ${delay} ms` : `after ${delay}`, delay };
  }
  if (event.startsWith('xstate.done.actor.')) return { kind: 'done.actor', display: `done: ${event.slice('xstate.done.actor.'.length)}` };
  if (event.startsWith('xstate.error.actor.')) return { kind: 'error.actor', display: `error: ${event.slice('xstate.error.actor.'.length)}` };
  if (event.startsWith('xstate.done.state.')) return { kind: 'done.state', display: 'done' };
  return { kind: 'event', display: event };
}

/** Every transition definition of one state node, keyed by event descriptor (`''` for eventless ones). */
export function ownTransitions(node: AnyStateNode): Array<[string, AnyTransitionDefinition[]]> {
  const entries: Array<[string, AnyTransitionDefinition[]]> = [...node.transitions.entries()].map(([event, list]) => [event, [...list]]);
  if (node.always?.length) entries.push(['', [...node.always]]);
  return entries;
}

function allNodes(root: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(root);
  return out;
}

export function chartModel(machine: AnyStateMachine): ChartModel {
  const nodes = allNodes(machine.root);
  const states: ChartState[] = nodes.map((node) => {
    const parent = node.parent as AnyStateNode | undefined;
    const initialTarget = parent?.type === 'compound' ? parent.initial?.target?.[0] : undefined;
    return {
      id: node.id,
      key: node.key,
      path: [...node.path],
      parent: parent ? parent.id : null,
      type: stateType(node),
      initial: initialTarget === node,
      tags: [...node.tags],
      invoke: node.invoke.map((inv: { id: string; src: unknown }) => ({ id: inv.id, src: implementationName(inv.src) })),
      entry: node.entry.map(implementationName),
      exit: node.exit.map(implementationName),
      children: (Object.values(node.states) as AnyStateNode[]).map((child) => child.id),
    };
  });
  const transitions: ChartTransition[] = [];
  for (const node of nodes) {
    for (const [event, list] of ownTransitions(node)) {
      const { kind, display, delay } = eventKind(event);
      list.forEach((t, index) => {
        const guard = t.guard ? implementationName(t.guard) : undefined;
        const actions = t.actions.map(implementationName);
        const label = `${display}${guard ? ` [${guard}]` : ''}${actions.length ? ` / ${actions.join(', ')}` : ''}`;
        transitions.push({
          id: `${node.id}#${event}#${index}`,
          source: node.id,
          targets: (t.target ?? []).map((target: AnyStateNode) => target.id),
          event,
          kind,
          ...(delay === undefined ? {} : { delay }),
          ...(guard === undefined ? {} : { guard }),
          actions,
          reenter: Boolean(t.reenter),
          label,
        });
      });
    }
  }
  return { id: machine.id, states, transitions };
}

/** The transition id of a definition, the same as chartModel gives it (for coverage and live mode). */
export function transitionId(node: AnyStateNode, definition: AnyTransitionDefinition): string | undefined {
  for (const [event, list] of ownTransitions(node)) {
    const index = list.indexOf(definition);
    if (index >= 0) return `${node.id}#${event}#${index}`;
  }
  return undefined;
}
