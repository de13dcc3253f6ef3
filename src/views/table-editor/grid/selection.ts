// The grid's row selection (its type lives with the rows machine, which holds it): rows chosen by their key, or
// every row of the query.
import type { RowSelection } from '../../../../machines/table-rows.types.ts';

export type { RowSelection };

export const EMPTY_SELECTION: RowSelection = { rows: new Map(), all: false };

export const selectionSize = (selection: RowSelection, count: number | null): number =>
  selection.all ? (count ?? 0) : selection.rows.size;
