import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GraphForeignKey, GraphTable } from './schema-graph.ts';
import { BOX_WIDTH, boxHeight, edges, fitTransform, layers, layoutSchema, visibleBoxes, viewportOf, zoomAt, type Box } from './schema-layout.ts';

const table = (name: string, columns = 3): GraphTable => ({
  name,
  columns: Array.from({ length: columns }, (_, i) => ({ name: i === 0 ? 'id' : `c${i}`, type: 'text', nullable: true, default: null, primary_key: i === 0 })),
});
const fk = (source: string, target: string, schema = 'public'): GraphForeignKey => ({
  name: `${source}_${target}_fkey`,
  source,
  source_columns: ['c1'],
  target_schema: schema,
  target,
  target_columns: ['id'],
});
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const graphs = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 0, maxLength: 60 })
  .chain((names) =>
    fc.record({
      tables: fc.constant(names).chain((ns) => fc.tuple(...ns.map((n) => fc.integer({ min: 0, max: 40 }).map((c) => table(n, c))))),
      fks: names.length === 0 ? fc.constant([]) : fc.array(fc.tuple(fc.constantFrom(...names), fc.constantFrom(...names)).map(([s, t]) => fk(s, t)), { maxLength: 80 }),
    }),
  );

describe('layoutSchema', () => {
  it('places every table once, with no two boxes overlapping (any graph, cycles included)', () => {
    fc.assert(
      fc.property(graphs, ({ tables, fks }) => {
        const layout = layoutSchema(tables, fks, 'public');
        expect(layout.boxes.map((b) => b.name).sort()).toEqual(tables.map((t) => t.name).sort());
        for (const box of layout.boxes) {
          expect(box.height).toBe(boxHeight(tables.find((t) => t.name === box.name)!.columns.length));
          expect(box.x + box.width).toBeLessThanOrEqual(layout.width);
          expect(box.y + box.height).toBeLessThanOrEqual(layout.height);
        }
        for (let i = 0; i < layout.boxes.length; i++) for (let j = i + 1; j < layout.boxes.length; j++) expect(overlap(layout.boxes[i]!, layout.boxes[j]!)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('puts a referenced table left of the tables that reference it (acyclic graphs)', () => {
    const tables = ['orders', 'users', 'items', 'products', 'lonely'].map((n) => table(n));
    const fks = [fk('orders', 'users'), fk('items', 'orders'), fk('items', 'products')];
    const layout = layoutSchema(tables, fks, 'public');
    const x = (n: string) => layout.byName.get(n)!.x;
    expect(x('users')).toBeLessThan(x('orders'));
    expect(x('orders')).toBeLessThan(x('items'));
    expect(x('products')).toBeLessThan(x('items'));
    expect(layers(tables, fks)).toEqual(new Map([['items', 2], ['lonely', 0], ['orders', 1], ['products', 0], ['users', 0]]));
  });

  it('ignores self references, cycles and keys to other schemas without looping', () => {
    const tables = ['a', 'b', 'c'].map((n) => table(n));
    const rank = layers(tables, [fk('a', 'a'), fk('a', 'b'), fk('b', 'a'), fk('c', 'a', 'other')], 'public');
    expect([...rank.keys()].sort()).toEqual(['a', 'b', 'c']);
    expect(rank.get('c')).toBe(0);
  });

  it('lays out 200 tables in several columns, not one tall one, and a 500-long chain without overflowing', () => {
    const many = Array.from({ length: 200 }, (_, i) => table(`t${String(i).padStart(3, '0')}`, 6));
    const layout = layoutSchema(many, [], 'public');
    expect(layout.width / (BOX_WIDTH + 90)).toBeGreaterThan(5);
    const chain = Array.from({ length: 500 }, (_, i) => table(`n${i}`));
    const chainFks = chain.slice(1).map((t, i) => fk(t.name, `n${i}`));
    expect(layers(chain, chainFks).get('n499')).toBe(499);
  });
});

describe('edges and the viewport', () => {
  it('draws one edge per foreign key inside the schema, from the source column to the target', () => {
    const tables = [table('users'), table('orders')];
    const layout = layoutSchema(tables, [fk('orders', 'users')], 'public');
    const [edge, ...rest] = edges(layout, tables, [fk('orders', 'users'), fk('orders', 'x', 'other')], 'public');
    expect(rest).toEqual([]);
    const users = layout.byName.get('users')!;
    const orders = layout.byName.get('orders')!;
    // users is left of orders: the curve leaves orders' left side at its c1 row and reaches users' right side at id.
    expect(edge!.from).toEqual({ x: orders.x, y: orders.y + 34 + 24 + 12 });
    expect(edge!.to).toEqual({ x: users.x + users.width, y: users.y + 34 + 12 });
    expect(edge!.d.startsWith(`M ${edge!.from.x} ${edge!.from.y}`)).toBe(true);
  });

  it('paints only the boxes in view, and zooming keeps the pointed point still', () => {
    const tables = Array.from({ length: 200 }, (_, i) => table(`t${i}`, 5));
    const layout = layoutSchema(tables, [], 'public');
    const t = { x: 0, y: 0, scale: 1 };
    const seen = visibleBoxes(layout.boxes, viewportOf(t, 800, 600));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(layout.boxes.length);
    const zoomed = zoomAt({ x: 10, y: 20, scale: 1 }, 2, 300, 200);
    // The layout point under (300, 200) before and after.
    expect((300 - 10) / 1).toBeCloseTo((300 - zoomed.x) / zoomed.scale);
    expect((200 - 20) / 1).toBeCloseTo((200 - zoomed.y) / zoomed.scale);
    const fit = fitTransform(layout, 1000, 700);
    expect(layout.width * fit.scale).toBeLessThanOrEqual(1000);
  });
});
