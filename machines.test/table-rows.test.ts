// Grid rows machine (spec B2.1, B9; issue 6): examples, generated paths with coverage, properties.
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { TAB_SCROLL_SETTLE_MS, tableRowsMachine, type FetchCountInput, type FetchRowsInput, type SaveCellInput } from '../machines/table-rows.machine.ts';
import {
  selectCanCountExact, selectCellEditor, selectCount, selectCountError, selectEdit, selectError, selectIsEmpty, selectIsFirstLoad, selectRow, selectRowTotal,
  selectCanRedo, selectCanUndo, selectPaste, selectSelection,
} from '../machines/table-rows.selectors.ts';
import { planFetch, type FetchedPage, type PageRequest } from '../src/domain/table-editor/row-segments.ts';
import { pagePlan, type GridRow } from '../src/domain/table-editor/rows.ts';
import type { RowCount } from '../src/domain/table-editor/row-count.ts';
import type { ColumnInfo, TableMeta } from '../src/domain/table-editor/types.ts';
import { controlledActors, flushMicrotasks } from './support/controlled-actors.ts';
import { describeMachinePaths } from './support/paths.ts';

type Snap = SnapshotFrom<typeof tableRowsMachine>;

const table: TableMeta = {
  id: 7, schema: 'public', name: 'items', type: 'r', comment: null, rls_enabled: false, relationships: [], estimated_rows: 0,
  primary_keys: ['id'], columns: [{ name: 'id', format: 'int8', is_nullable: false } as ColumnInfo, { name: 'name', format: 'text', is_nullable: true, is_updatable: true, is_generated: false, identity_generation: null } as ColumnInfo],
};
const row = (i: number): GridRow => ({ values: { id: String(i), name: `n${i}` }, truncated: i === 1 ? ['name'] : [], cursor: [String(i)], key: { id: String(i) } });

/** A table of `size` rows answering the page requests like the real actor. */
function serve(size: number, request: PageRequest, limit: number): FetchedPage {
  let from = request.kind === 'next' && request.after ? Number(request.after[0]) + 1 : request.offset;
  const past = request.kind === 'jump' && from >= size;
  if (past) from = Math.max(0, size - limit);
  const rows = Array.from({ length: Math.max(0, Math.min(limit, size - from)) }, (_, i) => row(from + i));
  return { rows, offset: from, complete: past || rows.length < limit };
}

function start(input: { pageSize?: number } = {}) {
  const fakes = controlledActors({ fetchRows: 'promise', fetchCount: 'promise', saveCell: 'promise', pasteRows: 'promise' });
  const actor = createActor(tableRowsMachine.provide({ actors: fakes.logic }), { input: { table, sorts: [], filters: [], pageSize: 100, ...input } }).start();
  const lastRows = () => fakes.starts('fetchRows').at(-1)?.input as FetchRowsInput;
  return { actor, fakes, lastRows };
}

afterEach(() => void vi.useRealTimers());

