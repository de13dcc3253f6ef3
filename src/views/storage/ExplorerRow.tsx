import { memo, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import type { Row } from '../../../machines/storage-explorer.selectors.ts';
import { SIGNED_URL_EXPIRY_LABELS, type SignedUrlExpiry } from '../../domain/storage.ts';
import { renameSelection } from '../../domain/storage-names.ts';
import { formatBytes } from '../../domain/format.ts';
import { Button } from '../../ui/Button.tsx';
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from '../../ui/Menu.tsx';
import type { StorageRefusal } from './Refusable.tsx';
import * as css from './Storage.css.ts';

/** What a row's menu can ask for; the explorer turns each into an operation or a dialog. */
export type RowAction =
  | { kind: 'open' }
  | { kind: 'rename' }
  | { kind: 'download' }
  | { kind: 'copyPath' }
  | { kind: 'move' }
  | { kind: 'delete' }
  | { kind: 'signedUrl'; expiry: SignedUrlExpiry }
  | { kind: 'publicUrl' };

export interface ExplorerRowProps {
  row: Row;
  isOpen: boolean;
  isSelected: boolean;
  isPublicBucket: boolean;
  /** An image file's thumbnail (its public or signed URL), shown in place of the file icon (issue 14). */
  thumbnailUrl?: string;
  /** The message under the name being edited (spec B5). */
  editingError: string | null;
  busy: boolean;
  /** List view: type and last update beside the size. */
  showDetails?: boolean;
  /** Stable across renders (rows are memoised: a page landing re-renders only the new rows). */
  onRowAction: (row: Row, action: RowAction, additive: boolean) => void;
  onSubmitName: (name: string) => void;
  onCancelName: () => void;
  /** Why the member may not rename, move or delete (issue 14 item 4): those menu items are disabled with it. */
  refusal: StorageRefusal;
}

/** One storage row: a folder or a file, READY, LOADING (an operation works on it) or EDITING (being named). */
export const ExplorerRow = memo(function ExplorerRow(props: ExplorerRowProps) {
  const { row, isOpen, isSelected, editingError, showDetails, thumbnailUrl, onRowAction, onSubmitName, onCancelName } = props;
  if (row.status === 'EDITING') {
    return <EditingRow initial={row.name} error={editingError} onSubmit={onSubmitName} onCancel={onCancelName} isFolder={row.type === 'FOLDER'} />;
  }
  const isFolder = row.type === 'FOLDER';
  return (
    // A grid row, not an option (issue 24, axe nested-interactive): an option may not hold a button, a row's cells
    // may. The row keeps the roving focus and the selection; the actions button has a cell of its own.
    <div
      role="row"
      aria-selected={isSelected || isOpen}
      tabIndex={-1}
      data-row=""
      data-testid={`storage-row-${row.name}`}
      data-status={row.status}
      data-open={isOpen}
      data-selected={isSelected}
      className={css.row}
      onClick={(e) => row.status === 'READY' && onRowAction(row, { kind: 'open' }, e.metaKey || e.ctrlKey)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget && row.status === 'READY') onRowAction(row, { kind: 'open' }, e.metaKey || e.ctrlKey);
      }}
    >
      <div role="gridcell" className={css.rowCell}>
        {thumbnailUrl ? <Thumbnail key={thumbnailUrl} url={thumbnailUrl} /> : <span className={css.rowIcon} aria-hidden>{isFolder ? '▸' : '·'}</span>}
        <span className={css.rowName}>{row.name}</span>
        {row.status === 'LOADING' ? <span className={css.rowMeta}>Loading…</span> : null}
        {row.isCorrupted ? <span className={css.corrupted} title="This file has no metadata">Corrupted</span> : null}
        {showDetails ? <span className={css.rowMeta} style={{ width: 140 }}>{isFolder ? 'Folder' : (row.metadata?.mimetype ?? '')}</span> : null}
        {showDetails ? <span className={css.rowMeta} style={{ width: 160 }}>{row.updated_at ? new Date(row.updated_at).toLocaleString() : ''}</span> : null}
        {!isFolder && row.metadata?.size !== undefined && row.status === 'READY' ? (
          <span className={css.rowMeta} style={showDetails ? { width: 70, textAlign: 'right' } : undefined}>{formatBytes(row.metadata.size)}</span>
        ) : showDetails ? <span style={{ width: 70 }} /> : null}
      </div>
      <div role="gridcell">{row.status === 'READY' ? <RowMenu {...props} /> : null}</div>
    </div>
  );
});

/**
 * A decorative thumbnail beside the name (the name says what the file is): loaded when the row comes near the view,
 * decoded off the main thread. One that cannot load (an expired URL, a file that is not really an image) gives its
 * place back to the file icon.
 */
