// The grid (issue 6): TanStack Table for the columns (sizes, resizing) and TanStack Virtual for rows and columns,
// over the whole table — the rows machine loads what comes into view. Keyboard: arrows, Home/End (Ctrl: corners),
// PageUp/PageDown, Shift to extend a range, Enter/double-click to edit, Escape, Ctrl/Cmd+C copies the range, Ctrl/Cmd+V
// pastes a spreadsheet range on the active cell (issue 14: one confirmation, one transaction; rows past the end added),
// Delete empties the active cell, Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or +Y) undo and redo this session's cell edits.
// A right-click on a cell (or the ContextMenu key / Shift+F10 on the active one) opens the cell menu (CellMenu.tsx).
// Accessibility (issue 24): the grid is one tab stop; the active cell is its aria-activedescendant (the focus stays on
// the grid, so a cell scrolled out of the virtual window takes no focus with it). The header row and the checkbox
// column are cells the arrows reach (Enter sorts, Space/Enter ticks, Shift+F10 opens a column's menu); their buttons
// and checkboxes are no tab stops of their own. A saved cell is announced in a polite live region.
import { createColumnHelper, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { tableRowsMachine } from '../../../../machines/table-rows.machine.ts';
import { sameCellEditor, selectCellEditor, selectCount, selectRowTotal, selectSegments } from '../../../../machines/table-rows.selectors.ts';
import { canEditCell, cellsToTsv, isGridKey, isJsonColumn, outgoingReference, type GridPosition } from '../../../domain/table-editor/grid-cells.ts';
import { rowAt } from '../../../domain/table-editor/row-segments.ts';
import type { GridRow } from '../../../domain/table-editor/rows.ts';
import type { ColumnInfo, Relationship, Row, RowSort, TableMeta } from '../../../domain/table-editor/types.ts';
import { toast } from '../../../ui/toast.ts';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import { parseTsv } from '../../../domain/tsv.ts';
import { GridCell, type GridCellActions } from './GridCell.tsx';
import { PasteDialog } from './PasteDialog.tsx';
import { CellMenu, type CellMenuActions } from './CellMenu.tsx';
import { menuRows } from '../../../domain/table-editor/row-menu.ts';
import { GridHeader } from './GridHeader.tsx';
import type { RowSelection } from './selection.ts';
import { gridFeatures, type GridFeatures } from './features.ts';
import { cellId, CHECK_COLUMN, HEADER_ROW, isDataCell, moveInGrid, startPosition } from './navigation.ts';
import * as css from './Grid.css.ts';
import { useRowWindow } from './useRowWindow.ts';

const features = gridFeatures;
const helper = createColumnHelper<GridFeatures, Row>();
const NO_DATA: Row[] = [];
const CHECK_WIDTH = 40;
const HEADER_HEIGHT = css.ROW_HEIGHT + 4;

export interface DataGridProps {
  meta: TableMeta;
  rows: ActorRefFrom<typeof tableRowsMachine>;
  sorts: RowSort[];
  canEditRows: boolean;
  canEditColumns: boolean;
  selection: RowSelection;
  onSelectionChange: (selection: RowSelection) => void;
  initialScrollTop: number;
  /** The table and its sort and filter: another one is another view, which starts at the top (issue 25). */
  viewKey: string;
  onScrollTop: (scrollTop: number) => void;
  onSort: (column: string) => void;
  onExpand: (column: ColumnInfo, row: GridRow) => void;
  onFollow: (relationship: Relationship, value: unknown) => void;
  onEditColumn: (column: ColumnInfo) => void;
  onDeleteColumn: (column: ColumnInfo) => void;
  /** Shown under the header when the rows are loaded and there are none (an empty table, a filter matching nothing). */
  emptyState?: ReactNode;
  /** The right-click menu's actions on a cell and its rows (issue 14). */
  cellMenu: CellMenuActions;
}

export function DataGrid(props: DataGridProps) {
  const { meta, rows: actor, sorts, canEditRows, selection } = props;
  const segments = useSelector(actor, selectSegments);
  const total = useSelector(actor, selectRowTotal);
  // The cell editor's lifecycle (editing → saving → closed, or failed with Postgres's message) is the rows
  // machine's (issue 15); the grid shows it and forwards keys and text.
  const editing = useSelector(actor, selectCellEditor, sameCellEditor);
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<GridPosition | null>(null);
  const [anchor, setAnchor] = useState<GridPosition | null>(null);
  const gridId = useId();
  const [announcement, setAnnouncement] = useState('');
  // The cell menu: where it opens and on which cell (issue 14).
  const [menu, setMenu] = useState<{ at: { x: number; y: number }; position: GridPosition } | null>(null);

  const columnDefs = useMemo(
    () => meta.columns.map((column) => helper.accessor((row: Row) => row[column.name], { id: column.name, header: column.name, size: 180, minSize: 60, maxSize: 1200 })),
    [meta.columns],
  );
  const table = useTable({ features, columns: columnDefs, data: NO_DATA, columnResizeMode: 'onChange', enableColumnResizing: true });
  const headers = table.getFlatHeaders();
  const sizes = headers.map((header) => header.getSize());
  const offset = canEditRows ? CHECK_WIDTH : 0;

  // Rows by arithmetic (all ROW_HEIGHT tall): a virtualizer's per-row measurements cost ~0.5 s for 1M rows (issue 25).
  const rowWindow = useRowWindow(scroller, total, { rowHeight: css.ROW_HEIGHT, overscan: 10, headerHeight: HEADER_HEIGHT });
  const columnVirtualizer = useVirtualizer({ horizontal: true, count: meta.columns.length, getScrollElement: () => scroller.current, estimateSize: (i) => sizes[i] ?? 180, overscan: 3 });
  const sizeKey = sizes.join(',');
  useEffect(() => columnVirtualizer.measure(), [sizeKey, columnVirtualizer]);

  // Restores the tab's scroll position (spec B2.2: scroll position per tab). At mount the grid is not yet as tall as
  // the position (the count is still coming), and the browser clamps it: it is set again as the rows grow, until it
  // holds, the count is known, or the user scrolls first.
  const count = useSelector(actor, selectCount);
  const pendingScroll = useRef<number | null>(props.initialScrollTop > 0 ? props.initialScrollTop : null);
  useLayoutEffect(() => {
    const element = scroller.current;
    const target = pendingScroll.current;
    if (!element || target === null) return;
    element.scrollTop = target;
    if (Math.abs(element.scrollTop - target) < 1 || count !== null) pendingScroll.current = null;
  }, [total, count]);
  const stopRestoring = () => (pendingScroll.current = null);

  // Another sort or filter starts at the top (issue 25): the same element would keep the old offset, which in the new
  // order shows other rows.
  const shownView = useRef(props.viewKey);
  useLayoutEffect(() => {
    if (shownView.current === props.viewKey) return;
    shownView.current = props.viewKey;
    pendingScroll.current = null;
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [props.viewKey]);

  // The rows on screen go to the rows machine, which loads what is missing.
  const virtualRows = rowWindow.items;
  const first = virtualRows[0]?.index ?? 0;
  const last = (virtualRows.at(-1)?.index ?? 0) + 1;
  useEffect(() => actor.send({ type: 'rows.visible', start: first, end: last }), [actor, first, last]);

  // A save that landed closes the editor (the machine says so); keyboard navigation goes on from the edited cell.
  useEffect(() => {
    const saved = actor.on('cell.saved', (event) => {
      scroller.current?.focus();
      // Said by screen readers without moving focus (issue 24); the row number is the one the checkbox names.
      setAnnouncement(event.index >= 0 ? `Saved ${event.column} in row ${event.index + 1}` : `Saved ${event.column}`);
    });
    return () => saved.unsubscribe();
  }, [actor]);

  const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 600) / css.ROW_HEIGHT) - 1);
  const goTo = (position: GridPosition, extend: boolean) => {
    setActive(position);
    // A range spans data cells only; moving onto the header or the checkboxes starts over from there.
    if (!extend || !isDataCell(position) || !isDataCell(anchor)) setAnchor(position);
    // The header row is sticky: always in view.
    if (position.row >= 0) rowWindow.scrollToIndex(position.row);
    if (position.column >= 0) columnVirtualizer.scrollToIndex(position.column, { align: 'auto' });
    else if (scroller.current) scroller.current.scrollLeft = 0;
  };
  const range = isDataCell(active) && isDataCell(anchor) ? { top: Math.min(active.row, anchor.row), bottom: Math.max(active.row, anchor.row), left: Math.min(active.column, anchor.column), right: Math.max(active.column, anchor.column) } : null;

  const startEdit = (position: GridPosition) => {
    const column = meta.columns[position.column];
    const row = rowAt(segments, position.row);
    if (!canEditRows || !column || !row || !canEditCell(column)) return;
    actor.send({ type: 'cell.edit', index: position.row, column: column.name });
  };
  const commit = () => actor.send({ type: 'cell.commit' });
  const cancel = () => {
    actor.send({ type: 'cell.cancel' });
    scroller.current?.focus();
  };

  const copy = () => {
    if (!range) return;
    const block: unknown[][] = [];
    for (let r = range.top; r <= range.bottom; r += 1) {
      const row = rowAt(segments, r);
      block.push(meta.columns.slice(range.left, range.right + 1).map((column) => (row ? row.values[column.name] : null)));
    }
    navigator.clipboard?.writeText(cellsToTsv(block)).then(
      () => toast.success(`Copied ${block.length * (range.right - range.left + 1)} cell(s)`, { timeout: 2000 }),
      () => toast.error('Could not copy to the clipboard'),
    );
  };

  // Ctrl/Cmd+V on the grid: the browser's paste event carries the clipboard's text (no permission prompt, unlike
  // navigator.clipboard.readText). The rows machine plans it, asks once, or says why it cannot be pasted.
  const paste = (event: React.ClipboardEvent) => {
    if (editing || event.target !== event.currentTarget || !canEditRows || !isDataCell(active)) return;
    event.preventDefault();
    const block = parseTsv(event.clipboardData.getData('text/plain'));
    actor.send({ type: 'rows.paste', row: active.row, column: active.column, block });
  };
  useEffect(() => {
    const refused = actor.on('paste.refused', (event) => toast.error(event.message));
    const saved = actor.on('paste.saved', (event) => {
      toast.success(`Pasted ${event.rows} ${event.rows === 1 ? 'row' : 'rows'} × ${event.columns} ${event.columns === 1 ? 'column' : 'columns'}`, { timeout: 3000 });
      scroller.current?.focus();
      setAnnouncement(`Pasted ${event.rows} rows`);
    });
    return () => {
      refused.unsubscribe();
      saved.unsubscribe();
    };
  }, [actor]);

  const toggleAll = (checked: boolean) => props.onSelectionChange({ rows: new Map(), all: checked });
  const isChecked = (row: GridRow | undefined) => selection.all || (row ? selection.rows.has(JSON.stringify(row.key)) : false);

  /** Enter or Space on the active cell: what a click on it (or on its button) does. */
  const activate = (position: GridPosition, event: React.KeyboardEvent) => {
    const column = meta.columns[position.column];
    if (position.column === CHECK_COLUMN) {
      if (position.row === HEADER_ROW) return toggleAll(!selection.all);
      const row = rowAt(segments, position.row);
      if (row && !selection.all) toggleRow(row, !isChecked(row));
      return;
    }
    if (event.key !== 'Enter' || !column) return;
    if (position.row === HEADER_ROW) return props.onSort(column.name);
    const row = rowAt(segments, position.row);
    if (!row) return;
    const reference = outgoingReference(meta, column.name);
    const value = row.values[column.name];
    // The cell's buttons, by key (they are no tab stops): Shift+Enter expands, Alt+Enter follows the reference.
    if (event.shiftKey) return void ((row.truncated.includes(column.name) || isJsonColumn(column)) && value !== null && props.onExpand(column, row));
    if (event.altKey) return void (reference && value !== null && props.onFollow(reference, value));
    startEdit(position);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    // Keys are the grid's when it has the focus: the cell editor's and a header menu's (which come through React's
    // tree from their portal) are theirs.
    if (editing || event.target !== event.currentTarget) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'c') {
      event.preventDefault();
      return copy();
    }
    // Undo/redo of this session's saved cell edits (issue 14), written back through the same save as an edit.
    if (canEditRows && (event.ctrlKey || event.metaKey) && (event.key.toLowerCase() === 'z' || event.key.toLowerCase() === 'y')) {
      event.preventDefault();
      return actor.send({ type: event.shiftKey || event.key.toLowerCase() === 'y' ? 'cell.redo' : 'cell.undo' });
    }
    // Delete clears the active cell: NULL, or empty in a text column; undone with Ctrl+Z (issue 14).
    if (event.key === 'Delete' && isDataCell(active)) {
      const column = meta.columns[active.column];
      if (!canEditRows || !column || !canEditCell(column)) return;
      event.preventDefault();
      return actor.send({ type: 'cell.clear', index: active.row, column: column.name });
    }
    if (event.key === 'Escape') return setAnchor(active);
    if ((event.key === 'Enter' || event.key === ' ') && active) {
      event.preventDefault();
      return activate(active, event);
    }
    const menuKey = event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10') || (event.altKey && event.key === 'ArrowDown');
    if (menuKey && isDataCell(active) && rowAt(segments, active.row)) {
      event.preventDefault();
      // Beside the active cell, as a right-click on it would.
      const rect = document.getElementById(cellId(gridId, active))?.getBoundingClientRect();
      return setMenu({ at: rect ? { x: rect.left + 8, y: rect.bottom } : { x: 0, y: 0 }, position: active });
    }
    if (menuKey && active?.row === HEADER_ROW && active.column >= 0 && props.canEditColumns) {
      event.preventDefault();
      // ↓ on the column's menu trigger (react-aria) opens the menu with the focus on its first item (a click would
      // leave it on the menu).
      return void document.getElementById(menuTriggerId(active.column))?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    }
    if (!isGridKey(event.key)) return;
    event.preventDefault();
    const shape = { rows: total, columns: meta.columns.length, page: pageRows, checkColumn: canEditRows };
    goTo(moveInGrid(active ?? startPosition(), event.key, shape, event.ctrlKey || event.metaKey), event.shiftKey);
  };

  // What a cell does when pressed, with this render's state; the cells hold one object that calls the latest of these,
  // so a cell is rendered again only when what it shows changes (GridCellActions, issue 25).
  const inRange = (position: GridPosition) =>
    Boolean(range && position.row >= range.top && position.row <= range.bottom && position.column >= range.left && position.column <= range.right);
  const editingCell = (position: GridPosition) => editing?.index === position.row && editing.column === meta.columns[position.column]?.name;
  const cellHandlers: GridCellActions = {
    pointerDown: (rowIndex, columnIndex, event) => {
      const position = { row: rowIndex, column: columnIndex };
      if (editing && !editingCell(position)) actor.send({ type: 'cell.cancel' });
      setActive(position);
      if (!event.shiftKey) setAnchor(position);
    },
    doubleClick: (rowIndex, columnIndex) => startEdit({ row: rowIndex, column: columnIndex }),
    contextMenu: (rowIndex, columnIndex, event) => {
      const position = { row: rowIndex, column: columnIndex };
      if (!rowAt(segments, rowIndex) || editingCell(position)) return;
      event.preventDefault();
      if (editing) actor.send({ type: 'cell.cancel' });
      setActive(position);
      // A right-click inside the range keeps it; elsewhere the range starts over from that cell.
      if (!inRange(position)) setAnchor(position);
      setMenu({ at: { x: event.clientX, y: event.clientY }, position });
    },
    expand: (rowIndex, columnIndex) => {
      const row = rowAt(segments, rowIndex);
      const column = meta.columns[columnIndex];
      if (row && column) props.onExpand(column, row);
    },
    follow: (rowIndex, columnIndex) => {
      const row = rowAt(segments, rowIndex);
      const column = meta.columns[columnIndex];
      const reference = column ? outgoingReference(meta, column.name) : null;
      if (row && column && reference) props.onFollow(reference, row.values[column.name]);
    },
    draft: (draft) => actor.send({ type: 'cell.draft', draft }),
    commit,
    cancel,
  };
  const latestCellHandlers = useRef(cellHandlers);
  useLayoutEffect(() => {
    latestCellHandlers.current = cellHandlers;
  });
  const [cellActions] = useState<GridCellActions>(() => ({
    pointerDown: (...args) => latestCellHandlers.current.pointerDown(...args),
    doubleClick: (...args) => latestCellHandlers.current.doubleClick(...args),
    contextMenu: (...args) => latestCellHandlers.current.contextMenu(...args),
    expand: (...args) => latestCellHandlers.current.expand(...args),
    follow: (...args) => latestCellHandlers.current.follow(...args),
    draft: (...args) => latestCellHandlers.current.draft(...args),
    commit: () => latestCellHandlers.current.commit(),
    cancel: () => latestCellHandlers.current.cancel(),
  }));

  const menuTriggerId = (column: number) => `${gridId}-menu-${column}`;
  // The active cell is named only while it is rendered (the virtual window may have scrolled past it): an id that
  // points nowhere is an ARIA error.
  const shownRows = new Set(virtualRows.map((item) => item.index));
  const shownColumns = new Set(columnVirtualizer.getVirtualItems().map((item) => item.index));
  const activeShown = active !== null
    && (active.row === HEADER_ROW || shownRows.has(active.row))
    && (active.column === CHECK_COLUMN ? canEditRows : shownColumns.has(active.column));
  const activeDescendant = activeShown ? cellId(gridId, active) : undefined;

  const totalWidth = offset + columnVirtualizer.getTotalSize();
  function toggleRow(row: GridRow, checked: boolean) {
    const keys = new Map(selection.rows);
    const id = JSON.stringify(row.key);
    if (checked) keys.set(id, row);
    else keys.delete(id);
    props.onSelectionChange({ rows: keys, all: false });
  }

  return (
    <>
    <div
      ref={scroller}
      className={css.scroller}
      role="grid"
      aria-label={`Rows of ${meta.name}`}
      aria-rowcount={total + 1}
      aria-colcount={meta.columns.length + 1}
      aria-multiselectable
      aria-activedescendant={activeDescendant}
      aria-describedby={`${gridId}-keys`}
      tabIndex={0}
      // The router restores scrolled elements by their place in the page; this id ties what it saved to this table
      // and view, so it never puts one view's offset on another (issue 25) — the tab restores its own position.
      data-scroll-restoration-id={`grid-${hashText(props.viewKey)}`}
      onWheel={stopRestoring}
      onPointerDown={stopRestoring}
      onFocus={(event) => {
        const target = event.target as HTMLElement;
        if (!event.currentTarget.contains(target)) return; // a header menu's items (a portal)
        if (target === event.currentTarget) {
          // Tabbing in starts on the first column's header: the first ↓ goes to row 1 (issue 24).
          setActive((current) => current ?? startPosition());
          return;
        }
        // A click on a checkbox or a header button focuses it, as does a closing menu on its trigger: the grid keeps
        // the focus (one tab stop), except for the cell editor's input.
        if (!(target instanceof HTMLInputElement && target.type !== 'checkbox')) event.currentTarget.focus();
      }}
      onKeyDown={(event) => {
        stopRestoring();
        onKeyDown(event);
      }}
      onPaste={paste}
      // The page debounces what it writes to the tab.
      onScroll={(event) => props.onScrollTop(event.currentTarget.scrollTop)}
    >
      <GridHeader
        columns={meta.columns}
        headers={headers}
        virtualColumns={columnVirtualizer.getVirtualItems()}
        offset={offset}
        width={totalWidth}
        sorts={sorts}
        selectAll={{ shown: canEditRows, checked: selection.all, onChange: toggleAll }}
        gridId={gridId}
        active={active?.row === HEADER_ROW ? active.column : null}
        menuTriggerId={menuTriggerId}
        canEditColumns={props.canEditColumns}
        onSort={props.onSort}
        onEditColumn={props.onEditColumn}
        onDeleteColumn={props.onDeleteColumn}
      />
      <div style={{ height: rowWindow.totalSize, width: totalWidth, position: 'relative' }}>
        {virtualRows.map((item) => {
          const row = rowAt(segments, item.index);
          const checked = isChecked(row);
          const checkActive = active?.row === item.index && active.column === CHECK_COLUMN;
          return (
            <div key={item.index} className={css.row} role="row" aria-rowindex={item.index + 2} data-selected={checked} style={{ top: item.start, width: totalWidth }}>
              {canEditRows ? (
                <div
                  id={cellId(gridId, { row: item.index, column: CHECK_COLUMN })}
                  className={css.checkCell}
                  role="gridcell"
                  aria-colindex={1}
                  aria-selected={checkActive}
                  data-active={checkActive}
                  style={{ left: 0, width: CHECK_WIDTH }}
                  onMouseDown={() => setActive({ row: item.index, column: CHECK_COLUMN })}
                >
                  <input type="checkbox" tabIndex={-1} aria-label={`Select row ${item.index + 1}`} checked={checked} disabled={!row || selection.all} onChange={(event) => row && toggleRow(row, event.target.checked)} />
                </div>
              ) : null}
              {columnVirtualizer.getVirtualItems().map((columnItem) => {
                const column = meta.columns[columnItem.index]!;
                const position = { row: item.index, column: columnItem.index };
                const isEditing = editingCell(position);
                const reference = outgoingReference(meta, column.name);
                return (
                  <GridCell
                    key={column.name}
                    id={cellId(gridId, position)}
                    row={item.index}
                    columnIndex={columnItem.index}
                    column={column}
                    value={row?.values[column.name] ?? null}
                    loaded={Boolean(row)}
                    truncated={row?.truncated.includes(column.name) ?? false}
                    expandable={Boolean(row?.truncated.includes(column.name)) || isJsonColumn(column)}
                    followLabel={reference ? `Follow ${column.name} to ${reference.target_table_name}` : null}
                    active={active?.row === item.index && active.column === columnItem.index}
                    inRange={inRange(position)}
                    left={offset + columnItem.start}
                    width={columnItem.size}
                    colIndex={columnItem.index + 2}
                    editor={isEditing && editing ? { draft: editing.draft, saving: editing.saving, error: editing.error } : null}
                    actions={cellActions}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
      {props.emptyState ? <div className={css.empty}>{props.emptyState}</div> : null}
    </div>
    <p id={`${gridId}-keys`} className={visuallyHidden}>
      Arrow keys move between cells. Enter edits a cell or sorts by a column; Space ticks a row. Shift+Enter expands a
      value, Alt+Enter follows a reference, Shift+F10 opens a column&apos;s or a cell&apos;s menu. Ctrl+V pastes cells from a spreadsheet; Delete empties a cell; Ctrl+Z and
      Ctrl+Shift+Z undo and redo cell edits.
    </p>
    <div role="status" aria-live="polite" className={visuallyHidden}>{announcement}</div>
    <PasteDialog rows={actor} onClosed={() => scroller.current?.focus()} />
    {menu && meta.columns[menu.position.column] && rowAt(segments, menu.position.row) ? (() => {
      const row = rowAt(segments, menu.position.row)!;
      const selected = [...selection.rows.values()];
      const rows = menuRows(row.key, { all: selection.all, keys: selected.map((entry) => entry.key).filter((key) => key !== null) }, count?.value ?? null);
      const loaded = rows?.kind === 'keys' && rows.keys.length > 1 ? selected : [row];
      return (
        <CellMenu
          {...props.cellMenu}
          at={menu.at}
          column={meta.columns[menu.position.column]!}
          row={row}
          rows={rows}
          loaded={loaded}
          onEditRow={canEditRows ? props.cellMenu.onEditRow : null}
          onDeleteRows={canEditRows ? props.cellMenu.onDeleteRows : null}
          onClose={() => {
            setMenu(null);
            // After the popover's own focus restoration, which has no trigger to go back to.
            scroller.current?.focus();
            setTimeout(() => scroller.current?.focus(), 0);
          }}
        />
      );
    })() : null}
    </>
  );
}

/** A short, selector-safe name for a text (FNV-1a, 32 bits, base 36). */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
