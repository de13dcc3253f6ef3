// Types of the grid's rows machine (machines/table-rows.machine.ts): context, input, events and the inputs and
// outputs of its effects.
import type { PageRequest, Segment, VisibleRange } from '../src/domain/table-editor/row-segments.ts';
import type { RowCount } from '../src/domain/table-editor/row-count.ts';
import type { RowKey } from '../src/domain/table-editor/sql.ts';
import type { RowFilter, RowSort, TableMeta } from '../src/domain/table-editor/types.ts';

export interface RowsQuery {
  table: TableMeta;
  sorts: RowSort[];
  filters: RowFilter[];
}

export interface FetchRowsInput extends RowsQuery {
  request: PageRequest;
  limit: number;
}
export interface FetchCountInput extends RowsQuery {
  exact: boolean;
}
export interface SaveCellInput {
  table: TableMeta;
  key: RowKey;
  column: string;
  value: string | null;
}
/** The saved row as `update … returning *` gives it (column name → value). */
export type SaveCellOutput = Record<string, unknown>;

export interface CellEdit {
  index: number;
  /** The row's key when the edit began: the save lands only on that row (the rows may have been reloaded). */
  key: RowKey;
  column: string;
  /** What the user typed (null: set NULL); kept when the save fails. */
  value: string | null;
  error: string | null;
}

export interface TableRowsContext extends RowsQuery {
  pageSize: number;
  segments: Segment[];
  visible: VisibleRange;
  /** The fetch in flight or the one that failed (retried as is). */
  request: PageRequest | null;
  count: RowCount | null;
  error: string | null;
  countError: string | null;
  edit: CellEdit | null;
}

export interface TableRowsInput extends RowsQuery {
  pageSize?: number;
  /** Where the view starts (a restored scroll position). */
  visible?: VisibleRange;
}

/** The rows on screen (the virtualizer's range). */
export interface RowsVisibleEvent { type: 'rows.visible'; start: number; end: number }
/** Sort/filter from the URL, or new table meta (columns changed). */
export interface RowsSetQueryEvent { type: 'rows.setQuery'; table: TableMeta; sorts: RowSort[]; filters: RowFilter[] }
/** The data changed (revisions.rows): reload what is shown and the count. */
export interface RowsRefreshEvent { type: 'rows.refresh' }
export interface RowsRetryEvent { type: 'rows.retry' }
export interface RowsCountExactEvent { type: 'rows.countExact' }
export interface CellCommitEvent { type: 'cell.commit'; index: number; column: string; value: string | null }
export interface CellCancelEvent { type: 'cell.cancel' }

export type TableRowsEvent =
  | RowsVisibleEvent
  | RowsSetQueryEvent
  | RowsRefreshEvent
  | RowsRetryEvent
  | RowsCountExactEvent
  | CellCommitEvent
  | CellCancelEvent;
