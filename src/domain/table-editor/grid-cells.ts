// Pure rules of the grid's cells (issue 6): how a value reads, what Ctrl/Cmd+C copies, which cells can be edited,
// where a foreign-key cell leads, and how the keyboard moves the active cell.
import type { ColumnInfo, Relationship, TableMeta } from './types.ts';

/** A value as one line of text: NULL shown as such, objects (json, arrays) as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The text a cell puts on the clipboard: like cellText, but NULL is empty (spreadsheets read it as a blank). */
const clipText = (value: unknown): string => (value === null || value === undefined ? '' : cellText(value));

/** A block of cells as tab-separated lines (what spreadsheets paste); tabs/newlines inside values become spaces. */
export function cellsToTsv(rows: ReadonlyArray<ReadonlyArray<unknown>>): string {
  return rows.map((row) => row.map((value) => clipText(value).replace(/[\t\r\n]+/g, ' ')).join('\t')).join('\n');
}

/** Rows can be changed in place: a table (or partitioned table) with a primary key, by a member who may write. */
export function canEditRows(meta: TableMeta, canWrite: boolean): boolean {
  return canWrite && (meta.type === 'r' || meta.type === 'p') && meta.primary_keys.length > 0;
}

/** Columns can be added, edited and deleted on tables only. */
export const canEditColumns = (meta: TableMeta, canWrite: boolean): boolean => canWrite && (meta.type === 'r' || meta.type === 'p');

export const canEditCell = (column: ColumnInfo): boolean => column.is_updatable && !column.is_generated && column.identity_generation !== 'ALWAYS';

/** JSON columns open the JSON panel; everything else the text panel. */
export const isJsonColumn = (column: ColumnInfo): boolean => column.format === 'json' || column.format === 'jsonb';

/**
 * What the user typed, as the value to store: an empty input is NULL for non-text columns (an empty number or
 * date is not a value), and '' for text columns.
 */
export function typedValue(column: ColumnInfo, text: string): string | null {
  const textual = ['text', 'varchar', 'bpchar', 'citext'].includes(column.format);
  return text === '' && !textual ? null : text;
}

/** The foreign key leaving this table from `column` (the first, when several share it). */
export function outgoingReference(meta: TableMeta, column: string): Relationship | undefined {
  return meta.relationships.find(
    (relation) => relation.source_schema === meta.schema && relation.source_table_name === meta.name && relation.source_column_name === column,
  );
}

export interface GridPosition {
  row: number;
  column: number;
}

export type GridKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | 'PageUp' | 'PageDown';

/**
 * Where a key moves the active cell in a grid of `rows` × `columns`, `page` rows seen at once. Home/End go to the
 * row's first/last cell; with Ctrl/Cmd to the first/last row too.
 */
export function moveActive(position: GridPosition, key: GridKey, size: { rows: number; columns: number; page: number }, toCorner = false): GridPosition {
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max - 1, value));
  const { row, column } = position;
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(row - 1, size.rows), column };
    case 'ArrowDown':
      return { row: clamp(row + 1, size.rows), column };
    case 'ArrowLeft':
      return { row, column: clamp(column - 1, size.columns) };
    case 'ArrowRight':
      return { row, column: clamp(column + 1, size.columns) };
    case 'Home':
      return { row: toCorner ? 0 : row, column: 0 };
    case 'End':
      return { row: toCorner ? clamp(size.rows - 1, size.rows) : row, column: clamp(size.columns - 1, size.columns) };
    case 'PageUp':
      return { row: clamp(row - Math.max(1, size.page), size.rows), column };
    case 'PageDown':
      return { row: clamp(row + Math.max(1, size.page), size.rows), column };
  }
}

export const isGridKey = (key: string): key is GridKey =>
  ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(key);

/**
 * Where typed rows start by default (bulk add, issue 14): the first column a user fills in — writable and neither an
 * identity nor with a default — else the first writable one.
 */
export function firstInputColumn(columns: readonly ColumnInfo[]): number {
  const filled = columns.findIndex((column) => canEditCell(column) && !column.is_identity && column.default_value === null);
  return filled >= 0 ? filled : Math.max(0, columns.findIndex((column) => canEditCell(column)));
}
