import { useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { Column, EditingRow } from '../../../machines/storage-explorer.columns.ts';
import { rowsOf, type Row } from '../../../machines/storage-explorer.selectors.ts';
import type { StorageOperation } from '../../../machines/storage-explorer.types.ts';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { ExplorerRow, type RowAction } from './ExplorerRow.tsx';
import type { StorageRefusal } from './Refusable.tsx';
import { useThumbnails, type ThumbnailSource } from './useThumbnails.ts';
import * as css from './Storage.css.ts';

export interface ExplorerColumnProps {
  column: Column;
  index: number;
  editing: EditingRow | null;
  running: StorageOperation | null;
  /** The path of the folder opened from this column (the next column), if any. */
  openPath: string | null;
  selection: string[];
  isPublicBucket: boolean;
  /** The list view: one full-width column with details. */
  wide?: boolean;
  onRowAction: (row: Row, action: RowAction, additive: boolean) => void;
  onSubmitName: (name: string) => void;
  onCancelName: () => void;
  onLoadMore: () => void;
  onDropFiles: (dataTransfer: DataTransfer, prefix: string, existingNames: string[]) => void;
  /** Why the member may not take a write (issue 14 item 4); stable while the role is. */
  refusal: StorageRefusal;
  /** Where image files' thumbnails are signed (issue 14); without it the rows show no thumbnails. */
  thumbnails?: ThumbnailSource;
}

/** Moves focus between rows with the arrow keys: up/down in the column, left/right to the neighbouring column. */
export function moveRowFocus(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-row]')];
  const current = rows.indexOf(document.activeElement as HTMLElement);
  let target: HTMLElement | undefined;
  if (event.key === 'ArrowDown') target = rows[Math.min(rows.length - 1, current + 1)];
  else if (event.key === 'ArrowUp') target = rows[Math.max(0, current - 1)];
  else if (event.key === 'Home') target = rows[0];
  else if (event.key === 'End') target = rows.at(-1);
  else {
    const columns = [...(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[data-column]') ?? [])];
    const at = columns.indexOf(event.currentTarget);
    const next = columns[event.key === 'ArrowRight' ? at + 1 : at - 1];
    target = next?.querySelector<HTMLElement>('[data-open="true"]') ?? next?.querySelector<HTMLElement>('[data-row]') ?? undefined;
  }
  if (target) {
    event.preventDefault();
    target.focus();
  }
}

/** One opened folder (spec B2.4 column view): its rows, a drop zone for uploads, more rows on scroll. */
export function ExplorerColumn(props: ExplorerColumnProps) {
  const { column, index, editing, running, openPath, selection } = props;
  const rows = useMemo(() => rowsOf(column, index, editing, running), [column, index, editing, running]);
  const thumbnails = useThumbnails(column.items, props.thumbnails);
  const [dropping, setDropping] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const onLoadMore = useRef(props.onLoadMore);
  onLoadMore.current = props.onLoadMore;

  // The end of the column in view asks for the next page; re-armed after each page lands.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !column.hasMoreItems || column.isLoadingMoreItems) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadMore.current());
    observer.observe(node);
    return () => observer.disconnect();
  }, [column.hasMoreItems, column.isLoadingMoreItems, column.items.length]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    setDropping(false);
    props.onDropFiles(event.dataTransfer, column.path, column.items.map((i) => i.name));
  };

  return (
    // A grid (issue 24): its rows hold an actions button, which a listbox's options may not.
    <div
      role="grid"
      aria-label={column.name || 'Bucket root'}
      aria-multiselectable
      aria-busy={column.status === 'LOADING'}
      data-column=""
      data-testid={`storage-column-${index}`}
      data-drop-target={dropping}
      className={props.wide ? css.wideColumn : css.column}
      onKeyDown={moveRowFocus}
      onFocus={(e) => {
        // Roving focus: the column itself passes focus on to its first (or open) row.
        if (e.target === e.currentTarget) e.currentTarget.querySelector<HTMLElement>('[data-open="true"], [data-row]')?.focus();
      }}
      tabIndex={index === 0 ? 0 : -1}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={onDrop}
    >
      {column.status === 'LOADING' && column.items.length === 0 ? (
        <div style={{ padding: 12 }}><SkeletonLines lines={4} /></div>
      ) : null}
      {column.status !== 'LOADING' && rows.length === 0 ? (
        <div role="row">
          <p role="gridcell" className={css.columnEmpty}>
            {column.status === 'FAILED' ? 'Could not load this folder.' : props.refusal('upload') === null ? 'Drop files here to upload them.' : 'This folder is empty.'}
          </p>
        </div>
      ) : null}
      {rows.map((row) => (
        <ExplorerRow
          key={row.isNew ? `new:${row.path}` : row.path}
          row={row}
          isOpen={openPath === row.path}
          isSelected={selection.includes(row.path)}
          isPublicBucket={props.isPublicBucket}
          thumbnailUrl={row.status === 'READY' && row.type === 'FILE' ? thumbnails.get(row.path) : undefined}
          editingError={row.status === 'EDITING' ? (editing?.error ?? null) : null}
          busy={running !== null}
          showDetails={props.wide}
          onRowAction={props.onRowAction}
          onSubmitName={props.onSubmitName}
          onCancelName={props.onCancelName}
          refusal={props.refusal}
        />
      ))}
      {column.isLoadingMoreItems ? <div style={{ padding: 8 }}><SkeletonLines lines={2} /></div> : null}
      <div ref={sentinel} className={css.sentinel} />
    </div>
  );
}
