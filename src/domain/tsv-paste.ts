// A spreadsheet range pasted into the grid (issue 14): the cells from the active cell down and right, rows past the
// last one inserted as new rows, all in ONE script that runs as one transaction (explicit begin/commit in one
// simple-protocol query through the project query endpoint: one failing row and nothing is changed). The values go
// in as literals quoted by pg-format (`literal`), names by `ident`: a pasted cell is data, never SQL.
import { typedValue, canEditCell } from './table-editor/grid-cells.ts';
import { ident, literal, qualified, type RowKey } from './table-editor/sql.ts';
import type { ColumnInfo } from './table-editor/types.ts';

export interface PasteTarget {
  schema: string;
  table: string;
  /** The table's columns, in the grid's order. */
  columns: readonly ColumnInfo[];
  /** The active cell's column (an index into `columns`). */
  startColumn: number;
  /**
   * The keys of the grid's rows from the active cell's row down, as many as the block covers and the table has;
   * `null` where a row is not loaded (its key unknown). The block's rows past these are inserted.
   */
  keys: ReadonlyArray<RowKey | null>;
}

export interface PastePlan {
  /** The confirmation's figures: 'Paste {rows} rows × {columns} columns?' */
  rows: number;
  columns: number;
  updates: number;
  inserts: number;
  query: string;
}

/** The question the one confirmation asks. */
export const pasteQuestion = (plan: Pick<PastePlan, 'rows' | 'columns' | 'inserts'>): string =>
  `Paste ${plan.rows} ${plan.rows === 1 ? 'row' : 'rows'} × ${plan.columns} ${plan.columns === 1 ? 'column' : 'columns'}?` +
  (plan.inserts > 0 ? ` ${plan.inserts} new ${plan.inserts === 1 ? 'row' : 'rows'} will be added.` : '');

const keyCondition = (key: RowKey) =>
  Object.keys(key)
    .map((name) => (key[name] === null ? `${ident(name)} is null` : `${ident(name)} = ${literal(key[name])}`))
    .join(' and ');

/**
 * The paste as one transaction, or an Error saying (to the user) why it cannot be pasted: a block wider than the
 * columns right of the active cell, a column that cannot be written, a row over which the grid has no key yet.
 */
export function planPaste(target: PasteTarget, block: ReadonlyArray<ReadonlyArray<string>>): PastePlan {
  const width = Math.max(0, ...block.map((row) => row.length));
  if (block.length === 0 || width === 0) throw new Error('The clipboard holds no cells to paste');
  const columns = target.columns.slice(target.startColumn, target.startColumn + width);
  if (columns.length < width) {
    throw new Error(`The pasted range has ${width} columns; only ${columns.length} ${columns.length === 1 ? 'column is' : 'columns are'} from this cell to the right`);
  }
  const locked = columns.find((column) => !canEditCell(column));
  if (locked) throw new Error(`Column ${locked.name} cannot be written (generated, identity or not updatable)`);
  const over = block.slice(0, target.keys.length);
  const added = block.slice(target.keys.length);
  // A short line of the block (a spreadsheet drops trailing empty cells of a row in some exports) fills with ''.
  const value = (row: ReadonlyArray<string>, i: number) => literal(typedValue(columns[i]!, row[i] ?? ''));
  const table = qualified(target.schema, target.table);
  const statements: string[] = [];
  over.forEach((row, r) => {
    const key = target.keys[r];
    if (!key || Object.keys(key).length === 0) throw new Error('Some rows under the pasted range are not loaded yet: scroll to them and paste again');
    const sets = columns.map((column, i) => `${ident(column.name)} = ${value(row, i)}`).join(', ');
    statements.push(`update ${table} set ${sets} where ${keyCondition(key)};`);
  });
  if (added.length > 0) {
    const names = columns.map((column) => ident(column.name)).join(', ');
    const tuples = added.map((row) => `(${columns.map((_, i) => value(row, i)).join(', ')})`).join(',\n');
    statements.push(`insert into ${table} (${names}) values\n${tuples};`);
  }
  return {
    rows: block.length,
    columns: width,
    updates: over.length,
    inserts: added.length,
    query: ['begin;', ...statements, 'commit;'].join('\n'),
  };
}
