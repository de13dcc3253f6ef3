// The grid's header: per column its name and type, a sort button (click cycles asc → desc → none, in the URL),
// a menu (Edit column / Delete column, for writers) and a resize handle (TanStack Table's column resizing).
import type { Header } from '@tanstack/react-table';
import type { VirtualItem } from '@tanstack/react-virtual';
import { Button } from '../../../ui/Button.tsx';
import { Menu, MenuItem, MenuTrigger } from '../../../ui/Menu.tsx';
import type { ColumnInfo, Row, RowSort } from '../../../domain/table-editor/types.ts';
import type { GridFeatures } from './features.ts';
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
}

export function GridHeader({ columns, headers, virtualColumns, offset, width, sorts, selectAll, canEditColumns, onSort, onEditColumn, onDeleteColumn }: GridHeaderProps) {
  return (
    <div className={css.header} role="row" aria-rowindex={1} style={{ width }}>
      {selectAll.shown ? (
        <div className={css.checkCell} role="columnheader" style={{ left: 0, width: offset, position: 'sticky', zIndex: 3, background: 'inherit' }}>
          <input type="checkbox" aria-label="Select all rows" checked={selectAll.checked} onChange={(event) => selectAll.onChange(event.target.checked)} />
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
            className={css.headerCell}
            role="columnheader"
            aria-colindex={item.index + 2}
            aria-sort={direction}
            style={{ left: offset + item.start, width: item.size }}
          >
            <button type="button" className={css.headerButton} onClick={() => onSort(column.name)} title={`Sort by ${column.name}`}>
              <span className={css.columnName}>{column.name}</span>
              <span className={css.columnType}>{column.format}</span>
              {sort ? <span aria-hidden>{sort.ascending ? '↑' : '↓'}</span> : null}
            </button>
            {canEditColumns ? (
              <MenuTrigger>
                <Button variant="ghost" size="tiny" aria-label={`Column ${column.name} actions`}>
                  ⋯
                </Button>
                <Menu onAction={(key) => (key === 'edit' ? onEditColumn(column) : onDeleteColumn(column))}>
                  <MenuItem id="edit">Edit column</MenuItem>
                  <MenuItem id="delete" isDestructive>
                    Delete column
                  </MenuItem>
                </Menu>
              </MenuTrigger>
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
