// The grid's header: per column its name and type, a sort button (click cycles asc → desc → none, in the URL),
// a menu (Edit column / Delete column, for writers; ColumnMenu) and a resize handle (TanStack Table's column resizing).
// Its cells are cells of the grid's keyboard model (issue 24): reached with the arrows, never tab stops themselves.
import type { Header } from '@tanstack/react-table';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { ColumnInfo, Row, RowSort } from '../../../domain/table-editor/types.ts';
import type { GridFeatures } from './features.ts';
import { ColumnMenu } from './ColumnMenu.tsx';
import { cellId, CHECK_COLUMN, HEADER_ROW } from './navigation.ts';
import * as css from './Grid.css.ts';

export interface GridHeaderProps {
  columns: ColumnInfo[];
  /** The table's headers, in column order (one per data column). */
  headers: Array<Header<GridFeatures, Row, unknown>>;
  virtualColumns: VirtualItem[];
  offset: number;
  width: number;
  sorts: RowSort[];
  selectAll: { shown: boolean; checked: boolean; onChange: (checked: boolean) => void };
  canEditColumns: boolean;
  onSort: (column: string) => void;
  onEditColumn: (column: ColumnInfo) => void;
  onDeleteColumn: (column: ColumnInfo) => void;
  gridId: string;
  /** The active header cell's column (CHECK_COLUMN for 'Select all'), or null when the active cell is elsewhere. */
  active: number | null;
  menuTriggerId: (column: number) => string;
}

export function GridHeader({ columns, headers, virtualColumns, offset, width, sorts, selectAll, canEditColumns, onSort, onEditColumn, onDeleteColumn, gridId, active, menuTriggerId }: GridHeaderProps) {
  return (
    <div className={css.header} role="row" aria-rowindex={1} style={{ width }}>
      {selectAll.shown ? (
        <div
          id={cellId(gridId, { row: HEADER_ROW, column: CHECK_COLUMN })}
          className={css.checkCell}
          role="columnheader"
          aria-colindex={1}
          data-active={active === CHECK_COLUMN}
          style={{ left: 0, width: offset, position: 'sticky', zIndex: 3, background: 'inherit' }}
        >
          <input type="checkbox" tabIndex={-1} aria-label="Select all rows" checked={selectAll.checked} onChange={(event) => selectAll.onChange(event.target.checked)} />
        </div>
      ) : null}
      {virtualColumns.map((item) => {
        const column = columns[item.index]!;
        const header = headers[item.index];
        const sort = sorts.find((entry) => entry.column === column.name);
        const direction = sort ? (sort.ascending ? 'ascending' : 'descending') : 'none';
        return (
          <div
            key={column.name}
            id={cellId(gridId, { row: HEADER_ROW, column: item.index })}
            className={css.headerCell}
            data-active={active === item.index}
            role="columnheader"
            aria-colindex={item.index + 2}
            aria-sort={direction}
            style={{ left: offset + item.start, width: item.size }}
          >
            <button type="button" tabIndex={-1} className={css.headerButton} onClick={() => onSort(column.name)} title={`Sort by ${column.name}`}>
              <span className={css.columnName}>{column.name}</span>
              <span className={css.columnType}>{column.format}</span>
              {sort ? <span aria-hidden>{sort.ascending ? '↑' : '↓'}</span> : null}
            </button>
            {canEditColumns ? (
              <ColumnMenu id={menuTriggerId(item.index)} columnName={column.name} onEdit={() => onEditColumn(column)} onDelete={() => onDeleteColumn(column)} />
            ) : null}
            {header ? (
              <div
                className={css.resizer}
                role="separator"
                aria-orientation="vertical"
                aria-label={`Resize ${column.name}`}
                data-resizing={header.column.getIsResizing()}
                onMouseDown={header.getResizeHandler()}
                onTouchStart={header.getResizeHandler()}
                onDoubleClick={() => header.column.resetSize()}
              />
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