describe('table rows machine: examples', () => {
  it('loads the first page and the count, pages on by cursor, and jumps far', async () => {
    const { actor, fakes, lastRows } = start();
    expect(selectIsFirstLoad(actor.getSnapshot())).toBe(true);
    expect(lastRows().request).toEqual({ kind: 'next', segmentStart: 0, offset: 0, after: null });
    expect((fakes.starts('fetchCount').at(-1)!.input as FetchCountInput).exact).toBe(false);
    await fakes.resolve('fetchRows', serve(1_000_000, lastRows().request, 100));
    await fakes.resolve('fetchCount', { value: 1_000_000, exact: false });
    expect(selectRowTotal(actor.getSnapshot())).toBe(1_000_000);
    expect(selectRow(actor.getSnapshot(), 99)).toEqual(row(99));
    expect(actor.getSnapshot().matches({ pages: 'idle' })).toBe(true);

    actor.send({ type: 'rows.visible', start: 60, end: 90 });
    expect(lastRows().request).toEqual({ kind: 'next', segmentStart: 0, offset: 100, after: ['99'] });
    await fakes.resolve('fetchRows', serve(1_000_000, lastRows().request, 100));
    actor.send({ type: 'rows.visible', start: 900_000, end: 900_030 });
    expect(lastRows().request).toEqual({ kind: 'jump', offset: 900_000 });
    await fakes.resolve('fetchRows', serve(1_000_000, lastRows().request, 100));
    expect(selectRow(actor.getSnapshot(), 900_010)).toEqual(row(900_010));
    expect(fakes.starts('fetchRows')).toHaveLength(3);
  });

  it('a sort change supersedes the load in flight: the old result never lands', async () => {
    const resolvers: Array<(page: FetchedPage) => void> = [];
    const machine = tableRowsMachine.provide({
      actors: {
        fetchRows: fromPromise<FetchedPage, FetchRowsInput>(() => new Promise((resolve) => resolvers.push(resolve))),
        fetchCount: fromPromise<RowCount, FetchCountInput>(async () => ({ value: 3, exact: true })),
      },
    });
    const actor = createActor(machine, { input: { table, sorts: [], filters: [] } }).start();
    actor.send({ type: 'rows.setQuery', table, sorts: [{ column: 'name', ascending: false }], filters: [] });
    resolvers[0]!({ rows: [row(0)], offset: 0, complete: true });
    await flushMicrotasks();
    expect(selectRow(actor.getSnapshot(), 0)).toBeUndefined();
    resolvers[1]!({ rows: [row(2)], offset: 0, complete: true });
    await flushMicrotasks();
    expect(selectRow(actor.getSnapshot(), 0)).toEqual(row(2));
    expect(actor.getSnapshot().context.sorts).toEqual([{ column: 'name', ascending: false }]);
  });

  it('a new sort or filter starts at the top, never at the old offset in the new order (issue 25)', async () => {
    const { actor, fakes, lastRows } = start();
    await fakes.resolve('fetchRows', serve(1_000_000, lastRows().request, 100));
    await fakes.resolve('fetchCount', { value: 1_000_000, exact: false });
    actor.send({ type: 'rows.visible', start: 900_000, end: 900_030 });
    await fakes.resolve('fetchRows', serve(1_000_000, lastRows().request, 100));
    actor.send({ type: 'rows.setQuery', table, sorts: [{ column: 'name', ascending: true }], filters: [] });
    expect(lastRows().request).toEqual({ kind: 'next', segmentStart: 0, offset: 0, after: null });
    expect(actor.getSnapshot().context.visible).toEqual({ start: 0, end: 30 });
    await fakes.resolve('fetchRows', serve(1_000_000, lastRows().request, 100));
    actor.send({ type: 'rows.setQuery', table, sorts: [{ column: 'name', ascending: true }], filters: [{ column: 'name', operator: 'eq', value: 'x' }] });
    expect(lastRows().request).toEqual({ kind: 'next', segmentStart: 0, offset: 0, after: null });
  });

  it('applies a sort at the click and ignores the same query when the URL brings it again (issue 25)', async () => {
    const { actor, fakes, lastRows } = start();
    await fakes.resolve('fetchRows', serve(1_000_000, lastRows().request, 100));
    const sorted = { type: 'rows.setQuery' as const, table, sorts: [{ column: 'name', ascending: true }], filters: [] };
    actor.send(sorted);
    expect(fakes.starts('fetchRows')).toHaveLength(2);
    expect(fakes.isRunning('fetchRows')).toBe(true);
    // The router moves the URL a moment later: the page in flight is not dropped and fetched a second time.
    actor.send({ ...sorted, sorts: [{ column: 'name', ascending: true }] });
    expect(fakes.starts('fetchRows')).toHaveLength(2);
    expect(fakes.isRunning('fetchRows')).toBe(true);
    await fakes.resolve('fetchRows', serve(1_000_000, lastRows().request, 100));
    expect(selectRow(actor.getSnapshot(), 0)).toEqual(row(0));
    actor.send(sorted);
    expect(fakes.starts('fetchRows')).toHaveLength(2);
    expect(actor.getSnapshot().matches({ pages: 'idle' })).toBe(true);
  });

  it('keeps the count when only the order changes, and counts again for new filters', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('fetchCount', { value: 1_000_000, exact: false });
    actor.send({ type: 'rows.setQuery', table, sorts: [{ column: 'id', ascending: false }], filters: [] });
    expect(selectCount(actor.getSnapshot())).toEqual({ value: 1_000_000, exact: false });
    expect(fakes.starts('fetchCount')).toHaveLength(1);
    actor.send({ type: 'rows.setQuery', table, sorts: [], filters: [{ column: 'name', operator: 'eq', value: 'x' }] });
    expect(selectCount(actor.getSnapshot())).toBeNull();
    expect(fakes.starts('fetchCount')).toHaveLength(2);
  });

  it('refreshes where the view is, replacing the rows when the page lands', async () => {
    const { actor, fakes, lastRows } = start();
    await fakes.resolve('fetchRows', serve(500, lastRows().request, 100));
    await fakes.resolve('fetchCount', { value: 500, exact: true });
    actor.send({ type: 'rows.visible', start: 300, end: 320 });
    await fakes.resolve('fetchRows', serve(500, lastRows().request, 100));
    actor.send({ type: 'rows.refresh' });
    expect(lastRows().request).toEqual({ kind: 'jump', offset: 300 });
    expect(selectRow(actor.getSnapshot(), 0)).toEqual(row(0));
    await fakes.resolve('fetchRows', serve(500, lastRows().request, 100));
    expect(selectRow(actor.getSnapshot(), 0)).toBeUndefined();
    expect(selectRow(actor.getSnapshot(), 310)).toEqual(row(310));
  });

  it('counts exactly on request, and shows count and page errors with retry', async () => {
    const { actor, fakes, lastRows } = start();
    await fakes.reject('fetchRows', new Error('canceling statement due to statement timeout'));
    expect(selectError(actor.getSnapshot())).toBe('canceling statement due to statement timeout');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    actor.send({ type: 'rows.retry' });
    await fakes.resolve('fetchRows', serve(0, lastRows().request, 100));
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
    await fakes.resolve('fetchCount', { value: 80_000, exact: false });
    expect(selectCanCountExact(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'rows.countExact' });
    expect((fakes.starts('fetchCount').at(-1)!.input as FetchCountInput).exact).toBe(true);
    await fakes.reject('fetchCount', new Error('boom'));
    expect(selectCountError(actor.getSnapshot())).toBe('boom');
    actor.send({ type: 'rows.countExact' });
    await fakes.resolve('fetchCount', { value: 79_123, exact: true });
    expect(selectCount(actor.getSnapshot())).toEqual({ value: 79_123, exact: true });
    expect(selectCanCountExact(actor.getSnapshot())).toBe(false);
  });

  it('edits a cell: editing → saving → closed, saved by key; a failure keeps the typed text and the Postgres error', async () => {
    const { actor, fakes, lastRows } = start();
    const saved: unknown[] = [];
    actor.on('cell.saved', (event) => saved.push(event));
    await fakes.resolve('fetchRows', serve(3, lastRows().request, 100));
    actor.send({ type: 'cell.edit', index: 1, column: 'name' });
    expect(selectCellEditor(actor.getSnapshot())).toEqual({ index: 1, column: 'name', draft: 'n1', saving: false, error: null });
    actor.send({ type: 'cell.draft', draft: 'oops' });
    actor.send({ type: 'cell.commit' });
    expect(selectCellEditor(actor.getSnapshot())).toMatchObject({ draft: 'oops', saving: true });
    expect(fakes.starts('saveCell').at(-1)!.input as SaveCellInput).toEqual({ table, key: { id: '1' }, column: 'name', value: 'oops' });
    await fakes.reject('saveCell', new Error('value too long for type character varying(3)'));
    expect(selectCellEditor(actor.getSnapshot())).toEqual({ index: 1, column: 'name', draft: 'oops', saving: false, error: 'value too long for type character varying(3)' });
    expect(saved).toEqual([]);
    // Typing again keeps the message until the next try.
    actor.send({ type: 'cell.draft', draft: 'ok' });
    expect(selectCellEditor(actor.getSnapshot())).toMatchObject({ draft: 'ok', error: 'value too long for type character varying(3)' });
    actor.send({ type: 'cell.commit' });
    expect(selectCellEditor(actor.getSnapshot())).toMatchObject({ saving: true, error: null });
    await fakes.resolve('saveCell', { id: '1', name: 'ok' });
    expect(selectRow(actor.getSnapshot(), 1)).toEqual({ ...row(1), values: { id: '1', name: 'ok' }, truncated: [] });
    expect(selectCellEditor(actor.getSnapshot())).toBeNull();
    expect(saved).toEqual([{ type: 'cell.saved', index: 1, column: 'name' }]);
    // A row not loaded (or without a key), or a column the table does not have: no editor.
    actor.send({ type: 'cell.edit', index: 50, column: 'name' });
    actor.send({ type: 'cell.edit', index: 0, column: 'nope' });
    expect(actor.getSnapshot().matches({ edit: 'idle' })).toBe(true);
  });

  it('pastes a range (issue 14): one question, one transaction, then the rows read again; a failure keeps the question', async () => {
    const { actor, fakes, lastRows } = start();
    const heard: unknown[] = [];
    actor.on('paste.saved', (event) => heard.push(event));
    actor.on('paste.refused', (event) => heard.push(event));
    await fakes.resolve('fetchRows', serve(2, lastRows().request, 100));
    await fakes.resolve('fetchCount', { value: 2, exact: true });
    // Too wide for the columns right of the active cell: nothing asked, the reason said.
    actor.send({ type: 'rows.paste', row: 0, column: 1, block: [['a', 'b']] });
    expect(actor.getSnapshot().matches({ edit: 'idle' })).toBe(true);
    expect(heard).toEqual([{ type: 'paste.refused', message: 'The pasted range has 2 columns; only 1 column is from this cell to the right' }]);
    // Rows 1 (existing) and 2, 3 (past the end: new rows).
    actor.send({ type: 'rows.paste', row: 1, column: 1, block: [["it's"], ['b'], ['c']] });
    expect(selectPaste(actor.getSnapshot())).toEqual({ rows: 3, columns: 1, inserts: 2, error: null, saving: false });
    expect(fakes.starts('pasteRows')).toEqual([]);
    actor.send({ type: 'paste.confirm' });
    const query = (fakes.starts('pasteRows').at(-1)!.input as { query: string }).query;
    expect(query).toBe(`begin;\nupdate public.items set name = 'it''s' where id = '1';\ninsert into public.items (name) values\n('b'),\n('c');\ncommit;`);
    await fakes.reject('pasteRows', new Error('permission denied for table items'));
    expect(selectPaste(actor.getSnapshot())).toMatchObject({ rows: 3, error: 'permission denied for table items', saving: false });
    actor.send({ type: 'paste.confirm' });
    const fetches = fakes.starts('fetchRows').length;
    await fakes.resolve('pasteRows', []);
    expect(selectPaste(actor.getSnapshot())).toBeNull();
    expect(heard.at(-1)).toEqual({ type: 'paste.saved', rows: 3, columns: 1 });
    // The rows and the count read again: the new rows appear.
    expect(fakes.starts('fetchRows').length).toBe(fetches + 1);
    expect(actor.getSnapshot().matches({ count: 'loading' })).toBe(true);
  });

  it('undoes and redoes saved cell edits through the same save, by key; Delete clears a cell with undo (issue 14)', async () => {
    const { actor, fakes, lastRows } = start();
    await fakes.resolve('fetchRows', serve(3, lastRows().request, 100));
    const saves = () => fakes.starts('saveCell').map((s) => s.input as SaveCellInput).map(({ key, column, value }) => ({ key, column, value }));
    const edit = async (index: number, draft: string) => {
      actor.send({ type: 'cell.edit', index, column: 'name' });
      actor.send({ type: 'cell.draft', draft });
      actor.send({ type: 'cell.commit' });
      await fakes.resolve('saveCell', { id: String(index), name: draft });
    };
    actor.send({ type: 'cell.undo' });
    expect(fakes.starts('saveCell')).toEqual([]);
    await edit(0, 'a');
    await edit(2, 'b');
    expect(selectCanUndo(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'cell.undo' });
    // No editor while an undo saves.
    expect(selectCellEditor(actor.getSnapshot())).toBeNull();
    await fakes.resolve('saveCell', { id: '2', name: 'n2' });
    expect(selectRow(actor.getSnapshot(), 2)?.values.name).toBe('n2');
    actor.send({ type: 'cell.undo' });
    await fakes.resolve('saveCell', { id: '0', name: 'n0' });
    expect(selectCanUndo(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'cell.redo' });
    await fakes.resolve('saveCell', { id: '0', name: 'a' });
    expect(selectRow(actor.getSnapshot(), 0)?.values.name).toBe('a');
    expect(saves().slice(2)).toEqual([
      { key: { id: '2' }, column: 'name', value: 'n2' },
      { key: { id: '0' }, column: 'name', value: 'n0' },
      { key: { id: '0' }, column: 'name', value: 'a' },
    ]);
    // b's undo can still be redone; undo a again.
    expect(selectCanRedo(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'cell.undo' });
    await fakes.resolve('saveCell', { id: '0', name: 'n0' });
    expect(actor.getSnapshot().context.redo).toHaveLength(2);
    // Delete is a new edit ('' in the text column 'name'): it drops what could be redone.
    actor.send({ type: 'cell.clear', index: 1, column: 'name' });
    expect(saves().at(-1)).toEqual({ key: { id: '1' }, column: 'name', value: '' });
    await fakes.resolve('saveCell', { id: '1', name: '' });
    expect(selectCanRedo(actor.getSnapshot())).toBe(false);
    // Row 1's name came cut on the wire ('truncated'): the clear is saved but cannot be undone (the full value is not known).
    expect(selectCanUndo(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'cell.clear', index: 0, column: 'name' });
    await fakes.resolve('saveCell', { id: '0', name: '' });
    actor.send({ type: 'cell.undo' });
    expect(saves().at(-1)).toEqual({ key: { id: '0' }, column: 'name', value: 'n0' });
    // A failed undo opens the editor with Postgres's error; the change stays on the stack.
    await fakes.reject('saveCell', new Error('permission denied for table items'));
    expect(selectCellEditor(actor.getSnapshot())).toMatchObject({ index: 0, column: 'name', draft: 'n0', error: 'permission denied for table items' });
    expect(actor.getSnapshot().context.undo).toHaveLength(1);
  });

  it("an emptied cell saves NULL, except in a text column; Escape closes the editor without saving", async () => {
    const { actor, fakes, lastRows } = start();
    await fakes.resolve('fetchRows', serve(3, lastRows().request, 100));
    actor.send({ type: 'cell.edit', index: 2, column: 'id' });
    expect(selectCellEditor(actor.getSnapshot())?.draft).toBe('2');
    actor.send({ type: 'cell.draft', draft: '' });
    actor.send({ type: 'cell.commit' });
    expect((fakes.starts('saveCell').at(-1)!.input as SaveCellInput).value).toBeNull();
    await fakes.resolve('saveCell', { id: '2', name: 'n2' });
    actor.send({ type: 'cell.edit', index: 0, column: 'name' });
    actor.send({ type: 'cell.draft', draft: '' });
    actor.send({ type: 'cell.commit' });
    expect((fakes.starts('saveCell').at(-1)!.input as SaveCellInput).value).toBe('');
    await fakes.resolve('saveCell', { id: '0', name: '' });
    actor.send({ type: 'cell.edit', index: 1, column: 'name' });
    actor.send({ type: 'cell.draft', draft: 'never sent' });
    actor.send({ type: 'cell.cancel' });
    expect(selectCellEditor(actor.getSnapshot())).toBeNull();
    expect(fakes.starts('saveCell')).toHaveLength(2);
  });

  it('another order closes the editor (the row under it is another one); the same query does not', async () => {
    const { actor, fakes, lastRows } = start();
    await fakes.resolve('fetchRows', serve(3, lastRows().request, 100));
    actor.send({ type: 'cell.edit', index: 1, column: 'name' });
    actor.send({ type: 'rows.setQuery', table, sorts: [], filters: [] });
    expect(selectCellEditor(actor.getSnapshot())).not.toBeNull();
    actor.send({ type: 'rows.setQuery', table, sorts: [{ column: 'name', ascending: false }], filters: [] });
    expect(selectCellEditor(actor.getSnapshot())).toBeNull();
  });

  it('the selection is dropped when the rows are read again: another query, a refresh, another role', async () => {
    const { actor, fakes, lastRows } = start();
    await fakes.resolve('fetchRows', serve(3, lastRows().request, 100));
    const selection = { rows: new Map([[JSON.stringify({ id: '1' }), row(1)]]), all: false };
    const reselect = () => {
      actor.send({ type: 'rows.select', selection });
      expect(selectSelection(actor.getSnapshot())).toBe(selection);
    };
    reselect();
    actor.send({ type: 'rows.setQuery', table, sorts: [], filters: [] });
    expect(selectSelection(actor.getSnapshot())).toBe(selection);
    actor.send({ type: 'rows.setQuery', table, sorts: [], filters: [{ column: 'name', operator: 'eq', value: 'n1' }] });
    expect(selectSelection(actor.getSnapshot())).toEqual({ rows: new Map(), all: false });
    reselect();
    actor.send({ type: 'rows.refresh' });
    expect(selectSelection(actor.getSnapshot()).rows.size).toBe(0);
    reselect();
    actor.send({ type: 'rows.role', role: '' });
    expect(selectSelection(actor.getSnapshot())).toBe(selection);
    actor.send({ type: 'rows.role', role: '{"role":"anon"}' });
    expect(selectSelection(actor.getSnapshot()).rows.size).toBe(0);
  });

  it('reads the rows and the count again for another role only (spec B2.7)', async () => {
    const { actor, fakes, lastRows } = start();
    await fakes.resolve('fetchRows', serve(3, lastRows().request, 100));
    await fakes.resolve('fetchCount', { value: 3, exact: true });
    actor.send({ type: 'rows.role', role: '' });
    expect(fakes.starts('fetchRows')).toHaveLength(1);
    expect(fakes.starts('fetchCount')).toHaveLength(1);
    actor.send({ type: 'rows.role', role: '{"role":"anon"}' });
    expect(fakes.starts('fetchRows')).toHaveLength(2);
    expect(fakes.starts('fetchCount')).toHaveLength(2);
    // The old rows stay on screen until the new ones land.
    expect(selectRow(actor.getSnapshot(), 0)).toEqual(row(0));
    actor.send({ type: 'rows.role', role: '{"role":"anon"}' });
    expect(fakes.starts('fetchRows')).toHaveLength(2);
  });

  it('says where the scrolling settled once it has been still 300 ms; a new query drops a pending position', () => {
    vi.useFakeTimers();
    const { actor } = start();
    const settled: number[] = [];
    actor.on('scroll.settled', (event) => settled.push(event.scrollTop));
    actor.send({ type: 'rows.scrolled', scrollTop: 100 });
    vi.advanceTimersByTime(TAB_SCROLL_SETTLE_MS - 1);
    actor.send({ type: 'rows.scrolled', scrollTop: 250 });
    vi.advanceTimersByTime(TAB_SCROLL_SETTLE_MS - 1);
    expect(settled).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(settled).toEqual([250]);
    actor.send({ type: 'rows.scrolled', scrollTop: 900 });
    actor.send({ type: 'rows.setQuery', table, sorts: [{ column: 'name', ascending: true }], filters: [] });
    vi.advanceTimersByTime(TAB_SCROLL_SETTLE_MS * 2);
    expect(settled).toEqual([250]);
  });

  it('fails loudly when the effects are not provided', () => {
    const actor = createActor(tableRowsMachine, { input: { table, sorts: [], filters: [] } }).start();
    expect(selectError(actor.getSnapshot())).toBe("the 'fetch rows' actor is not provided");
    expect(selectCountError(actor.getSnapshot())).toBe("the 'fetch count' actor is not provided");
  });
});

