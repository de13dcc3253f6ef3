// One cell of the grid: its value (NULL in italics), an expand button for values cut on the wire and JSON, a
// 'follow' button on foreign keys, and the inline editor (Enter commits, Escape cancels; a Postgres error is shown
// verbatim under the cell and the typed value stays). The buttons are no tab stops: the grid is one (issue 24), and
// Shift+Enter / Alt+Enter on the active cell do what they do.
import { memo, useEffect, useRef } from 'react';
import { cellText } from '../../../domain/table-editor/grid-cells.ts';
import type { ColumnInfo } from '../../../domain/table-editor/types.ts';
import * as css from './Grid.css.ts';

export interface CellEditorState {
  draft: string;
  saving: boolean;
  error: string | null;
}

/**
 * What a cell does when pressed, by its row and column: one object for the whole grid, the same across renders, so a
 * cell whose own props did not change is not rendered again when the grid is (issue 25: every render of the grid, on
 * a count arriving or a scroll, ran all its ~175 cells).
 */
export interface GridCellActions {
  pointerDown: (row: number, column: number, event: React.MouseEvent) => void;
  doubleClick: (row: number, column: number) => void;
  /** A right-click: the grid opens its cell menu there (issue 14). */
  contextMenu: (row: number, column: number, event: React.MouseEvent) => void;
  expand: (row: number, column: number) => void;
  follow: (row: number, column: number) => void;
  draft: (draft: string) => void;
  commit: () => void;
  cancel: () => void;
}

export interface GridCellProps {
  /** For the grid's aria-activedescendant. */
  id: string;
  /** The row's index in the grid and the column's, handed back to `actions`. */
  row: number;
  columnIndex: number;
  column: ColumnInfo;
  value: unknown;
  loaded: boolean;
  truncated: boolean;
  expandable: boolean;
  followLabel: string | null;
  active: boolean;
  inRange: boolean;
  left: number;
  width: number;
  colIndex: number;
  editor: CellEditorState | null;
  actions: GridCellActions;
}

export const GridCell = memo(function GridCell(props: GridCellProps) {
  const { row, columnIndex, column, value, loaded, truncated, expandable, followLabel, active, inRange, left, width, colIndex, editor, actions } = props;
  const input = useRef<HTMLInputElement>(null);
  // Focus goes to the field when editing starts and again when a failed save hands it back (not on every keystroke).
  const editing = editor !== null;
  const saving = editor?.saving ?? false;
  useEffect(() => {
    if (editing && !saving) input.current?.focus();
  }, [editing, saving]);

  return (
    <div
      id={props.id}
      className={css.cell}
      role="gridcell"
      aria-colindex={colIndex}
      aria-selected={active || inRange}
      data-active={active}
      data-in-range={inRange}
      data-column={column.name}
      style={{ left, width, overflow: editor ? 'visible' : 'hidden' }}
      onMouseDown={(event) => actions.pointerDown(row, columnIndex, event)}
      onDoubleClick={() => actions.doubleClick(row, columnIndex)}
      onContextMenu={(event) => actions.contextMenu(row, columnIndex, event)}
    >
      {editor ? (
        <>
          <input
            ref={input}
            className={css.editor}
            aria-label={`Edit ${column.name}`}
            value={editor.draft}
            disabled={editor.saving}
            onChange={(event) => actions.draft(event.target.value)}
            onKeyDown={(event) => {
              // The grid's own keys (arrows, Home/End, copy) stay inside the input while editing.
              event.stopPropagation();
              if (event.key === 'Enter') actions.commit();
              if (event.key === 'Escape') actions.cancel();
            }}
          />
          {editor.error ? (
            <div className={css.editError} role="alert" style={{ top: css.ROW_HEIGHT, left: 0 }}>
              {editor.error}
            </div>
          ) : null}
        </>
      ) : !loaded ? (
        <span className={css.placeholder} aria-hidden />
      ) : (
        <>
          <span className={value === null ? css.nullValue : css.value}>
            {cellText(value)}
            {truncated ? '…' : ''}
          </span>
          {expandable && value !== null ? (
            <button type="button" tabIndex={-1} className={css.cellButton} aria-label={`Expand ${column.name}`} onMouseDown={(event) => event.stopPropagation()} onClick={() => actions.expand(row, columnIndex)}>
              ⤢
            </button>
          ) : null}
          {followLabel && value !== null ? (
            <button type="button" tabIndex={-1} className={css.cellButton} aria-label={followLabel} title={followLabel} onMouseDown={(event) => event.stopPropagation()} onClick={() => actions.follow(row, columnIndex)}>
              →
            </button>
          ) : null}
        </>
      )}
    </div>
  );
});
