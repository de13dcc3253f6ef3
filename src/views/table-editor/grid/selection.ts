// The grid's row selection: rows chosen by their key, or every row of the query ("select all" — the rows of a
// big table are not all loaded, so 'all' is a flag, and the delete goes by the filters).
import type { GridRow } from '../../../domain/table-editor/rows.ts';

export interface RowSelection {
  /** JSON of the row key → the row. */
  rows: Map<string, GridRow>;
  all: boolean;
}

export const EMPTY_SELECTION: RowSelection = { rows: new Map(), all: false };

export const selectionSize = (selection: RowSelection, count: number | null): number =>
  selection.all ? (count ?? 0) : selection.rows.size;
