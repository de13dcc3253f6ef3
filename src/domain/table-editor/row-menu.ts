// The grid's right-click menu on a cell (issue 14): what it offers for the cell under the pointer and which rows its
// 'Copy rows as …' and 'Delete' act on. Pure rules; the view shows them and the actors copy through the platform.
import { cellText, isJsonColumn } from './grid-cells.ts';
import type { RowKey } from './sql.ts';
import type { ColumnInfo, RowFilter } from './types.ts';

/** The rows a menu action covers: every row of the current view (select all), chosen keys, or one row. */
export type MenuRows =
  | { kind: 'all'; count: number | null }
  | { kind: 'keys'; keys: RowKey[] };

/**
 * The rows the menu acts on: the selection when the clicked row is part of it (or every row is selected), else only
 * the clicked row. A row without a key (a view without one) can only be copied from what is loaded: `null`.
 */
export function menuRows(
  clicked: RowKey | null,
  selection: { all: boolean; keys: readonly RowKey[] },
  total: number | null,
): MenuRows | null {
  if (selection.all) return { kind: 'all', count: total };
  if (!clicked) return null;
  const id = JSON.stringify(clicked);
  const inSelection = selection.keys.some((key) => JSON.stringify(key) === id);
  return { kind: 'keys', keys: inSelection ? [...selection.keys] : [clicked] };
}

export const menuRowCount = (rows: MenuRows): number | null => (rows.kind === 'all' ? rows.count : rows.keys.length);

/** 'row' / '3 rows' / 'all rows' for the menu's labels. */
export function rowsLabel(rows: MenuRows | null): string {
  if (!rows) return 'row';
  if (rows.kind === 'all') return rows.count === null ? 'all rows' : `${rows.count.toLocaleString('en-US')} ${rows.count === 1 ? 'row' : 'rows'}`;
  return rows.keys.length === 1 ? 'row' : `${rows.keys.length.toLocaleString('en-US')} rows`;
}

/**
 * 'Filter by this value': `is null` / `is true|false` for those values, `eq` with the value as text otherwise. None
 * for a value cut on the wire (the filter would compare a prefix) and for `json` (it has no equality operator; jsonb
 * does).
 */
export function filterByValue(column: ColumnInfo, value: unknown, truncated: boolean): RowFilter | null {
  if (truncated || column.format === 'json') return null;
  if (value === null || value === undefined) return { column: column.name, operator: 'is', value: 'null' };
  if (typeof value === 'boolean') return { column: column.name, operator: 'is', value: String(value) };
  if (column.data_type === 'ARRAY' || (typeof value === 'object' && !isJsonColumn(column))) return null;
  return { column: column.name, operator: 'eq', value: cellText(value) };
}

/** The text 'Copy cell' puts on the clipboard: the value as the grid shows it, NULL as an empty text. */
export function cellClipboardText(value: unknown): string {
  return value === null || value === undefined ? '' : cellText(value);
}

/** A cell's whole value read back from a one-row JSON export (a value the grid shows cut). */
export function valueFromJsonExport(text: string, column: string): unknown {
  const rows = JSON.parse(text) as unknown;
  if (!Array.isArray(rows) || rows.length === 0) throw new Error('The row is no longer there: refresh the grid');
  return (rows[0] as Record<string, unknown>)[column] ?? null;
}
