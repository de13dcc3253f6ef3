// Automatic layout of a chart with elkjs (ELK's layered algorithm, issue 26): compound states are ELK nodes holding
// their children, each transition an edge per target, labelled. Text is measured by an estimate (monospace-ish
// width per character) so the same layout runs in the browser and in Node (the static export) without a DOM.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartModel, ChartState, ChartTransition } from './model.ts';

export const CHAR_WIDTH = 7;
export const LINE_HEIGHT = 16;
const PADDING = 10;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  state: ChartState;
  /** Text lines inside the box under the name: tags, invocations, entry/exit, transitions that stay. */
  lines: string[];
}

export interface LaidOutEdge {
  /** `<transition id>@<target index>`. */
  id: string;
  transition: ChartTransition;
  points: Array<{ x: number; y: number }>;
  label: Box;
}

export interface ChartLayout {
  width: number;
  height: number;
  states: LaidOutState[];
  edges: LaidOutEdge[];
}

const textWidth = (text: string): number => text.length * CHAR_WIDTH;

/** What a state box lists under its name. Transitions without a target have no edge: they are listed here. */
export function stateLines(model: ChartModel, state: ChartState): string[] {
  const lines: string[] = [];
  if (state.tags.length) lines.push(`tags: ${state.tags.join(', ')}`);
  for (const invoke of state.invoke) lines.push(`invoke ${invoke.src}${invoke.id !== invoke.src ? ` (${invoke.id})` : ''}`);
  if (state.entry.length) lines.push(`entry / ${state.entry.join(', ')}`);
  if (state.exit.length) lines.push(`exit / ${state.exit.join(', ')}`);
  for (const t of model.transitions) if (t.source === state.id && t.targets.length === 0) lines.push(t.label);
  return lines;
}

let elk: InstanceType<typeof ELK> | undefined;

export async function layoutChart(model: ChartModel): Promise<ChartLayout> {
  elk ??= new ELK();
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const linesOf = new Map(model.states.map((s) => [s.id, stateLines(model, s)]));
  const header = (s: ChartState) => LINE_HEIGHT * (1 + (linesOf.get(s.id)?.length ?? 0)) + PADDING;

  const toElk = (state: ChartState): ElkNode => {
    const lines = linesOf.get(state.id) ?? [];
    const width = Math.max(textWidth(state.key || state.id) + 24, ...lines.map(textWidth)) + 2 * PADDING;
    if (state.children.length === 0) return { id: state.id, width, height: header(state) + 4 };
    return {
      id: state.id,
      layoutOptions: {
        'elk.padding': `[top=${header(state) + 6},left=${PADDING + 6},bottom=${PADDING + 6},right=${PADDING + 6}]`,
        'elk.nodeSize.minimum': `(${width},${header(state) + 20})`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        // Parallel regions side by side, sequential states following their transitions.
        'elk.direction': state.type === 'parallel' ? 'RIGHT' : 'DOWN',
      },
      children: state.children.map((id) => toElk(byId.get(id)!)),
    };
  };

  const edges: ElkExtendedEdge[] = [];
  const transitionsByEdge = new Map<string, ChartTransition>();
  for (const t of model.transitions) {
    t.targets.forEach((target, index) => {
      const id = `${t.id}@${index}`;
      transitionsByEdge.set(id, t);
      edges.push({
        id,
        sources: [t.source],
        targets: [target],
        labels: [{ id: `${id}:label`, text: t.label, width: textWidth(t.label) + 6, height: LINE_HEIGHT }],
      });
    });
  }

  const root = model.states.find((s) => s.parent === null)!;
  const graph: ElkNode = {
    id: '__chart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '30',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      // Every coordinate absolute, so drawing needs no walk up the hierarchy.
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: [toElk(root)],
    edges,
  };
  const result = await elk.layout(graph);

  const states: LaidOutState[] = [];
  const collect = (node: ElkNode) => {
    const state = byId.get(node.id);
    if (state) states.push({ state, lines: linesOf.get(state.id) ?? [], x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 });
    for (const child of node.children ?? []) collect(child);
  };
  for (const child of result.children ?? []) collect(child);

  const laidEdges: LaidOutEdge[] = [];
  const collectEdges = (node: ElkNode) => {
    for (const edge of (node.edges ?? []) as ElkExtendedEdge[]) {
      const transition = transitionsByEdge.get(edge.id);
      if (!transition) continue;
      const points = (edge.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]);
      const label = edge.labels?.[0];
      laidEdges.push({
        id: edge.id,
        transition,
        points,
        label: { x: label?.x ?? points[0]?.x ?? 0, y: label?.y ?? points[0]?.y ?? 0, width: label?.width ?? 0, height: label?.height ?? 0 },
      });
    }
    for (const child of node.children ?? []) collectEdges(child);
  };
  collectEdges(result);
  return { width: result.width ?? 0, height: result.height ?? 0, states, edges: laidEdges };
}
