// The drawing model lists exactly each machine's states and transitions (issue 26 "Done when"): checked against the
// machine's own state nodes and against xstate/graph's adjacency map, for every machine in stately.json.
import { describe, expect, it } from 'vitest';
import { createMachine, type EventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { getAdjacencyMap, getStateNodes } from 'xstate/graph';
import { chartModel, ownTransitions, type ChartModel } from './model.ts';
import { STATELY_ENTRIES, loadCharts } from './registry.ts';

const charts = await loadCharts((file) => import(/* @vite-ignore */ `../../../${file}`));

/** Active state node ids of a snapshot (the atomic ones and all their ancestors). */
const activeIds = (snapshot: AnyMachineSnapshot): Set<string> => new Set((snapshot._nodes as AnyStateNode[]).map((n) => n.id));

/**
 * The adjacency map of the machine, states told apart by value only (context would make it infinite), every own
 * event of the active states sent as `{ type }` (xstate/graph's default). A guard that reads a payload this sample
 * lacks may throw: that event then counts as not taken, as it would be refused live.
 */
function adjacency(machine: AnyStateMachine) {
  const safe = Object.create(machine) as AnyStateMachine;
  safe.transition = (snapshot, event, scope) => {
    try {
      return machine.transition(snapshot, event, scope);
    } catch {
      return snapshot;
    }
  };
  return getAdjacencyMap(safe, {
    serializeState: (snapshot) => JSON.stringify((snapshot as AnyMachineSnapshot).value),
    input: {},
    limit: 20_000,
  });
}

describe('statechart drawing model', () => {
  it('draws every machine stately.json lists', () => {
    expect(charts.map((c) => c.entry.id)).toEqual(STATELY_ENTRIES.map((e) => e.id));
    expect(charts.length).toBeGreaterThan(30);
  });

  for (const { entry, machine, model } of charts) {
    describe(entry.id, () => {
      it('lists exactly its state nodes, with their parents, kinds, initial, tags and invocations', () => {
        const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
        expect(model.states.map((s) => s.id).sort()).toEqual(nodes.map((n) => n.id).sort());
        for (const node of nodes) {
          const state = model.states.find((s) => s.id === node.id)!;
          expect(state.type).toBe(node.type);
          expect(state.parent).toBe(node.parent?.id ?? null);
          expect(state.tags.sort()).toEqual([...node.tags].sort());
          expect(state.invoke.map((i) => i.id)).toEqual(node.invoke.map((i: { id: string }) => i.id));
          const parent = node.parent;
          expect(state.initial).toBe(parent?.type === 'compound' && parent.initial.target[0] === node);
        }
      });

      it('lists exactly its transition definitions, with targets, guards and actions', () => {
        const expected = [machine.root, ...getStateNodes(machine.root)].flatMap((node) =>
          ownTransitions(node).flatMap(([event, list]) =>
            list.map((t) => ({ source: node.id, event, targets: (t.target ?? []).map((x: AnyStateNode) => x.id), guard: Boolean(t.guard), actions: t.actions.length })),
          ),
        );
        const drawn = model.transitions.map((t) => ({ source: t.source, event: t.event, targets: t.targets, guard: t.guard !== undefined, actions: t.actions.length }));
        expect(drawn).toEqual(expected);
        expect(new Set(model.transitions.map((t) => t.id)).size).toBe(model.transitions.length);
      });

      it("accounts for every edge of xstate/graph's adjacency map", () => {
        const map = adjacency(machine);
        const states = new Set(model.states.map((s) => s.id));
        for (const { state, transitions } of Object.values(map)) {
          const from = activeIds(state);
          for (const id of from) expect(states.has(id), `state ${id}`).toBe(true);
          for (const { event, state: next } of Object.values(transitions) as Array<{ event: EventObject; state: AnyMachineSnapshot }>) {
            if (JSON.stringify(next.value) === JSON.stringify(state.value)) continue;
            const to = activeIds(next);
            // The event is handled by a drawn transition of an active state, and the new configuration is entered
            // by it or (when it lands in a state left at once, or only assigns and an eventless guard reroutes) by a drawn eventless transition of the same macrostep.
            const handled = model.transitions.filter((t) => from.has(t.source) && t.event === event.type);
            const entersNext = (t: { targets: string[] }) => t.targets.length > 0 && t.targets.every((target) => to.has(target));
            const byAlways = model.transitions.some((a) => a.kind === 'always' && entersNext(a));
            const drawn = handled.filter((t) => entersNext(t) || byAlways);
            expect(drawn.length, `${entry.id}: ${JSON.stringify(state.value)} --${event.type}--> ${JSON.stringify(next.value)}`).toBeGreaterThan(0);
          }
        }
        expect(Object.keys(map).length).toBeGreaterThan(0);
      });
    });
  }

  it('labels delays, actor outcomes, guards and actions, and marks final and parallel states', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: {
          tags: ['busy'],
          invoke: { id: 'load', src: 'loader', onDone: { target: 'b', guard: 'ok', actions: 'store' }, onError: 'c' },
          after: { SLOW_MS: 'c', 500: 'b' },
          on: { go: [{ guard: 'first', target: 'b' }, { target: 'c' }] },
        },
        b: { type: 'parallel', states: { x: {}, y: {} } },
        c: { type: 'final' },
      },
    });
    const model: ChartModel = chartModel(machine);
    const labels = model.transitions.map((t) => t.label).sort();
    expect(labels).toEqual(['after 500 ms', 'after SLOW_MS', 'done: load [ok] / store', 'error: load', 'go', 'go [first]'].sort());
    expect(model.states.find((s) => s.id === 'm.b')?.type).toBe('parallel');
    expect(model.states.find((s) => s.id === 'm.c')?.type).toBe('final');
    expect(model.states.find((s) => s.id === 'm.a')).toMatchObject({ initial: true, tags: ['busy'], invoke: [{ id: 'load', src: 'loader' }] });
  });
});