// ─── generated paths ────────────────────────────────────────────────────────────────────────────────────────────

const pathFakes = controlledActors({ fetchRows: 'promise', fetchCount: 'promise', saveCell: 'promise', pasteRows: 'promise' });
const needsRows = (snapshot: Snap) =>
  planFetch(snapshot.context.segments, snapshot.context.visible, snapshot.context.count?.value ?? null, pagePlan(table, snapshot.context.sorts).keyset) !== null;

describeMachinePaths('table rows machine: generated paths', tableRowsMachine, {
  actors: pathFakes,
  input: { table, sorts: [], filters: [], pageSize: 2 },
  simplePaths: false,
  maxPaths: 8000,
  // Fake pages repeat, so the loaded rows grow without bound: the state is the value plus what guards read.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      far: snapshot.context.visible.start > 0,
      filtered: snapshot.context.filters.length,
      loaded: snapshot.context.segments.length > 0,
      counted: snapshot.context.count !== null,
      // What the undo/redo guards read, only where those events are walked (the settled grid): elsewhere it would
      // multiply every state by four.
      ...(snapshot.matches({ pages: 'idle', count: 'idle' }) && (snapshot.matches({ edit: 'idle' }) || snapshot.matches({ edit: 'saving' })) &&
        !snapshot.context.visible.start && !snapshot.context.filters.length
        ? { undo: snapshot.context.undo.length > 0, redo: snapshot.context.redo.length > 0, source: snapshot.context.edit?.source }
        : {}),
    }),
  events: [
    { type: 'rows.visible', start: 0, end: 3 },
    { type: 'rows.visible', start: 40, end: 42 },
    { type: 'rows.setQuery', table, sorts: [{ column: 'name', ascending: true }], filters: [] },
    { type: 'rows.setQuery', table, sorts: [], filters: [{ column: 'name', operator: 'eq', value: 'a' }] },
    { type: 'rows.refresh' },
    { type: 'rows.retry' },
    { type: 'rows.countExact' },
    { type: 'cell.edit', index: 0, column: 'name' },
    { type: 'cell.draft', draft: 'x' },
    { type: 'cell.commit' },
    { type: 'cell.cancel' },
    { type: 'rows.role', role: '{"role":"anon"}' },
    { type: 'rows.select', selection: { rows: new Map(), all: true } },
    { type: 'rows.scrolled', scrollTop: 90 },
    { type: 'rows.scrollSettled' },
    { type: 'xstate.done.actor.fetchRows', output: { rows: [row(0), row(1)], offset: 0, complete: false } },
    { type: 'xstate.error.actor.fetchRows', error: new Error('timeout') },
    { type: 'xstate.done.actor.fetchCount', output: { value: 4, exact: false } },
    { type: 'xstate.error.actor.fetchCount', error: new Error('no count') },
    { type: 'xstate.done.actor.saveCell', output: { id: '0', name: 'x' } },
    { type: 'xstate.error.actor.saveCell', error: new Error('permission denied for table items') },
    { type: 'rows.paste', row: 0, column: 1, block: [['pasted']] },
    { type: 'rows.paste', row: 0, column: 1, block: [['too', 'wide']] },
    { type: 'paste.confirm' },
    { type: 'paste.cancel' },
    { type: 'cell.undo' },
    { type: 'cell.redo' },
    { type: 'cell.clear', index: 0, column: 'name' },
    { type: 'xstate.done.actor.pasteRows', output: [] },
    { type: 'xstate.error.actor.pasteRows', error: new Error('duplicate key value violates unique constraint "items_pkey"') },
  ],
  // The root's bookkeeping events (selection, scroll, role) act alike in every state: walked from the settled state
  // only, so the graph stays within reach (every region state times every event would be ~10,000 paths).
  filterEvents: (snapshot, event) => {
    if (['rows.select', 'rows.scrolled', 'rows.scrollSettled', 'rows.role'].includes(event.type)) {
      return snapshot.matches({ pages: 'idle', count: 'idle', edit: 'idle' }) || (event.type === 'rows.role' && snapshot.matches({ pages: 'failed' }));
    }
    // A paste (issue 14) is walked from the settled grid; while its question or its transaction is open, only its own
    // events (the rest of the machine acts there as in edit.idle, walked above).
    const pasteOpen = snapshot.matches({ edit: 'confirmingPaste' }) || snapshot.matches({ edit: 'pasting' });
    const pasteEvent = ['paste.confirm', 'paste.cancel', 'xstate.done.actor.pasteRows', 'xstate.error.actor.pasteRows'].includes(event.type);
    if (pasteOpen || pasteEvent) return pasteOpen && pasteEvent;
    if (event.type === 'cell.undo' || event.type === 'cell.redo' || event.type === 'cell.clear') {
      return snapshot.matches({ pages: 'idle', count: 'idle', edit: 'idle' }) && snapshot.context.segments.length > 0 && !snapshot.context.visible.start && !snapshot.context.filters.length;
    }
    if (event.type === 'rows.paste') return snapshot.matches({ pages: 'idle', count: 'idle', edit: 'idle' }) && snapshot.context.segments.length > 0;
    if (event.type === 'cell.edit' || event.type === 'cell.draft') return snapshot.context.segments.length > 0 && snapshot.matches({ count: 'idle' });
    return true;
  },
  // The transitions the spec and the issues name (B2.1 inline edit with Postgres's error kept; B2.7 role; B9 pages;
  // issue 25 the same query ignored).
  required: [
    'pages.loading --xstate.done.actor.fetchRows--> pages.idle',
    'pages.loading --xstate.error.actor.fetchRows--> pages.failed',
    'pages.failed --rows.retry--> pages.loading',
    'pages --rows.setQuery--> pages.restarting',
    'pages --rows.refresh--> pages.refreshing',
    'pages --rows.role--> pages.refreshing',
    'count.idle --rows.countExact--> count.counting',
    'edit.idle --cell.edit--> edit.editing',
    'edit.editing --cell.draft--> edit.editing',
    'edit.editing --cell.commit--> edit.saving',
    'edit.editing --cell.cancel--> edit.idle',
    'edit.saving --xstate.done.actor.saveCell--> edit.idle',
    'edit.saving --xstate.error.actor.saveCell--> edit.failed',
    'edit.failed --cell.commit--> edit.saving',
    'edit.failed --cell.cancel--> edit.idle',
    // Issue 14: a pasted range, one confirmation, one transaction; a failed try keeps the question with the error.
    'edit.idle --rows.paste--> edit.confirmingPaste',
    'edit.confirmingPaste --paste.confirm--> edit.pasting',
    'edit.confirmingPaste --paste.cancel--> edit.idle',
    'edit.pasting --xstate.done.actor.pasteRows--> edit.idle',
    'edit.pasting --xstate.error.actor.pasteRows--> edit.confirmingPaste',
    // Issue 14: undo/redo of saved cell edits and Delete on a cell, through the same save.
    'edit.idle --cell.undo--> edit.saving',
    'edit.idle --cell.redo--> edit.saving',
    'edit.idle --cell.clear--> edit.saving',
  ],
  invariants: {
    '*': (snapshot) => {
      const busy = ['loading', 'reloading'].some((s) => snapshot.matches({ pages: s as 'loading' })) ||
        snapshot.matches({ count: 'counting' }) || snapshot.matches({ edit: 'saving' }) || snapshot.matches({ edit: 'pasting' });
      expect(snapshot.hasTag('busy')).toBe(busy);
    },
    'pages.loading': (snapshot) => {
      expect(pathFakes.isRunning('fetchRows')).toBe(true);
      expect(snapshot.context.request).not.toBeNull();
    },
    'pages.reloading': (snapshot) => {
      expect(pathFakes.isRunning('fetchRows')).toBe(true);
      expect(snapshot.context.request).not.toBeNull();
    },
    'pages.idle': (snapshot) => {
      expect(needsRows(snapshot)).toBe(false);
      expect(pathFakes.isRunning('fetchRows')).toBe(false);
    },
    'pages.failed': (snapshot) => expect(selectError(snapshot)).toBe('timeout'),
    'count.loading': () => expect(pathFakes.isRunning('fetchCount')).toBe(true),
    'count.counting': () => expect(pathFakes.isRunning('fetchCount')).toBe(true),
    'count.idle': (snapshot) => expect(selectCount(snapshot)).toEqual({ value: 4, exact: false }),
    'count.failed': (snapshot) => expect(selectCountError(snapshot)).toBe('no count'),
    'edit.idle': (snapshot) => {
      expect(selectEdit(snapshot)).toBeNull();
      expect(selectPaste(snapshot)).toBeNull();
    },
    'edit.confirmingPaste': (snapshot) => {
      expect(pathFakes.isRunning('pasteRows')).toBe(false);
      expect(selectPaste(snapshot)).toMatchObject({ rows: 1, columns: 1, inserts: 0, saving: false });
    },
    'edit.pasting': (snapshot) => {
      expect(pathFakes.isRunning('pasteRows')).toBe(true);
      expect(selectPaste(snapshot)).toMatchObject({ rows: 1, saving: true });
    },
    'edit.editing': (snapshot) => {
      expect(pathFakes.isRunning('saveCell')).toBe(false);
      expect(selectCellEditor(snapshot)).toMatchObject({ index: 0, column: 'name', saving: false, error: null });
    },
    'edit.saving': (snapshot) => {
      expect(pathFakes.isRunning('saveCell')).toBe(true);
      expect(selectEdit(snapshot)).toMatchObject({ index: 0, error: null });
      const edit = selectEdit(snapshot)!;
      // An editor's save sends its draft; an undo/redo/clear sends its value (NULL shows as an empty draft).
      expect(edit.value ?? '').toBe(edit.draft);
      expect(selectCellEditor(snapshot) === null).toBe(edit.source !== 'edit');
    },
    'edit.failed': (snapshot) => expect(selectEdit(snapshot)?.error).toBe('permission denied for table items'),
  },
});

