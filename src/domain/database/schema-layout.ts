// The Schema Visualizer's automatic layout (spec A2.6, issue 19): a simple layered layout. A table's layer is the
// length of the longest chain of foreign keys it starts (tables referencing nothing are layer 0, on the left; a
// table sits right of every table it references, cycles and self-references ignored). Layers are placed left to
// right; a layer taller than the target height wraps into further columns, so 200 tables stay readable rather than
// forming one very tall column. Boxes never overlap: each column is a stack, and columns do not share x ranges.
import type { GraphForeignKey, GraphTable } from './schema-graph.ts';

export const BOX_WIDTH = 260;
export const BOX_HEADER = 34;
export const BOX_ROW = 24;
/** Columns drawn per box; the rest are summed up in one '+N more' row. */
export const BOX_MAX_ROWS = 24;
export const GAP_X = 90;
export const GAP_Y = 40;

export interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  layer: number;
}

export interface Layout {
  boxes: Box[];
  byName: Map<string, Box>;
  width: number;
  height: number;
}

export const shownRows = (columns: number): number => (columns > BOX_MAX_ROWS ? BOX_MAX_ROWS + 1 : Math.max(columns, 1));
export const boxHeight = (columns: number): number => BOX_HEADER + shownRows(columns) * BOX_ROW;

/** Each table's layer (see the file's comment); foreign keys to other schemas are ignored. */
export function layers(tables: readonly GraphTable[], fks: readonly GraphForeignKey[], schema?: string): Map<string, number> {
  const names = new Set(tables.map((t) => t.name));
  const targets = new Map<string, string[]>();
  for (const fk of fks) {
    if (schema !== undefined && fk.target_schema !== schema) continue;
    if (!names.has(fk.source) || !names.has(fk.target) || fk.source === fk.target) continue;
    targets.set(fk.source, [...(targets.get(fk.source) ?? []), fk.target]);
  }
  const layer = new Map<string, number>();
  const visiting = new Set<string>();
  // Iterative DFS (200+ tables in a chain must not overflow the stack).
  for (const start of [...names].sort()) {
    if (layer.has(start)) continue;
    const stack: { name: string; next: number }[] = [{ name: start, next: 0 }];
    visiting.add(start);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const outs = targets.get(frame.name) ?? [];
      if (frame.next < outs.length) {
        const target = outs[frame.next++]!;
        if (!layer.has(target) && !visiting.has(target)) {
          visiting.add(target);
          stack.push({ name: target, next: 0 });
        }
        continue;
      }
      // A target still being visited closes a cycle: that edge is ignored.
      const below = outs.map((t) => layer.get(t)).filter((v): v is number => v !== undefined);
      layer.set(frame.name, below.length === 0 ? 0 : Math.max(...below) + 1);
      visiting.delete(frame.name);
      stack.pop();
    }
  }
  return layer;
}

