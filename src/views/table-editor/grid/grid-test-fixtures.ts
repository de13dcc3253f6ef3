// Fixtures of the grid's jsdom tests (DataGrid.test.tsx, DataGrid.window.test.tsx): a two-column table, its rows,
// and a scroll element with a size (jsdom lays nothing out, and the grid sizes its window from the scroll element).
import { afterAll, beforeAll } from 'vitest';
import type { GridRow } from '../../../domain/table-editor/rows.ts';
import type { ColumnInfo, TableMeta } from '../../../domain/table-editor/types.ts';

export const column = (name: string, format: string): ColumnInfo =>
  ({ name, format, is_nullable: true, is_updatable: true, is_generated: false, identity_generation: null }) as unknown as ColumnInfo;

/** public.{name} (id int8 primary key, name text) with `estimated_rows` rows. */
export const tableMeta = (name: string, estimatedRows: number): TableMeta => ({
  id: 7, schema: 'public', name, type: 'r', comment: null, rls_enabled: false, relationships: [], estimated_rows: estimatedRows,
  primary_keys: ['id'], columns: [column('id', 'int8'), column('name', 'text')],
});

/** Row i (0-based) of that table: id i + 1, name 'item {i + 1}'. */
export const row = (i: number): GridRow => ({ values: { id: String(i + 1), name: `item ${i + 1}` }, truncated: [], cursor: [String(i + 1)], key: { id: String(i + 1) } });

/** For the file's tests: every element reports 400 px of height and 1000 of width; restored afterwards. */
export function withLaidOutScrollElement(sizes = { clientHeight: 400, clientWidth: 1000 }): void {
  const saved: Partial<Record<keyof typeof sizes, PropertyDescriptor | undefined>> = {};
  beforeAll(() => {
    for (const [name, value] of Object.entries(sizes) as Array<[keyof typeof sizes, number]>) {
      saved[name] = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
    }
  });
  afterAll(() => {
    for (const name of Object.keys(sizes) as Array<keyof typeof sizes>) {
      const descriptor = saved[name];
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
  });
}
