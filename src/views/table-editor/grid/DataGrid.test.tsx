// @vitest-environment jsdom
// The grid with a keyboard and a screen reader (issue 24): one tab stop (the header's buttons and the row checkboxes
// are cells the arrows reach), the first ↓ from the header lands on row 1, the active cell is the grid's
// aria-activedescendant (with its aria-rowindex/colindex and aria-selected), and a saved cell is announced politely.
import '../../../ui/testing/jsdom.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { tableRowsMachine, type FetchCountInput, type FetchRowsInput, type SaveCellInput } from '../../../../machines/table-rows.machine.ts';
import type { FetchedPage } from '../../../domain/table-editor/row-segments.ts';
import type { RowCount } from '../../../domain/table-editor/row-count.ts';
import type { GridRow } from '../../../domain/table-editor/rows.ts';
import type { TableMeta } from '../../../domain/table-editor/types.ts';
import { row, tableMeta, withLaidOutScrollElement } from './grid-test-fixtures.ts';
import { DataGrid, type DataGridProps } from './DataGrid.tsx';
import { EMPTY_SELECTION, type RowSelection } from './selection.ts';

const meta: TableMeta = tableMeta('items', 3);
withLaidOutScrollElement();

function setup(overrides: Partial<DataGridProps> = {}) {
  const saves: SaveCellInput[] = [];
  const pastes: string[] = [];
  const machine = tableRowsMachine.provide({
    actors: {
      fetchRows: fromPromise<FetchedPage, FetchRowsInput>(async () => ({ rows: [row(0), row(1), row(2)], offset: 0, complete: true })),
      fetchCount: fromPromise<RowCount, FetchCountInput>(async () => ({ value: 3, exact: true })),
      saveCell: fromPromise<Record<string, unknown>, SaveCellInput>(async ({ input }) => {
        saves.push(input);
        return { id: '1', name: input.value };
      }),
      pasteRows: fromPromise<unknown, { query: string }>(async ({ input }) => {
        pastes.push(input.query);
        return [];
      }),
    },
  });
  const actor = createActor(machine, { input: { table: meta, sorts: [], filters: [] } }).start();
  let selection: RowSelection = EMPTY_SELECTION;
  const onSelectionChange = vi.fn((next: RowSelection) => (selection = next));
  const onSort = vi.fn();
  const cellMenu = { onCopyCell: vi.fn(), onCopyRows: vi.fn(), onFilter: vi.fn(), onEditRow: vi.fn(), onDeleteRows: vi.fn() };
  const props = (): DataGridProps => ({
    cellMenu,
    meta, rows: actor, sorts: [], canEditRows: true, canEditColumns: true, selection, onSelectionChange, initialScrollTop: 0, viewKey: 'v',
    onScrollTop: () => {}, onSort, onExpand: vi.fn(), onFollow: vi.fn(), onEditColumn: vi.fn(), onDeleteColumn: vi.fn(), ...overrides,
  });
  const view = render(<DataGrid {...props()} />);
  const rerender = () => view.rerender(<DataGrid {...props()} />);
  return { actor, saves, pastes, onSelectionChange, onSort, rerender, cellMenu };
}

const grid = () => screen.getByRole('grid', { name: 'Rows of items' });
/** The cell the grid names as active (aria-activedescendant), as a screen reader finds it. */
function activeCell(): HTMLElement {
  const id = grid().getAttribute('aria-activedescendant');
  expect(id, 'the grid names its active cell').toBeTruthy();
  const cell = document.getElementById(id!);
  expect(cell, 'the active cell is in the page').not.toBeNull();
  return cell!;
}
const where = (cell: HTMLElement) => ({
  row: Number(cell.closest('[role="row"]')!.getAttribute('aria-rowindex')),
  column: Number(cell.getAttribute('aria-colindex')),
  text: cell.textContent,
});

