// The results of a run (issue 7): TanStack Table for the columns (sizes, resizing) and TanStack Virtual for rows
// and columns, so a 100,000-row result scrolls without rendering more than the screen. Arrow keys move the active
// cell; Ctrl/Cmd+C copies it (or, with nothing active, the whole result as tab-separated text).
import { columnResizingFeature, columnSizingFeature, createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cellText, resultColumns, resultsToTsv } from '../../domain/sql-editor.ts';
import { toast } from '../../ui/toast.ts';
import * as css from './SqlEditor.css.ts';

type ResultRow = Record<string, unknown>;
const features = tableFeatures({ columnSizingFeature, columnResizingFeature });
const helper = createColumnHelper<typeof features, ResultRow>();
const NO_ROWS: ResultRow[] = [];
const ROW_HEIGHT = 28;
const NUMBER_WIDTH = 72;

export function ResultsGrid({ rows }: { rows: ResultRow[] }) {
  const columns = useMemo(() => resultColumns(rows), [rows]);
  const columnDefs = useMemo(
    () => columns.map((name) => helper.accessor((row: ResultRow) => row[name], { id: name, header: name, size: 160, minSize: 50, maxSize: 1200 })),
    [columns],
  );
  const table = useTable({ features, columns: columnDefs, data: NO_ROWS, columnResizeMode: 'onChange', enableColumnResizing: true });
  const headers = table.getFlatHeaders();
  const sizes = headers.map((header) => header.getSize());
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<{ row: number; column: number } | null>(null);

  const rowVirtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => sizes[index] ?? 160,
    overscan: 3,
  });
  const sizeKey = sizes.join(',');
  useEffect(() => columnVirtualizer.measure(), [sizeKey, columnVirtualizer]);
  useEffect(() => setActive(null), [rows]);

  const width = NUMBER_WIDTH + columnVirtualizer.getTotalSize();

  const copy = () => {
    const text = active ? cellText(rows[active.row]?.[columns[active.column]!]) : resultsToTsv(rows);
    navigator.clipboard?.writeText(text).then(
      () => toast.success(active ? 'Copied the cell' : `Copied ${rows.length} row(s)`, { timeout: 2000 }),
      () => toast.error('Could not copy to the clipboard'),
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'c') {
      event.preventDefault();
      copy();
      return;
    }
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (!move || rows.length === 0 || columns.length === 0) return;
    event.preventDefault();
    const from = active ?? { row: 0, column: 0 };
    const next = {
      row: Math.min(rows.length - 1, Math.max(0, from.row + (active ? move[0] : 0))),
      column: Math.min(columns.length - 1, Math.max(0, from.column + (active ? move[1] : 0))),
    };
    setActive(next);
    rowVirtualizer.scrollToIndex(next.row, { align: 'auto' });
    columnVirtualizer.scrollToIndex(next.column, { align: 'auto' });
  };

  if (columns.length === 0) return <p className={css.resultNote}>Success. No rows returned.</p>;

  return (
    <div
      ref={scroller}
      className={css.grid}
      role="grid"
      aria-label="Results"
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className={css.gridHeader} role="row" style={{ width }}>
        <div className={css.gridNumber} role="columnheader" style={{ width: NUMBER_WIDTH, left: 0 }} />
        {columnVirtualizer.getVirtualItems().map((item) => {
          const header = headers[item.index];
          return (
            <div key={item.key} className={css.gridHeaderCell} role="columnheader" style={{ left: NUMBER_WIDTH + item.start, width: item.size }}>
              <span className={css.gridHeaderText}>{columns[item.index]}</span>
              {header ? (
                <div
                  className={css.resizer}
                  onPointerDown={header.getResizeHandler()}
                  onTouchStart={header.getResizeHandler()}
                  role="separator"
                  aria-orientation="vertical"
                  aria-label={`Resize ${columns[item.index]}`}
                />
              ) : null}
            </div>
          );
        })}
      </div>
      <div style={{ height: rowVirtualizer.getTotalSize(), width, position: 'relative' }}>
        {rowVirtualizer.getVirtualItems().map((rowItem) => {
          const row = rows[rowItem.index]!;
          return (
            <div key={rowItem.key} className={css.gridRow} role="row" aria-rowindex={rowItem.index + 2} style={{ top: rowItem.start, width }}>
              <div className={css.gridNumber} role="rowheader" style={{ width: NUMBER_WIDTH, left: 0 }}>
                {rowItem.index + 1}
              </div>
              {columnVirtualizer.getVirtualItems().map((item) => {
                const value = row[columns[item.index]!];
                const isActive = active?.row === rowItem.index && active.column === item.index;
                return (
                  <div
                    key={item.key}
                    className={css.gridCell}
                    role="gridcell"
                    aria-selected={isActive}
                    data-active={isActive || undefined}
                    data-null={value === null || undefined}
                    style={{ left: NUMBER_WIDTH + item.start, width: item.size }}
                    onMouseDown={() => setActive({ row: rowItem.index, column: item.index })}
                  >
                    {value === null ? 'NULL' : cellText(value)}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