function Thumbnail({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <span className={css.rowIcon} aria-hidden>·</span>;
  return <img src={url} alt="" width={24} height={24} loading="lazy" decoding="async" draggable={false} className={css.rowThumb} data-testid="storage-row-thumbnail" onError={() => setFailed(true)} />;
}

/**
 * The row's '⋯' menu. A plain button until pressed: a column of 200 rows then mounts 200 buttons, not 200
 * react-aria menu triggers (the first page and each further page render in a fraction of the time).
 */
function RowMenu({ row, isPublicBucket, busy, onRowAction, refusal }: ExplorerRowProps) {
  const [open, setOpen] = useState(false);
  const plain = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    // Back to the plain button when the menu closes: keep the keyboard focus on it.
    if (wasOpen.current && !open) plain.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const isFolder = row.type === 'FOLDER';
  const label = `Actions for ${row.name}`;
  const refused = { rename: refusal('rename'), move: refusal('move'), delete: refusal('delete') };
  const disabledKeys = (Object.keys(refused) as (keyof typeof refused)[]).filter((key) => refused[key] !== null);
  return (
    <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      {open ? (
        <MenuTrigger isOpen onOpenChange={setOpen}>
          <Button size="tiny" variant="ghost" aria-label={label}>⋯</Button>
          <Menu onAction={(key) => onRowAction(row, menuAction(String(key)), false)} aria-label={label} disabledKeys={disabledKeys}>
            {isFolder ? <MenuItem id="open">Open</MenuItem> : null}
            <MenuItem id="download">Download</MenuItem>
            <MenuItem id="rename" textValue="Rename" description={refused.rename}>Rename</MenuItem>
            {!isFolder ? <MenuItem id="move" textValue="Move" description={refused.move}>Move</MenuItem> : null}
            <MenuItem id="copyPath">Copy path</MenuItem>
            {!isFolder && isPublicBucket ? <MenuItem id="publicUrl">Get public URL</MenuItem> : null}
            {!isFolder && !isPublicBucket
              ? (Object.keys(SIGNED_URL_EXPIRY_LABELS) as SignedUrlExpiry[]).map((expiry) => (
                  <MenuItem key={expiry} id={`signed:${expiry}`}>{`Get URL (${SIGNED_URL_EXPIRY_LABELS[expiry]})`}</MenuItem>
                ))
              : null}
            <MenuSeparator />
            <MenuItem id="delete" textValue="Delete" description={refused.delete} isDestructive>Delete</MenuItem>
          </Menu>
        </MenuTrigger>
      ) : (
        <button ref={plain} type="button" className={css.menuButton} aria-label={label} aria-haspopup="menu" disabled={busy} onClick={() => setOpen(true)}>
          ⋯
        </button>
      )}
    </span>
  );
}

function menuAction(key: string): RowAction {
  if (key.startsWith('signed:')) return { kind: 'signedUrl', expiry: key.slice('signed:'.length) as SignedUrlExpiry };
  return { kind: key } as RowAction;
}

function EditingRow(props: { initial: string; error: string | null; isFolder: boolean; onSubmit: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState(props.initial);
  const input = useRef<HTMLInputElement>(null);
  // The field takes the focus with the name selected (issue 14 item 6; a file's without its extension). The row
  // menu that started the rename closes in the same moment and hands the focus back to its (now gone) trigger a
  // frame later, leaving it nowhere: the field takes it again then, unless the user already put it elsewhere.
  const selection = useEffectEvent(() => renameSelection(props.initial, props.isFolder));
  useLayoutEffect(() => {
    const field = input.current;
    if (!field) return;
    const take = () => {
      field.focus();
      const { start, end } = selection();
      field.setSelectionRange(start, end);
    };
    take();
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (field.isConnected && (active === null || active === document.body)) take();
    });
    return () => cancelAnimationFrame(frame);
    // Once, when the row starts editing.
  }, []);
  return (
    <div data-testid="storage-editing-row">
      <div role="row" className={css.row} data-status="EDITING">
        <div role="gridcell" className={css.rowCell}>
          <span className={css.rowIcon} aria-hidden>{props.isFolder ? '▸' : '·'}</span>
          <input
            className={css.nameInput}
            aria-label={props.initial === '' ? 'New folder name' : `New name for ${props.initial}`}
            aria-invalid={props.error !== null}
            aria-describedby={props.error ? 'storage-name-error' : undefined}
            ref={input}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              e.stopPropagation();
              if (e.key === 'Enter') props.onSubmit(name);
              if (e.key === 'Escape') props.onCancel();
            }}
            onBlur={() => props.onSubmit(name)}
          />
        </div>
      </div>
      {props.error ? <div id="storage-name-error" role="alert" className={css.nameError}>{props.error}</div> : null}
    </div>
  );
}