describe('DataGrid keyboard and screen reader (issue 24)', () => {
  it('is one tab stop: the row checkboxes, header buttons and menu triggers inside are not', async () => {
    setup();
    await screen.findByText('item 3');
    const inside = Array.from(grid().querySelectorAll<HTMLElement>('button, input, [tabindex]'));
    expect(inside.length).toBeGreaterThan(5);
    expect(inside.filter((element) => element.tabIndex >= 0).map((element) => element.getAttribute('aria-label') ?? element.textContent)).toEqual([]);

    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(grid());
    await user.tab();
    expect(grid().contains(document.activeElement)).toBe(false);
  });

  it('starts on the first header, the first ↓ lands on row 1, and the active cell is exposed as it moves', async () => {
    setup();
    await screen.findByText('item 3');
    const user = userEvent.setup();
    await user.tab();
    expect(where(activeCell())).toMatchObject({ row: 1, column: 2 });
    expect(activeCell().getAttribute('role')).toBe('columnheader');

    await user.keyboard('{ArrowDown}');
    expect(where(activeCell())).toEqual({ row: 2, column: 2, text: '1' });
    expect(activeCell().getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(where(activeCell())).toEqual({ row: 3, column: 3, text: 'item 2' });
    expect(screen.getByText('item 1').closest('[role="gridcell"]')!.getAttribute('aria-selected')).toBe('false');
  });

  it('reaches the checkboxes and the header with the arrows: Space ticks a row, Enter on a header sorts', async () => {
    const { onSelectionChange, onSort, rerender } = setup();
    await screen.findByText('item 3');
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowLeft}');
    expect(where(activeCell())).toMatchObject({ row: 2, column: 1 });
    await user.keyboard(' ');
    expect([...onSelectionChange.mock.lastCall![0].rows.keys()]).toEqual([JSON.stringify({ id: '1' })]);
    rerender();
    expect((screen.getByRole('checkbox', { name: 'Select row 1' }) as HTMLInputElement).checked).toBe(true);

    await user.keyboard('{ArrowUp}{ArrowRight}{ArrowRight}{Enter}');
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('opens a column menu with Shift+F10 on its header', async () => {
    setup();
    await screen.findByText('item 3');
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{Shift>}{F10}{/Shift}');
    const item = await screen.findByRole('menuitem', { name: 'Edit column' });
    await waitFor(() => expect(document.activeElement).toBe(item));
  });

  it('edits the active cell with Enter and announces the save in a polite live region', async () => {
    const { saves } = setup();
    await screen.findByText('item 3');
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowRight}{Enter}');
    const editor = await screen.findByRole('textbox', { name: 'Edit name' });
    await waitFor(() => expect(document.activeElement).toBe(editor));
    await user.clear(editor);
    await user.type(editor, 'renamed{Enter}');
    await waitFor(() => expect(saves).toHaveLength(1));
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(status.textContent).toBe('Saved name in row 1'));
    await waitFor(() => expect(document.activeElement).toBe(grid()));
    await act(async () => {});
    expect(where(activeCell())).toEqual({ row: 2, column: 3, text: 'renamed' });
  });

  it('pastes a spreadsheet range on the active cell with one confirmation (issue 14), the keyboard back on the grid', async () => {
    const { pastes } = setup();
    await screen.findByText('item 3');
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}');
    // What Excel puts on the clipboard: CRLF lines, a quoted cell with a line break.
    fireEvent.paste(grid(), { clipboardData: { getData: (type: string) => (type === 'text/plain' ? 'b\r\n"multi\r\nline"\r\nd\r\n' : '') } });
    const dialog = await screen.findByRole('dialog', { name: 'Paste cells' });
    expect(dialog.textContent).toContain('Paste 3 rows × 1 column? 1 new row will be added.');
    expect(pastes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Paste' }));
    await waitFor(() => expect(pastes).toHaveLength(1));
    expect(pastes[0]).toContain(`update public.items set name = 'b' where id = '2';`);
    expect(pastes[0]).toContain(`values\n('d');`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Pasted 3 rows'));
    await waitFor(() => expect(document.activeElement).toBe(grid()));
  });

  it('Delete empties the active cell and Ctrl+Z / Ctrl+Shift+Z write it back and again (issue 14)', async () => {
    const { saves } = setup();
    await screen.findByText('item 3');
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowRight}{Delete}');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ key: { id: '1' }, column: 'name', value: '' });
    // No editor opened for it; the keyboard stays on the grid.
    expect(screen.queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(grid()));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({ key: { id: '1' }, column: 'name', value: 'item 1' });
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(saves).toHaveLength(3));
    expect(saves[2]).toMatchObject({ key: { id: '1' }, column: 'name', value: '' });
    // Nothing more to redo: no save.
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await act(async () => {});
    expect(saves).toHaveLength(3);
  });
});

