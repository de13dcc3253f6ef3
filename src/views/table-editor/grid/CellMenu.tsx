// The grid's right-click menu on a cell (issue 14): copy the cell, copy the rows it covers as CSV / JSON / SQL
// inserts (through the platform, so values cut for display and rows not loaded are copied whole), filter by the
// cell's value, edit the row, delete the rows. Opened by a right-click, the ContextMenu key or Shift+F10.
import type { GridRow } from '../../../domain/table-editor/rows.ts';
import { filterByValue, rowsLabel, type MenuRows } from '../../../domain/table-editor/row-menu.ts';
import type { ColumnInfo, RowFilter } from '../../../domain/table-editor/types.ts';
import { ContextMenu } from '../../../ui/ContextMenu.tsx';
import { MenuItem, MenuSeparator } from '../../../ui/Menu.tsx';

export type CopyFormat = 'csv' | 'json' | 'sql';

export interface CellMenuActions {
  onCopyCell: (column: ColumnInfo, row: GridRow) => void;
  onCopyRows: (format: CopyFormat, rows: MenuRows) => void;
  onFilter: (filter: RowFilter) => void;
  onEditRow: ((row: GridRow) => void) | null;
  /** The rows to delete: those loaded (the panel lists them) and what they stand for (all of the view, or keys). */
  onDeleteRows: ((rows: MenuRows, loaded: GridRow[]) => void) | null;
}

export interface CellMenuProps extends CellMenuActions {
  at: { x: number; y: number };
  column: ColumnInfo;
  row: GridRow;
  /** What 'Copy rows' and 'Delete' act on; null when the row has no key (a view without one). */
  rows: MenuRows | null;
  /** The loaded rows among `rows` (the selection's, or the clicked one). */
  loaded: GridRow[];
  onClose: () => void;
}

export function CellMenu(props: CellMenuProps) {
  const { column, row, rows } = props;
  const filter = filterByValue(column, row.values[column.name], row.truncated.includes(column.name));
  const label = rowsLabel(rows);
  const single = rows?.kind === 'keys' && rows.keys.length === 1;
  return (
    <ContextMenu
      at={props.at}
      aria-label={`Cell ${column.name}`}
      onClose={props.onClose}
      onAction={(key) => {
        if (key === 'copy-cell') props.onCopyCell(column, row);
        else if ((key === 'copy-csv' || key === 'copy-json' || key === 'copy-sql') && rows) props.onCopyRows(key.slice(5) as CopyFormat, rows);
        else if (key === 'filter' && filter) props.onFilter(filter);
        else if (key === 'edit') props.onEditRow?.(row);
        else if (key === 'delete' && rows) props.onDeleteRows?.(rows, props.loaded);
      }}
    >
      <MenuItem id="copy-cell">Copy cell</MenuItem>
      {rows ? (
        <>
          <MenuItem id="copy-csv">{`Copy ${label} as CSV`}</MenuItem>
          <MenuItem id="copy-json">{`Copy ${label} as JSON`}</MenuItem>
          <MenuItem id="copy-sql">{`Copy ${label} as SQL`}</MenuItem>
        </>
      ) : null}
      {filter ? <MenuItem id="filter">{`Filter by ${column.name} ${filter.operator === 'is' ? `is ${filter.value}` : '= this value'}`}</MenuItem> : null}
      {props.onEditRow && single ? (
        <>
          <MenuSeparator />
          <MenuItem id="edit">Edit row</MenuItem>
        </>
      ) : null}
      {props.onDeleteRows && rows ? (
        <>
          {props.onEditRow && single ? null : <MenuSeparator />}
          <MenuItem id="delete" isDestructive>{`Delete ${label}`}</MenuItem>
        </>
      ) : null}
    </ContextMenu>
  );
}
