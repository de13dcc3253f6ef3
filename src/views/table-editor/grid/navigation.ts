// Keyboard movement in the grid with its header row and its row-checkbox column (issue 24): the grid is one tab stop
// (role=grid with aria-activedescendant), and the header's buttons and the row checkboxes are cells the arrows reach
// instead of tab stops of their own. Positions: row -1 is the header row, column -1 the checkbox column (when shown);
// data cells keep the rows machine's indexes (row 0 is the table's first row).
import { moveActive, type GridKey, type GridPosition } from '../../../domain/table-editor/grid-cells.ts';

export interface GridShape {
  /** Data rows (the header row comes on top of them). */
  rows: number;
  /** Data columns (the checkbox column, when shown, comes before them). */
  columns: number;
  page: number;
  checkColumn: boolean;
}

export const HEADER_ROW = -1;
export const CHECK_COLUMN = -1;

/** Where the grid's focus starts when it gets the keyboard without an active cell: the first column's header, so the
 * first ↓ lands on the first row (before, the first ↓ went from the first row shown to the second). */
export const startPosition = (): GridPosition => ({ row: HEADER_ROW, column: 0 });

/** The position after a movement key. The arrows step into the header row and the checkbox column; Home/End and
 * PageUp/PageDown from a data cell stay among the data cells (Ctrl+Home is the first row's first value, as before). */
export function moveInGrid(from: GridPosition, key: GridKey, shape: GridShape, toCorner = false): GridPosition {
  if (!key.startsWith('Arrow') && from.row >= 0 && from.column >= 0) return moveActive(from, key, shape, toCorner);
  const left = shape.checkColumn ? 1 : 0;
  // Shifted so the header row and the checkbox column are index 0, then moved by the data grid's own rules.
  const moved = moveActive({ row: from.row + 1, column: from.column + left }, key, { rows: shape.rows + 1, columns: shape.columns + left, page: shape.page }, toCorner);
  return { row: moved.row - 1, column: moved.column - left };
}

export const isDataCell = (position: GridPosition | null): position is GridPosition =>
  position !== null && position.row >= 0 && position.column >= 0;

/** The DOM id of a cell, for aria-activedescendant. */
export const cellId = (grid: string, position: GridPosition): string => `${grid}-r${position.row + 1}-c${position.column + 1}`;