// ─── properties ─────────────────────────────────────────────────────────────────────────────────────────────────

describe('table rows machine: properties', () => {
  it('whatever the scrolling, refreshes and query changes, each loaded position holds its row and the view gets loaded', async () => {
    const event = fc.oneof(
      fc.record({ type: fc.constant('rows.visible' as const), start: fc.integer({ min: 0, max: 2000 }), end: fc.constant(0) }).map((e) => ({ ...e, end: e.start + 20 })),
      fc.constant({ type: 'rows.refresh' as const }),
      fc.constant({ type: 'rows.countExact' as const }),
      fc.boolean().map((ascending) => ({ type: 'rows.setQuery' as const, table, sorts: [{ column: 'id', ascending }], filters: [] })),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 1, max: 60 }), fc.array(event, { maxLength: 10 }), async (size, limit, events) => {
        const machine = tableRowsMachine.provide({
          actors: {
            fetchRows: fromPromise<FetchedPage, FetchRowsInput>(async ({ input }) => serve(size, input.request, input.limit)),
            fetchCount: fromPromise<RowCount, FetchCountInput>(async ({ input }) => ({ value: input.exact ? size : size + 37, exact: input.exact })),
          },
        });
        const actor = createActor(machine, { input: { table, sorts: [], filters: [], pageSize: limit } }).start();
        for (const e of events) {
          actor.send(e);
          if (e.type === 'rows.visible' || e.type === 'rows.setQuery') await waitFor(actor, (s) => s.matches({ pages: 'idle' }) && s.matches({ count: 'idle' }));
        }
        const done = await waitFor(actor, (s) => s.matches({ pages: 'idle' }) && s.matches({ count: 'idle' }));
        for (const segment of done.context.segments) segment.rows.forEach((r, i) => expect(r).toEqual(row(segment.start + i)));
        const { start: from, end } = done.context.visible;
        const total = selectRowTotal(done);
        for (let i = Math.min(from, Math.max(0, total - 1)); i < Math.min(end, total); i += 1) expect(selectRow(done, i)).toEqual(row(i));
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});
