// Types of the grid's rows machine (machines/table-rows.machine.ts): context, input, events and the inputs and
// outputs of its effects.
import type { PastePlan } from '../src/domain/tsv-paste.ts';
import type { PageRequest, Segment, VisibleRange } from '../src/domain/table-editor/row-segments.ts';
import type { RowCount } from '../src/domain/table-editor/row-count.ts';
import type { RowKey } from '../src/domain/table-editor/sql.ts';
import type { GridRow } from '../src/domain/table-editor/rows.ts';
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
  /** The text in the cell's editor; kept when the save fails. */
  draft: string;
  /** What the commit sends (null: set NULL), typed from the draft by the column (grid-cells `typedValue`). */
  value: string | null;
  error: string | null;
  /** The cell's value before (its wire form), written back by an undo; undefined when it cannot be (a cut value). */
  previous?: string | null | undefined;
  /**
   * What started the save (issue 14): the editor, an undo or redo, or Delete on the cell. Only the editor's own
   * saves show the editor while saving; a failed undo/redo/clear opens it with Postgres's error and the value.
   */
  source?: 'edit' | 'undo' | 'redo' | 'clear';
}

/** One saved cell edit of this session (issue 14: undo/redo), by the row's key. */
export interface CellChange {
  key: RowKey;
  column: string;
  before: string | null;
  after: string | null;
}

/** The grid's row selection: rows chosen by their key, or every row of the query ('select all': the rows of a big
 * table are not all loaded, so 'all' is a flag, and the delete goes by the filters). */
export interface RowSelection {
  /** JSON of the row key → the row. */
  rows: Map<string, GridRow>;
  all: boolean;
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
  selection: RowSelection;
  /** The role the rows are read as (spec B2.7), as a key: another one reads them again. */
  role: string;
  /** The last scroll position reported, written to the tab once the scrolling settles. */
  scrollTop: number | null;
  /** A pasted range waiting for its one confirmation (issue 14), and the Postgres error of a try that failed. */
  paste: { plan: PastePlan; error: string | null } | null;
  /** Saved cell edits, newest last: Ctrl+Z writes `before` back, Ctrl+Shift+Z `after` again (issue 14). */
  undo: CellChange[];
  redo: CellChange[];
}

export interface TableRowsInput extends RowsQuery {
  pageSize?: number;
  /** Where the view starts (a restored scroll position). */
  visible?: VisibleRange;
  /** The role the rows are read as at the start (see `rows.role`). */
  role?: string;
}

/** The rows on screen (the virtualizer's range). */
export interface RowsVisibleEvent { type: 'rows.visible'; start: number; end: number }
/** Sort/filter from the URL, or new table meta (columns changed). */
export interface RowsSetQueryEvent { type: 'rows.setQuery'; table: TableMeta; sorts: RowSort[]; filters: RowFilter[] }
/** The data changed (revisions.rows): reload what is shown and the count. */
export interface RowsRefreshEvent { type: 'rows.refresh' }
export interface RowsRetryEvent { type: 'rows.retry' }
export interface RowsCountExactEvent { type: 'rows.countExact' }
/** Enter or a double-click on a cell: its editor opens with the cell's value. */
export interface CellEditEvent { type: 'cell.edit'; index: number; column: string }
export interface CellDraftEvent { type: 'cell.draft'; draft: string }
export interface CellCommitEvent { type: 'cell.commit' }
export interface CellCancelEvent { type: 'cell.cancel' }
/** Rows checked or unchecked, or 'select all'. */
export interface RowsSelectEvent { type: 'rows.select'; selection: RowSelection }
/** The role chosen in the role picker (spec B2.7), as a key; sent whenever it may have changed. */
export interface RowsRoleEvent { type: 'rows.role'; role: string }
/** The grid scrolled. */
export interface RowsScrolledEvent { type: 'rows.scrolled'; scrollTop: number }
/** Raised by the machine itself once the scrolling has settled (TAB_SCROLL_SETTLE_MS). */
export interface RowsScrollSettledEvent { type: 'rows.scrollSettled' }
/** A TSV block pasted on the active cell (issue 14): cells from there down and right, new rows past the end. */
export interface RowsPasteEvent { type: 'rows.paste'; row: number; column: number; block: string[][] }
export interface PasteConfirmEvent { type: 'paste.confirm' }
export interface PasteCancelEvent { type: 'paste.cancel' }
/** Ctrl+Z / Ctrl+Shift+Z on the grid (issue 14). */
export interface CellUndoEvent { type: 'cell.undo' }
export interface CellRedoEvent { type: 'cell.redo' }
/** Delete on the active cell: NULL, or '' in a text column (grid-cells `typedValue`), with undo. */
export interface CellClearEvent { type: 'cell.clear'; index: number; column: string }

export type TableRowsEvent =
  | RowsVisibleEvent
  | RowsSetQueryEvent
  | RowsRefreshEvent
  | RowsRetryEvent
  | RowsCountExactEvent
  | CellEditEvent
  | CellDraftEvent
  | CellCommitEvent
  | CellCancelEvent
  | RowsSelectEvent
  | RowsRoleEvent
  | RowsScrolledEvent
  | RowsScrollSettledEvent
  | RowsPasteEvent
  | PasteConfirmEvent
  | PasteCancelEvent
  | CellUndoEvent
  | CellRedoEvent
  | CellClearEvent;

/** Emitted: a cell's value was saved (the grid takes the keyboard back). */
export interface CellSavedEmitted { type: 'cell.saved'; index: number; column: string }
/** Emitted: the scrolling settled here (the tab remembers it, spec B2.2). */
export interface ScrollSettledEmitted { type: 'scroll.settled'; scrollTop: number }
/** Emitted: a paste cannot be planned (the reason, for the user), or it was saved. */
export interface PasteRefusedEmitted { type: 'paste.refused'; message: string }
export interface PastedEmitted { type: 'paste.saved'; rows: number; columns: number }
export type TableRowsEmitted = CellSavedEmitted | ScrollSettledEmitted | PasteRefusedEmitted | PastedEmitted;

export interface PasteRowsInput { query: string }
