// The grid (issue 6): TanStack Table for the columns (sizes, resizing) and TanStack Virtual for rows and columns,
// over the whole table — the rows machine loads what comes into view. Keyboard: arrows, Home/End (Ctrl: corners),
// PageUp/PageDown, Shift to extend a range, Enter/double-click to edit, Escape, Ctrl/Cmd+C copies the range.
import { createColumnHelper, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { tableRowsMachine } from '../../../../machines/table-rows.machine.ts';
import { sameCellEditor, selectCellEditor, selectCount, selectRowTotal, selectSegments } from '../../../../machines/table-rows.selectors.ts';
import { canEditCell, cellsToTsv, isGridKey, isJsonColumn, moveActive, outgoingReference, type GridPosition } from '../../../domain/table-editor/grid-cells.ts';
import { rowAt } from '../../../domain/table-editor/row-segments.ts';
import type { GridRow } from '../../../domain/table-editor/rows.ts';
import type { ColumnInfo, Relationship, Row, RowSort, TableMeta } from '../../../domain/table-editor/types.ts';
import { toast } from '../../../ui/toast.ts';
import { GridCell } from './GridCell.tsx';
import { GridHeader } from './GridHeader.tsx';
import type { RowSelection } from './selection.ts';
import { gridFeatures, type GridFeatures } from './features.ts';
import * as css from './Grid.css.ts';

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

  const columnDefs = useMemo(
    () => meta.columns.map((column) => helper.accessor((row: Row) => row[column.name], { id: column.name, header: column.name, size: 180, minSize: 60, maxSize: 1200 })),
    [meta.columns],
  );
  const table = useTable({ features, columns: columnDefs, data: NO_DATA, columnResizeMode: 'onChange', enableColumnResizing: true });
  const headers = table.getFlatHeaders();
  const sizes = headers.map((header) => header.getSize());
  const offset = canEditRows ? CHECK_WIDTH : 0;

  const rowVirtualizer = useVirtualizer({ count: total, getScrollElement: () => scroller.current, estimateSize: () => css.ROW_HEIGHT, overscan: 10, scrollPaddingStart: HEADER_HEIGHT });
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
  const virtualRows = rowVirtualizer.getVirtualItems();
  const first = virtualRows[0]?.index ?? 0;
  const last = (virtualRows.at(-1)?.index ?? 0) + 1;
  useEffect(() => actor.send({ type: 'rows.visible', start: first, end: last }), [actor, first, last]);

  // A save that landed closes the editor (the machine says so); keyboard navigation goes on from the edited cell.
  useEffect(() => {
    const saved = actor.on('cell.saved', () => scroller.current?.focus());
    return () => saved.unsubscribe();
  }, [actor]);

  const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 600) / css.ROW_HEIGHT) - 1);
  const goTo = (position: GridPosition, extend: boolean) => {
    setActive(position);
    if (!extend) setAnchor(position);
    rowVirtualizer.scrollToIndex(position.row, { align: 'auto' });
    columnVirtualizer.scrollToIndex(position.column, { align: 'auto' });
  };
  const range = active && anchor ? { top: Math.min(active.row, anchor.row), bottom: Math.max(active.row, anchor.row), left: Math.min(active.column, anchor.column), right: Math.max(active.column, anchor.column) } : null;

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

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (editing) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'c') {
      event.preventDefault();
      return copy();
    }
    if (event.key === 'Escape') return setAnchor(active);
    if (event.key === 'Enter' && active) {
      event.preventDefault();
      return startEdit(active);
    }
    if (!isGridKey(event.key)) return;
    event.preventDefault();
    const from = active ?? { row: first, column: 0 };
    goTo(moveActive(from, event.key, { rows: total, columns: meta.columns.length, page: pageRows }, event.ctrlKey || event.metaKey), event.shiftKey);
  };

  const totalWidth = offset + columnVirtualizer.getTotalSize();
  const toggleRow = (row: GridRow, checked: boolean) => {
    const keys = new Map(selection.rows);
    const id = JSON.stringify(row.key);
    if (checked) keys.set(id, row);
    else keys.delete(id);
    props.onSelectionChange({ rows: keys, all: false });
  };

  return (
    <div
      ref={scroller}
      className={css.scroller}
      role="grid"
      aria-label={`Rows of ${meta.name}`}
      aria-rowcount={total + 1}
      aria-colcount={meta.columns.length + 1}
      aria-multiselectable
      tabIndex={0}
      // The router restores scrolled elements by their place in the page; this id ties what it saved to this table
      // and view, so it never puts one view's offset on another (issue 25) — the tab restores its own position.
      data-scroll-restoration-id={`grid-${hashText(props.viewKey)}`}
      onWheel={stopRestoring}
      onPointerDown={stopRestoring}
      onKeyDown={(event) => {
        stopRestoring();
        onKeyDown(event);
      }}
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
        selectAll={{ shown: canEditRows, checked: selection.all, onChange: (checked) => props.onSelectionChange({ rows: new Map(), all: checked }) }}
        canEditColumns={props.canEditColumns}
        onSort={props.onSort}
        onEditColumn={props.onEditColumn}
        onDeleteColumn={props.onDeleteColumn}
      />
      <div style={{ height: rowVirtualizer.getTotalSize(), width: totalWidth, position: 'relative' }}>
        {virtualRows.map((item) => {
          const row = rowAt(segments, item.index);
          const checked = selection.all || (row ? selection.rows.has(JSON.stringify(row.key)) : false);
          return (
            <div key={item.index} className={css.row} role="row" aria-rowindex={item.index + 2} data-selected={checked} style={{ top: item.start, width: totalWidth }}>
              {canEditRows ? (
                <div className={css.checkCell} role="gridcell" style={{ left: 0, width: CHECK_WIDTH }}>
                  <input type="checkbox" aria-label={`Select row ${item.index + 1}`} checked={checked} disabled={!row || selection.all} onChange={(event) => row && toggleRow(row, event.target.checked)} />
                </div>
              ) : null}
              {columnVirtualizer.getVirtualItems().map((columnItem) => {
                const column = meta.columns[columnItem.index]!;
                const position = { row: item.index, column: columnItem.index };
                const isEditing = editing?.index === item.index && editing.column === column.name;
                const reference = outgoingReference(meta, column.name);
                return (
                  <GridCell
                    key={column.name}
                    column={column}
                    value={row?.values[column.name] ?? null}
                    loaded={Boolean(row)}
                    truncated={row?.truncated.includes(column.name) ?? false}
                    expandable={Boolean(row?.truncated.includes(column.name)) || isJsonColumn(column)}
                    followLabel={reference ? `Follow ${column.name} to ${reference.target_table_name}` : null}
                    active={active?.row === item.index && active.column === columnItem.index}
                    inRange={Boolean(range && item.index >= range.top && item.index <= range.bottom && columnItem.index >= range.left && columnItem.index <= range.right)}
                    left={offset + columnItem.start}
                    width={columnItem.size}
                    colIndex={columnItem.index + 2}
                    editor={isEditing ? { draft: editing.draft, saving: editing.saving, error: editing.error } : null}
                    onPointerDown={(event) => {
                      if (editing && !isEditing) actor.send({ type: 'cell.cancel' });
                      setActive(position);
                      if (!event.shiftKey) setAnchor(position);
                    }}
                    onDoubleClick={() => startEdit(position)}
                    onExpand={() => row && props.onExpand(column, row)}
                    onFollow={() => row && reference && props.onFollow(reference, row.values[column.name])}
                    onDraft={(draft) => actor.send({ type: 'cell.draft', draft })}
                    onCommit={commit}
                    onCancel={cancel}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
      {props.emptyState ? <div className={css.empty}>{props.emptyState}</div> : null}
    </div>
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
