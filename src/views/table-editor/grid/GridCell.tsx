// One cell of the grid: its value (NULL in italics), an expand button for values cut on the wire and JSON, a
// 'follow' button on foreign keys, and the inline editor (Enter commits, Escape cancels; a Postgres error is shown
// verbatim under the cell and the typed value stays). The buttons are no tab stops: the grid is one (issue 24), and
// Shift+Enter / Alt+Enter on the active cell do what they do.
import { useEffect, useRef } from 'react';
import { cellText } from '../../../domain/table-editor/grid-cells.ts';
import type { ColumnInfo } from '../../../domain/table-editor/types.ts';
import * as css from './Grid.css.ts';

export interface CellEditorState {
  draft: string;
  saving: boolean;
  error: string | null;
}

export interface GridCellProps {
  /** For the grid's aria-activedescendant. */
  id: string;
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
  onPointerDown: (event: React.MouseEvent) => void;
  onDoubleClick: () => void;
  /** A right-click: the grid opens its cell menu there (issue 14). */
  onContextMenu?: (event: React.MouseEvent) => void;
  onExpand: () => void;
  onFollow: () => void;
  onDraft: (draft: string) => void;
  onCommit: () => void;
  onCancel: () => void;
}

export function GridCell(props: GridCellProps) {
  const { column, value, loaded, truncated, expandable, followLabel, active, inRange, left, width, colIndex, editor } = props;
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
      onMouseDown={props.onPointerDown}
      onDoubleClick={props.onDoubleClick}
      onContextMenu={props.onContextMenu}
    >
      {editor ? (
        <>
          <input
            ref={input}
            className={css.editor}
            aria-label={`Edit ${column.name}`}
            value={editor.draft}
            disabled={editor.saving}
            onChange={(event) => props.onDraft(event.target.value)}
            onKeyDown={(event) => {
              // The grid's own keys (arrows, Home/End, copy) stay inside the input while editing.
              event.stopPropagation();
              if (event.key === 'Enter') props.onCommit();
              if (event.key === 'Escape') props.onCancel();
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
            <button type="button" tabIndex={-1} className={css.cellButton} aria-label={`Expand ${column.name}`} onMouseDown={(event) => event.stopPropagation()} onClick={props.onExpand}>
              ⤢
            </button>
          ) : null}
          {followLabel && value !== null ? (
            <button type="button" tabIndex={-1} className={css.cellButton} aria-label={followLabel} title={followLabel} onMouseDown={(event) => event.stopPropagation()} onClick={props.onFollow}>
              →
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