describe('DataGrid cell menu (issue 14)', () => {
  it('opens on a right-click with the focus on its first item, and acts on the clicked row', async () => {
    const { cellMenu } = setup();
    const cell = await screen.findByText('item 2');
    fireEvent.contextMenu(cell, { clientX: 40, clientY: 60 });
    const menu = await screen.findByRole('menu', { name: 'Cell name' });
    const items = Array.from(menu.querySelectorAll('[role="menuitem"]')).map((item) => item.textContent);
    expect(items).toEqual(['Copy cell', 'Copy row as CSV', 'Copy row as JSON', 'Copy row as SQL', 'Filter by name = this value', 'Edit row', 'Delete row']);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Copy cell'));

    const user = userEvent.setup();
    await user.click(screen.getByRole('menuitem', { name: 'Copy row as JSON' }));
    expect(cellMenu.onCopyRows).toHaveBeenCalledWith('json', { kind: 'keys', keys: [{ id: '2' }] });
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(grid()));

    fireEvent.contextMenu(await screen.findByText('item 3'), { clientX: 40, clientY: 80 });
    await user.click(await screen.findByRole('menuitem', { name: 'Filter by name = this value' }));
    expect(cellMenu.onFilter).toHaveBeenCalledWith({ column: 'name', operator: 'eq', value: 'item 3' });
  });

  it('covers the selection when the clicked row is selected, every row under select all', async () => {
    const view = setup();
    await screen.findByText('item 3');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    view.rerender();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    view.rerender();
    fireEvent.contextMenu(screen.getByText('item 3'), { clientX: 10, clientY: 10 });
    await user.click(await screen.findByRole('menuitem', { name: 'Delete 2 rows' }));
    expect(view.cellMenu.onDeleteRows).toHaveBeenCalledTimes(1);
    const [rows, loaded] = view.cellMenu.onDeleteRows.mock.calls[0]!;
    expect(rows).toEqual({ kind: 'keys', keys: [{ id: '1' }, { id: '3' }] });
    expect((loaded as GridRow[]).map((entry) => entry.key)).toEqual([{ id: '1' }, { id: '3' }]);

    // A row outside the selection: that row alone (no 'Edit row' for several).
    fireEvent.contextMenu(screen.getByText('item 2'), { clientX: 10, clientY: 10 });
    expect(await screen.findByRole('menuitem', { name: 'Edit row' })).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    view.rerender();
    fireEvent.contextMenu(screen.getByText('item 2'), { clientX: 10, clientY: 10 });
    await user.click(await screen.findByRole('menuitem', { name: 'Copy 3 rows as SQL' }));
    expect(view.cellMenu.onCopyRows).toHaveBeenCalledWith('sql', { kind: 'all', count: 3 });
  });

  it('opens from the keyboard on the active cell (Shift+F10), and read-only members get no edit or delete', async () => {
    setup({ canEditRows: false });
    await screen.findByText('item 1');
    grid().focus();
    const user = userEvent.setup();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    await user.keyboard('{Shift>}{F10}{/Shift}');
    const menu = await screen.findByRole('menu', { name: 'Cell name' });
    const items = Array.from(menu.querySelectorAll('[role="menuitem"]')).map((item) => item.textContent);
    expect(items).toEqual(['Copy cell', 'Copy row as CSV', 'Copy row as JSON', 'Copy row as SQL', 'Filter by name = this value']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(grid()));
  });
});
