// Selectors of the grid's rows: views read these through useSelector, never the whole snapshot.
import type { SnapshotFrom } from 'xstate';
import { rowAt, rowTotal, type Segment } from '../src/domain/table-editor/row-segments.ts';
import type { GridRow } from '../src/domain/table-editor/rows.ts';
import type { RowCount } from '../src/domain/table-editor/row-count.ts';
import type { CellEdit, RowSelection, TableRowsMachine } from './table-rows.machine.ts';

type Snapshot = SnapshotFrom<TableRowsMachine>;

/** The loaded segments (same reference until a page lands or a row changes). */
export const selectSegments = (snapshot: Snapshot): Segment[] => snapshot.context.segments;

/** How many rows the grid scrolls over. */
export const selectRowTotal = (snapshot: Snapshot): number => rowTotal(snapshot.context.segments, snapshot.context.count?.value ?? null);

export const selectRow = (snapshot: Snapshot, index: number): GridRow | undefined => rowAt(snapshot.context.segments, index);

export const selectCount = (snapshot: Snapshot): RowCount | null => snapshot.context.count;

/** Nothing loaded yet for the applied query (first load, or after a sort/filter change). */
export const selectIsFirstLoad = (snapshot: Snapshot): boolean =>
  snapshot.context.segments.length === 0 && (snapshot.matches({ pages: 'loading' }) || snapshot.matches({ pages: 'reloading' }));

export const selectIsLoading = (snapshot: Snapshot): boolean =>
  snapshot.matches({ pages: 'loading' }) || snapshot.matches({ pages: 'reloading' });

/** The page fetch failure (rows.retry), null otherwise. */
export const selectError = (snapshot: Snapshot): string | null => (snapshot.matches({ pages: 'failed' }) ? snapshot.context.error : null);

export const selectCountError = (snapshot: Snapshot): string | null => (snapshot.matches({ count: 'failed' }) ? snapshot.context.countError : null);

export const selectIsCounting = (snapshot: Snapshot): boolean => snapshot.matches({ count: 'counting' }) || snapshot.matches({ count: 'loading' });

/** The exact count can be asked for: the count shown is an estimate, or counting failed. */
export const selectCanCountExact = (snapshot: Snapshot): boolean =>
  (snapshot.matches({ count: 'idle' }) && snapshot.context.count?.exact === false) || snapshot.matches({ count: 'failed' });

/** The cell being edited, saved, or whose save failed (with Postgres's message and the typed value). */
export const selectEdit = (snapshot: Snapshot): CellEdit | null => snapshot.context.edit;

export const selectIsSaving = (snapshot: Snapshot): boolean => snapshot.matches({ edit: 'saving' });

/** The open cell editor: where, the text in it, whether it is saving, the save's error. */
export interface CellEditor {
  index: number;
  column: string;
  draft: string;
  saving: boolean;
  error: string | null;
}

export const selectCellEditor = (snapshot: Snapshot): CellEditor | null => {
  const { edit } = snapshot.context;
  if (!edit) return null;
  // An undo, redo or Delete saves without an editor; it opens only when that save failed (issue 14).
  if (edit.source && edit.source !== 'edit' && !snapshot.matches({ edit: 'failed' })) return null;
  return { index: edit.index, column: edit.column, draft: edit.draft, saving: snapshot.matches({ edit: 'saving' }), error: edit.error };
};

/** Compares two editors by value (useSelector's compare: a new object each snapshot otherwise). */
export const sameCellEditor = (a: CellEditor | null, b: CellEditor | null): boolean =>
  a === b || (a !== null && b !== null && a.index === b.index && a.column === b.column && a.draft === b.draft && a.saving === b.saving && a.error === b.error);

/** The rows selected (same reference until the selection changes). */
export const selectSelection = (snapshot: Snapshot): RowSelection => snapshot.context.selection;

/** The table has no empty state to show: loaded and zero rows. */
export const selectIsEmpty = (snapshot: Snapshot): boolean =>
  snapshot.matches({ pages: 'idle' }) && snapshot.context.segments.every((segment) => segment.rows.length === 0);

/** The pasted range waiting for its confirmation (issue 14): the plan's figures, and the error of a failed try. */
export const selectPaste = (snapshot: Snapshot) =>
  snapshot.context.paste && {
    rows: snapshot.context.paste.plan.rows,
    columns: snapshot.context.paste.plan.columns,
    inserts: snapshot.context.paste.plan.inserts,
    error: snapshot.context.paste.error,
    saving: snapshot.matches({ edit: 'pasting' }),
  };

/** What Ctrl+Z / Ctrl+Shift+Z would do now (issue 14). */
export const selectCanUndo = (snapshot: Snapshot): boolean => snapshot.context.undo.length > 0 && snapshot.matches({ edit: 'idle' });
export const selectCanRedo = (snapshot: Snapshot): boolean => snapshot.context.redo.length > 0 && snapshot.matches({ edit: 'idle' });