/** Places every table; `aspect` is the wished width/height of the whole drawing. */
export function layoutSchema(tables: readonly GraphTable[], fks: readonly GraphForeignKey[], schema?: string, aspect = 16 / 9): Layout {
  const rank = layers(tables, fks, schema);
  const sorted = [...tables].sort((a, b) => (rank.get(a.name)! - rank.get(b.name)!) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const heights = sorted.map((t) => boxHeight(t.columns.length));
  const area = heights.reduce((sum, h) => sum + (h + GAP_Y) * (BOX_WIDTH + GAP_X), 0);
  const target = Math.max(Math.sqrt(area / aspect), ...heights, 1);
  const boxes: Box[] = [];
  let x = 0;
  let y = 0;
  let columnUsed = false;
  let currentLayer = -1;
  let height = 0;
  sorted.forEach((table, index) => {
    const h = heights[index]!;
    const layer = rank.get(table.name)!;
    const newLayer = layer !== currentLayer;
    if (columnUsed && (newLayer || y + h > target)) {
      x += BOX_WIDTH + GAP_X;
      y = 0;
    }
    currentLayer = layer;
    boxes.push({ name: table.name, x, y, width: BOX_WIDTH, height: h, layer });
    height = Math.max(height, y + h);
    y += h + GAP_Y;
    columnUsed = true;
  });
  return { boxes, byName: new Map(boxes.map((b) => [b.name, b])), width: boxes.length ? x + BOX_WIDTH : 0, height };
}

/** The y of a column's row in its box (the header's middle for a column not drawn). */
export function rowY(box: Box, table: GraphTable | undefined, column: string): number {
  const index = table ? table.columns.findIndex((c) => c.name === column) : -1;
  if (index < 0 || index >= BOX_MAX_ROWS) return box.y + BOX_HEADER / 2;
  return box.y + BOX_HEADER + index * BOX_ROW + BOX_ROW / 2;
}

export interface Edge {
  key: string;
  from: { x: number; y: number };
  to: { x: number; y: number };
  /** An SVG path (a horizontal S-curve). */
  d: string;
}

/** Foreign keys inside the schema as curves from the referencing column to the referenced one. */
export function edges(layout: Layout, tables: readonly GraphTable[], fks: readonly GraphForeignKey[], schema?: string): Edge[] {
  const tableByName = new Map(tables.map((t) => [t.name, t]));
  const out: Edge[] = [];
  for (const fk of fks) {
    if (schema !== undefined && fk.target_schema !== schema) continue;
    const source = layout.byName.get(fk.source);
    const target = layout.byName.get(fk.target);
    if (!source || !target) continue;
    const sy = rowY(source, tableByName.get(fk.source), fk.source_columns[0] ?? '');
    const ty = rowY(target, tableByName.get(fk.target), fk.target_columns[0] ?? '');
    let from: { x: number; y: number };
    let to: { x: number; y: number };
    let d: string;
    if (source === target) {
      from = { x: source.x + source.width, y: sy };
      to = { x: source.x + source.width, y: ty };
      d = `M ${from.x} ${from.y} C ${from.x + 40} ${from.y}, ${to.x + 40} ${to.y}, ${to.x} ${to.y}`;
    } else {
      const leftToRight = target.x >= source.x + source.width;
      const sameColumn = target.x === source.x;
      from = { x: leftToRight || sameColumn ? source.x + source.width : source.x, y: sy };
      to = { x: leftToRight ? target.x : sameColumn ? target.x + target.width : target.x + target.width, y: ty };
      const bend = sameColumn ? 50 : Math.max(30, Math.abs(to.x - from.x) / 2);
      const dir = leftToRight || sameColumn ? 1 : -1;
      d = sameColumn
        ? `M ${from.x} ${from.y} C ${from.x + bend} ${from.y}, ${to.x + bend} ${to.y}, ${to.x} ${to.y}`
        : `M ${from.x} ${from.y} C ${from.x + dir * bend} ${from.y}, ${to.x - dir * bend} ${to.y}, ${to.x} ${to.y}`;
    }
    out.push({ key: `${fk.source}.${fk.name}`, from, to, d });
  }
  return out;
}

export interface Viewport {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Boxes that intersect the viewport (in layout coordinates), with a margin: only these are painted. */
export function visibleBoxes(boxes: readonly Box[], view: Viewport, margin = 100): Box[] {
  const left = view.x - margin;
  const top = view.y - margin;
  const right = view.x + view.width + margin;
  const bottom = view.y + view.height + margin;
  return boxes.filter((b) => b.x < right && b.x + b.width > left && b.y < bottom && b.y + b.height > top);
}

/** Edges with an end or their span in the viewport. */
export function visibleEdges(list: readonly Edge[], view: Viewport, margin = 100): Edge[] {
  const left = view.x - margin;
  const top = view.y - margin;
  const right = view.x + view.width + margin;
  const bottom = view.y + view.height + margin;
  return list.filter((e) => {
    const x0 = Math.min(e.from.x, e.to.x) - 60;
    const x1 = Math.max(e.from.x, e.to.x) + 60;
    const y0 = Math.min(e.from.y, e.to.y);
    const y1 = Math.max(e.from.y, e.to.y);
    return x0 < right && x1 > left && y0 < bottom && y1 > top;
  });
}

export interface Transform {
  x: number;
  y: number;
  scale: number;
}

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 2.5;

/** Zoom by `factor` keeping the screen point (px, py) still. */
export function zoomAt(t: Transform, factor: number, px: number, py: number): Transform {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, t.scale * factor));
  const k = scale / t.scale;
  return { scale, x: px - (px - t.x) * k, y: py - (py - t.y) * k };
}

/** The transform that shows the whole layout in a screen of the given size (never above 1). */
export function fitTransform(layout: Pick<Layout, 'width' | 'height'>, width: number, height: number, padding = 24): Transform {
  if (layout.width === 0 || layout.height === 0) return { x: padding, y: padding, scale: 1 };
  const scale = Math.min(1, Math.max(MIN_SCALE, Math.min((width - 2 * padding) / layout.width, (height - 2 * padding) / layout.height)));
  return { scale, x: (width - layout.width * scale) / 2, y: padding };
}

/** The part of the layout a screen of the given size shows under `t`. */
export const viewportOf = (t: Transform, width: number, height: number): Viewport => ({ x: -t.x / t.scale, y: -t.y / t.scale, width: width / t.scale, height: height / t.scale });
