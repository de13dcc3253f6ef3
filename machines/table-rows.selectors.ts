// Selectors of the grid's rows: views read these through useSelector, never the whole snapshot.
import type { SnapshotFrom } from 'xstate';
import { rowAt, rowTotal, type Segment } from '../src/domain/table-editor/row-segments.ts';
import type { GridRow } from '../src/domain/table-editor/rows.ts';
import type { RowCount } from '../src/domain/table-editor/row-count.ts';
import type { CellEdit, TableRowsMachine } from './table-rows.machine.ts';

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

/** The cell being saved or whose save failed (with Postgres's message and the typed value). */
export const selectEdit = (snapshot: Snapshot): CellEdit | null => snapshot.context.edit;

export const selectIsSaving = (snapshot: Snapshot): boolean => snapshot.matches({ edit: 'saving' });

/** The table has no empty state to show: loaded and zero rows. */
export const selectIsEmpty = (snapshot: Snapshot): boolean =>
  snapshot.matches({ pages: 'idle' }) && snapshot.context.segments.every((segment) => segment.rows.length === 0);
