// The grid's rows (spec B2.1, B9; issue 6): pages of 100 loaded as the view scrolls (keyset after the last row),
// a jump where nothing is loaded (the scrollbar dragged far), the row count (estimate or exact, exact on request),
// refresh after changes, sort/filter from the URL, the role the rows are read as (spec B2.7), the row selection,
// inline cell edits, and the scroll position the tab remembers (spec B2.2). Three parallel regions:
//  - pages: one fetch at a time; when it lands, `idle` asks the loaded segments what the view still misses;
//  - count: estimate/exact count of the applied query;
//  - edit: one cell at a time: editing → saving → idle, or failed (the Postgres error shown, the typed value kept);
//    or a pasted range (issue 14): confirmingPaste (one question) → pasting (one transaction) → idle and a refresh;
//    an undo/redo of a saved cell edit, or Delete on a cell, saves through the same `saveCell` (issue 14).
// A query change or refresh leaves the loading states, which stops the fetch in flight: a superseded result never lands.
// The view forwards what it is given (the URL's query, the chosen role) as it is; the machine decides whether that
// changes anything (issue 15: no stored 'first value' comparisons in the view).
import { assign, cancel, emit, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { typedValue } from '../src/domain/table-editor/grid-cells.ts';
import { placePage, planFetch, replaceRow, rowTotal, trimSegments, type FetchedPage } from '../src/domain/table-editor/row-segments.ts';
import { pagePlan, ROWS_PAGE_SIZE, type GridRow } from '../src/domain/table-editor/rows.ts';
import { planPaste, type PastePlan } from '../src/domain/tsv-paste.ts';
import { errorMessage, notProvidedStub } from './support.ts';
import type { RowCount } from '../src/domain/table-editor/row-count.ts';
import type {
  FetchCountInput,
  FetchRowsInput,
  PasteRowsInput,
  RowsPasteEvent,
  RowsQuery,
  SaveCellInput,
  SaveCellOutput,
  TableRowsContext,
  RowSelection,
  TableRowsEmitted,
  TableRowsEvent,
  TableRowsInput,
  CellChange,
  CellEdit,
} from './table-rows.types.ts';

export type * from './table-rows.types.ts';


/** The scroll position is written to the tab once the scrolling has been still this long. */
export const TAB_SCROLL_SETTLE_MS = 300;
const EMPTY_SELECTION: RowSelection = { rows: new Map(), all: false };

/** The editor's text for a cell value: empty for NULL, JSON for objects. */
export const draftOf = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

const queryOf = (context: RowsQuery): RowsQuery => ({ table: context.table, sorts: context.sorts, filters: context.filters });
/** The same table and filters: the same rows (and count), whatever the order. */
const sameRowSet = (context: RowsQuery, query: RowsQuery) =>
  JSON.stringify([context.table, context.filters]) === JSON.stringify([query.table, query.filters]);
const keysetOf = (context: TableRowsContext) => pagePlan(context.table, context.sorts).keyset;

/**
 * The paste of a block on (row, column): the keys of the rows it covers that exist (null where one is not loaded),
 * the rest inserted. An Error (for the user) when it cannot be pasted.
 */
function pastePlanOf(context: TableRowsContext, event: RowsPasteEvent): PastePlan {
  const total = rowTotal(context.segments, context.count?.value ?? null);
  const over = Math.max(0, Math.min(event.block.length, total - event.row));
  const keys = Array.from({ length: over }, (_, i) => rowOf(context, event.row + i)?.key ?? null);
  return planPaste({ schema: context.table.schema, table: context.table.name, columns: context.table.columns, startColumn: event.column, keys }, event.block);
}

/** Where the row with this key is loaded (-1: not loaded; the save still goes by the key). */
function indexOfKey(context: TableRowsContext, key: CellChange['key']): number {
  const wanted = JSON.stringify(key);
  for (const segment of context.segments) {
    const i = segment.rows.findIndex((row) => JSON.stringify(row.key) === wanted);
    if (i >= 0) return segment.start + i;
  }
  return -1;
}

/** The value as the save sends it back (text; NULL stays NULL); undefined when it cannot be: a value cut on the wire. */
function restorable(row: GridRow, column: string): string | null | undefined {
  if (row.truncated.includes(column)) return undefined;
  const value = row.values[column];
  return value === null || value === undefined ? null : draftOf(value);
}

/** A save of `value` into a cell by an undo, redo or Delete: no editor, the same save path. */
function quietEdit(context: TableRowsContext, change: { key: CellChange['key']; column: string }, value: string | null, previous: string | null | undefined, source: CellEdit['source']): CellEdit {
  return { index: indexOfKey(context, change.key), key: change.key, column: change.column, draft: value ?? '', value, error: null, previous, source };
}

function rowOf(context: TableRowsContext, index: number): GridRow | undefined {
  for (const segment of context.segments) {
    if (index >= segment.start && index < segment.start + segment.rows.length) return segment.rows[index - segment.start];
  }
  return undefined;
}

/** The saved row merged into the grid's row: the new values, and its key re-read (an edited key moves). */
function savedRow(context: TableRowsContext, row: GridRow, saved: SaveCellOutput): GridRow {
  // Only the edited cell takes the saved value: the other cells keep their wire form (e.g. json as Postgres's text).
  const column = context.edit!.column;
  const values = { ...row.values, ...(column in saved ? { [column]: saved[column] } : {}) };
  const key = row.key && Object.fromEntries(Object.keys(row.key).map((name) => [name, name in saved ? String(saved[name]) : row.key![name]]));
  return { ...row, values, key, truncated: row.truncated.filter((name) => name !== column) };
}

export const tableRowsMachine = setup({
  types: {} as { context: TableRowsContext; events: TableRowsEvent; input: TableRowsInput; emitted: TableRowsEmitted; tags: 'busy' | 'error' },
  actors: {
    fetchRows: fromPromise<FetchedPage, FetchRowsInput>(notProvidedStub('fetch rows')),
    fetchCount: fromPromise<RowCount, FetchCountInput>(notProvidedStub('fetch count')),
    saveCell: fromPromise<SaveCellOutput, SaveCellInput>(notProvidedStub('save cell')),
    pasteRows: fromPromise<unknown, PasteRowsInput>(notProvidedStub('paste rows')),
  },
  guards: {
    needsRows: ({ context }) => planFetch(context.segments, context.visible, context.count?.value ?? null, keysetOf(context)) !== null,
    /** A loaded row with a key (the save goes by it), and a column of the table. */
    editable: ({ context }, params: { index: number; column: string }) =>
      Boolean(rowOf(context, params.index)?.key) && context.table.columns.some((column) => column.name === params.column),
    canUndo: ({ context }) => context.undo.length > 0,
    canRedo: ({ context }) => context.redo.length > 0,
    pastePlannable: ({ context, event }) => {
      if (event.type !== 'rows.paste') return false;
      try {
        pastePlanOf(context, event);
        return true;
      } catch {
        return false;
      }
    },
    roleChanges: ({ context, event }) => event.type === 'rows.role' && event.role !== context.role,
    rowSetChanges: ({ context, event }) => event.type === 'rows.setQuery' && !sameRowSet(context, event),
    /**
     * The query shown already: nothing to do. A sort or filter is applied at the click (issue 25: waiting for the
     * router to move the URL cost 200–500 ms before the fetch started), and the URL then brings the same query again.
     */
    queryChanges: ({ context, event }) => event.type === 'rows.setQuery' && JSON.stringify(queryOf(context)) !== JSON.stringify(queryOf(event)),
  },
  actions: {
    beginEdit: assign(({ context }, params: { index: number; column: string }) => {
      const row = rowOf(context, params.index)!;
      return {
        edit: { index: params.index, key: row.key!, column: params.column, draft: draftOf(row.values[params.column]), value: null, error: null, previous: restorable(row, params.column), source: 'edit' as const },
      };
    }),
    /** A saved edit goes on the undo stack (a new one drops the redo stack); an undo moves it to redo and back. */
    recordSave: assign(({ context }) => {
      const edit = context.edit!;
      if (edit.source === 'undo') return { undo: context.undo.slice(0, -1), redo: [...context.redo, context.undo.at(-1)!] };
      if (edit.source === 'redo') return { redo: context.redo.slice(0, -1), undo: [...context.undo, context.redo.at(-1)!] };
      // A value that cannot be written back (cut on the wire) is saved, but cannot be undone.
      if (edit.previous === undefined) return { undo: [], redo: [] };
      return { undo: [...context.undo, { key: edit.key, column: edit.column, before: edit.previous, after: edit.value }], redo: [] };
    }),
    setDraft: assign(({ context }, params: { draft: string }) => ({ edit: { ...context.edit!, draft: params.draft } })),
    /** The draft typed by its column: '' is NULL except in text columns (grid-cells `typedValue`). */
    commitDraft: assign(({ context }) => {
      const column = context.table.columns.find((candidate) => candidate.name === context.edit!.column)!;
      return { edit: { ...context.edit!, value: typedValue(column, context.edit!.draft), error: null } };
    }),
    clearEdit: assign({ edit: null }),
    planRequest: assign({
      request: ({ context }) => planFetch(context.segments, context.visible, context.count?.value ?? null, keysetOf(context)),
    }),
    /** A new query empties the rows; a new sort alone keeps the count (same rows, another order). */
    // A new sort or filter starts at the top (issue 25): the old offset means nothing in the new order, and the grid
    // scrolls back to the top with it. The view keeps its height.
    applyQuery: assign(({ context }, query: RowsQuery) => ({
      ...query,
      visible: { start: 0, end: context.visible.end - context.visible.start },
      segments: [],
      request: null,
      error: null,
      selection: EMPTY_SELECTION,
      ...(sameRowSet(context, query) ? {} : { count: null, countError: null }),
    })),
    /** A refresh starts over where the view is; the old rows stay on screen until the new ones land. */
    restart: assign(({ context }) => ({
      selection: EMPTY_SELECTION,
      request: context.visible.start <= 0 ? ({ kind: 'next', segmentStart: 0, offset: 0, after: null } as const) : ({ kind: 'jump', offset: context.visible.start } as const),
    })),
    storePage: assign(({ context }, fetched: FetchedPage & { replace: boolean }) => ({
      segments: trimSegments(placePage(fetched.replace ? [] : context.segments, context.request!, fetched), context.visible),
      request: null,
      error: null,
    })),
  },
}).createMachine({
  id: 'tableRows',
  type: 'parallel',
  context: ({ input }) => ({
    table: input.table,
    sorts: input.sorts,
    filters: input.filters,
    pageSize: input.pageSize ?? ROWS_PAGE_SIZE,
    segments: [],
    visible: input.visible ?? { start: 0, end: 0 },
    request: null,
    count: null,
    error: null,
    countError: null,
    edit: null,
    selection: EMPTY_SELECTION,
    role: input.role ?? '',
    scrollTop: null,
    paste: null,
    undo: [],
    redo: [],
  }),
  on: {
    'rows.visible': { actions: assign({ visible: ({ event }) => ({ start: Math.max(0, event.start), end: Math.max(event.start, event.end) }) }) },
    'rows.select': { actions: assign({ selection: ({ event }) => event.selection }) },
    // The page debounced this by hand (issue 15): each scroll restarts one delayed event, a new query drops it.
    'rows.scrolled': {
      actions: [
        cancel('scrollSettle'),
        assign({ scrollTop: ({ event }) => event.scrollTop }),
        raise({ type: 'rows.scrollSettled' }, { id: 'scrollSettle', delay: TAB_SCROLL_SETTLE_MS }),
      ],
    },
    'rows.scrollSettled': {
      actions: enqueueActions(({ context, enqueue }) => {
        if (context.scrollTop !== null) enqueue.emit({ type: 'scroll.settled', scrollTop: context.scrollTop });
        enqueue.assign({ scrollTop: null });
      }),
    },
  },
  states: {
    pages: {
      initial: 'loading',
      // Through a transient state, so a load in flight is left (its invoke stopped: the result never lands) even
      // when the next one is of the same kind. (`reenter` on a region would re-enter the whole parallel machine.)
      on: {
        'rows.setQuery': {
          guard: 'queryChanges',
          target: '.restarting',
          // A scroll position of the old view still waiting to be saved must not land on the new one (issue 25).
          actions: [
            { type: 'applyQuery', params: ({ event }) => ({ table: event.table, sorts: event.sorts, filters: event.filters }) },
            cancel('scrollSettle'),
            assign({ scrollTop: null }),
          ],
        },
        'rows.refresh': { target: '.refreshing', actions: 'restart' },
        // Another role may see other rows (spec B2.7): they are read again.
        'rows.role': { guard: 'roleChanges', target: '.refreshing', actions: ['restart', assign({ role: ({ event }) => event.role })] },
      },
      states: {
        restarting: { always: { target: 'loading' } },
        refreshing: { always: { target: 'reloading' } },
        loading: {
          tags: ['busy'],
          entry: 'planRequest',
          invoke: {
            id: 'fetchRows',
            src: 'fetchRows',
            input: ({ context }) => ({ ...queryOf(context), request: context.request!, limit: context.pageSize }),
            onDone: { target: 'idle', actions: { type: 'storePage', params: ({ event }) => ({ ...event.output, replace: false }) } },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
        /** Refresh: the page where the view is, replacing every segment when it lands. */
        reloading: {
          tags: ['busy'],
          invoke: {
            id: 'fetchRows',
            src: 'fetchRows',
            input: ({ context }) => ({ ...queryOf(context), request: context.request!, limit: context.pageSize }),
            onDone: { target: 'idle', actions: { type: 'storePage', params: ({ event }) => ({ ...event.output, replace: true }) } },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
        /** Everything in view is loaded; a scroll that shows missing rows starts the next fetch. */
        idle: {
          always: { guard: 'needsRows', target: 'loading' },
        },
        failed: {
          tags: ['error'],
          // Re-planned on entry: the same request, unless the view moved meanwhile (then maybe nothing is missing).
          on: { 'rows.retry': [{ guard: 'needsRows', target: 'loading' }, { target: 'idle', actions: assign({ error: null }) }] },
        },
      },
    },
    count: {
      initial: 'loading',
      on: {
        'rows.setQuery': { guard: 'rowSetChanges', target: '.restarting' },
        'rows.refresh': { target: '.restarting' },
        'rows.role': { guard: 'roleChanges', target: '.restarting' },
      },
      states: {
        restarting: { always: { target: 'loading' } },
        loading: {
          invoke: {
            id: 'fetchCount',
            src: 'fetchCount',
            input: ({ context }) => ({ ...queryOf(context), exact: false }),
            onDone: { target: 'idle', actions: assign({ count: ({ event }) => event.output, countError: null }) },
            onError: { target: 'failed', actions: assign({ countError: ({ event }) => errorMessage(event.error) }) },
          },
        },
        counting: {
          tags: ['busy'],
          invoke: {
            id: 'fetchCount',
            src: 'fetchCount',
            input: ({ context }) => ({ ...queryOf(context), exact: true }),
            onDone: { target: 'idle', actions: assign({ count: ({ event }) => event.output, countError: null }) },
            onError: { target: 'failed', actions: assign({ countError: ({ event }) => errorMessage(event.error) }) },
          },
        },
        idle: {
          on: { 'rows.countExact': { target: 'counting' } },
        },
        failed: {
          tags: ['error'],
          on: { 'rows.countExact': { target: 'counting' } },
        },
      },
    },
    edit: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'cell.edit': {
              guard: { type: 'editable', params: ({ event }) => ({ index: event.index, column: event.column }) },
              target: 'editing',
              actions: { type: 'beginEdit', params: ({ event }) => ({ index: event.index, column: event.column }) },
            },
            'cell.undo': {
              guard: 'canUndo',
              target: 'saving',
              actions: assign({ edit: ({ context }) => { const change = context.undo.at(-1)!; return quietEdit(context, change, change.before, change.after, 'undo'); } }),
            },
            'cell.redo': {
              guard: 'canRedo',
              target: 'saving',
              actions: assign({ edit: ({ context }) => { const change = context.redo.at(-1)!; return quietEdit(context, change, change.after, change.before, 'redo'); } }),
            },
            // Delete on a cell: NULL, or '' in a text column (typedValue), undoable like an edit.
            'cell.clear': {
              guard: { type: 'editable', params: ({ event }) => ({ index: event.index, column: event.column }) },
              target: 'saving',
              actions: assign({
                edit: ({ context, event }) => {
                  const row = rowOf(context, event.index)!;
                  const column = context.table.columns.find((candidate) => candidate.name === event.column)!;
                  return { ...quietEdit(context, { key: row.key!, column: event.column }, typedValue(column, ''), restorable(row, event.column), 'clear'), index: event.index };
                },
              }),
            },
            'rows.paste': [
              {
                guard: 'pastePlannable',
                target: 'confirmingPaste',
                actions: assign({ paste: ({ context, event }) => ({ plan: pastePlanOf(context, event), error: null }) }),
              },
              {
                // Nothing is asked: the reason it cannot be pasted is said instead (a too-wide range, a generated column…).
                actions: emit(({ context, event }) => {
                  let reason = 'The clipboard cannot be pasted here';
                  try {
                    pastePlanOf(context, event);
                  } catch (error) {
                    reason = errorMessage(error);
                  }
                  return { type: 'paste.refused' as const, message: reason };
                }),
              },
            ],
          },
        },
        /** The one question (issue 14: 'Paste N rows × M columns?'); after a failed try, Postgres's error with it. */
        confirmingPaste: {
          on: {
            'paste.confirm': { target: 'pasting' },
            'paste.cancel': { target: 'idle', actions: assign({ paste: null }) },
          },
        },
        /** One transaction: every cell and new row, or none (src/domain/tsv-paste.ts). */
        pasting: {
          tags: ['busy'],
          invoke: {
            id: 'pasteRows',
            src: 'pasteRows',
            input: ({ context }) => ({ query: context.paste!.plan.query }),
            onDone: {
              target: 'idle',
              actions: [
                emit(({ context }) => ({ type: 'paste.saved' as const, rows: context.paste!.plan.rows, columns: context.paste!.plan.columns })),
                assign({ paste: null }),
                // The rows (and count) as they are now: new rows, values as Postgres stored them.
                raise({ type: 'rows.refresh' }),
              ],
            },
            onError: { target: 'confirmingPaste', actions: assign({ paste: ({ context, event }) => ({ ...context.paste!, error: errorMessage(event.error) }) }) },
          },
        },
        /** The cell's editor is open with `edit.draft`. */
        editing: {
          on: {
            'cell.edit': {
              guard: { type: 'editable', params: ({ event }) => ({ index: event.index, column: event.column }) },
              target: 'editing',
              actions: { type: 'beginEdit', params: ({ event }) => ({ index: event.index, column: event.column }) },
            },
            'cell.draft': { actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.draft }) } },
            'cell.commit': { target: 'saving', actions: 'commitDraft' },
            'cell.cancel': { target: 'idle', actions: 'clearEdit' },
            // Another order or filter: the row under the editor is another one.
            'rows.setQuery': { guard: 'queryChanges', target: 'idle', actions: 'clearEdit' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveCell',
            src: 'saveCell',
            input: ({ context }) => ({
              table: context.table,
              key: context.edit!.key,
              column: context.edit!.column,
              value: context.edit!.value,
            }),
            onDone: {
              target: 'idle',
              actions: [
                'recordSave',
                emit(({ context }) => ({ type: 'cell.saved' as const, index: context.edit!.index, column: context.edit!.column })),
                assign(({ context, event }) => {
                  const row = rowOf(context, context.edit!.index);
                  const same = row?.key && JSON.stringify(row.key) === JSON.stringify(context.edit!.key);
                  const segments = row && same ? replaceRow(context.segments, context.edit!.index, savedRow(context, row, event.output)) : context.segments;
                  return { segments, edit: null };
                }),
              ],
            },
            onError: {
              target: 'failed',
              actions: assign({ edit: ({ context, event }) => ({ ...context.edit!, error: errorMessage(event.error) }) }),
            },
          },
        },
        /** The Postgres error shown verbatim beside the cell; the typed value stays for another try. */
        failed: {
          tags: ['error'],
          on: {
            'cell.edit': {
              guard: { type: 'editable', params: ({ event }) => ({ index: event.index, column: event.column }) },
              target: 'editing',
              actions: { type: 'beginEdit', params: ({ event }) => ({ index: event.index, column: event.column }) },
            },
            'cell.draft': { actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.draft }) } },
            'cell.commit': { target: 'saving', actions: 'commitDraft' },
            'cell.cancel': { target: 'idle', actions: 'clearEdit' },
            'rows.setQuery': { guard: 'queryChanges', target: 'idle', actions: 'clearEdit' },
          },
        },
      },
    },
  },
});

export type TableRowsMachine = typeof tableRowsMachine;
