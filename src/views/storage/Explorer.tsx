import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { StorageSearchHit } from '../../api/schemas/storage-search.ts';
import { previewFile, type PreviewFile } from '../../domain/storage-preview.ts';
import type { Row } from '../../../machines/storage-explorer.selectors.ts';
import {
  selectBucket,
  selectColumns,
  selectEditing,
  selectIsListing,
  selectIsOperating,
  selectPreferences,
  selectRunning,
  selectSelection,
} from '../../../machines/storage-explorer.selectors.ts';
import { SORT_BY, SORT_BY_LABELS, baseName, folderMessages, type SortBy } from '../../domain/storage.ts';
import { Button } from '../../ui/Button.tsx';
import { Menu, MenuItem, MenuSection, MenuTrigger } from '../../ui/Menu.tsx';
import { toast } from '../../ui/toast.ts';
import { collectDroppedItems } from './uploads/dropped-items.ts';
import { useUploads, useUploadsSettled } from './uploads/useUploads.ts';
import { BucketSearchBox, BucketSearchResults, FolderSize } from './BucketSearch.tsx';
import { ExplorerColumn } from './ExplorerColumn.tsx';
import { FilePreview } from './FilePreview.tsx';
import type { RowAction } from './ExplorerRow.tsx';
import { ItemDialogs, type ItemDialog } from './ItemDialogs.tsx';
import { Refusable, type StorageRefusal } from './Refusable.tsx';
import type { ExplorerRef } from './useStorageExplorer.ts';
import { useThumbnailsTask } from './useThumbnails.ts';
import * as css from './Storage.css.ts';

/**
 * The opened bucket (spec B2.4): breadcrumb, view and sort, folder and file actions, uploads, the columns; issue 14:
 * a search across the bucket, the open folder's size, and a preview pane for the one selected (or found) file.
 */
export function Explorer({ explorer, projectRef, refusal }: { explorer: ExplorerRef; projectRef: string; refusal: StorageRefusal }) {
  const bucket = useSelector(explorer, selectBucket);
  const columns = useSelector(explorer, selectColumns);
  const editing = useSelector(explorer, selectEditing);
  const running = useSelector(explorer, selectRunning);
  const selection = useSelector(explorer, selectSelection);
  const preferences = useSelector(explorer, selectPreferences);
  const operating = useSelector(explorer, selectIsOperating);
  const listing = useSelector(explorer, selectIsListing);
  const [dialog, setDialog] = useState<ItemDialog | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const { enqueue } = useUploads();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<StorageSearchHit | null>(null);
  // Bumped when the bucket's files change here (uploads, reload), so the folder size is read again.
  const [version, setVersion] = useState(0);
  const onQuery = useCallback((next: string) => {
    setQuery(next);
    setFound(null);
  }, []);
  // Rows are memoised: they get callbacks that never change and read the latest handlers through refs.
  const handlers = useRef<{ row: (row: Row, action: RowAction, additive: boolean) => void }>({ row: () => {} });
  const onRowAction = useCallback((row: Row, action: RowAction, additive: boolean) => handlers.current.row(row, action, additive), []);
  const onSubmitName = useCallback((name: string) => explorer.send({ type: 'editing.submit', name }), [explorer]);
  const onCancelName = useCallback(() => explorer.send({ type: 'editing.cancel' }), [explorer]);
  // Image rows' thumbnails are signed per column, in batches (issue 14).
  const bucketIdOrNull = bucket?.id ?? null;
  const bucketPublic = bucket?.public ?? false;
  const thumbnailsTask = useThumbnailsTask();
  const thumbnails = useMemo(
    () => (bucketIdOrNull === null ? undefined : { projectRef, bucketId: bucketIdOrNull, isPublic: bucketPublic, task: thumbnailsTask }),
    [projectRef, bucketIdOrNull, bucketPublic, thumbnailsTask],
  );
  useUploadsSettled((event) => {
    if (event.bucketId !== bucket?.id) return;
    explorer.send({ type: 'explorer.refresh' });
    setVersion((v) => v + 1);
  });
  if (!bucket) return null;
  const bucketId = bucket.id;
  const current = columns.at(-1);
  // Files go into the open folder, checked against the names already in it: not before its listing has arrived.
  const folderReady = current?.status === 'READY';
  const currentIndex = Math.max(0, columns.length - 1);
  const isList = preferences.view === 'LIST';
  // The file the preview pane shows: the one picked among the search's hits, else the only one selected.
  const selectedItem = selection.length === 1 ? columns.flatMap((column) => column.items).find((item) => item.path === selection[0] && item.type === 'FILE') : undefined;
  const previewed: PreviewFile | null =
    query !== '' && found
      ? previewFile({ path: found.name, name: baseName(found.name), metadata: { size: found.size, mimetype: found.mimetype }, created_at: null, updated_at: found.updated_at })
      : query === '' && selectedItem
        ? previewFile(selectedItem)
        : null;

  const upload = (files: { file: File; relativePath: string }[], prefix: string, existingNames: string[]) =>
    enqueue({ projectRef, bucketId, prefix, files, existingNames });

  const uploadRefused = refusal('upload');
  const onDropFiles = (dataTransfer: DataTransfer, prefix: string, existingNames: string[]) => {
    if (uploadRefused) return void toast.error(uploadRefused);
    // The items are read at once (the browser empties the DataTransfer after the event); V's helper walks folders.
    void collectDroppedItems(dataTransfer).then((files) => upload(files, prefix, existingNames));
  };

  handlers.current.row = (row: Row, action: RowAction, additive: boolean) => {
    const isFolder = row.type === 'FOLDER';
    switch (action.kind) {
      case 'open':
        if (isFolder) explorer.send({ type: 'folder.open', columnIndex: row.columnIndex, path: row.path });
        else if (additive) explorer.send({ type: 'item.toggleSelect', path: row.path });
        else {
          explorer.send({ type: 'path.up', columnIndex: row.columnIndex });
          explorer.send({ type: 'selection.set', paths: [row.path] });
        }
        return;
      case 'rename':
        explorer.send({ type: 'item.rename', item: row });
        return;
      case 'download':
        explorer.send({ type: 'operation.run', operation: isFolder ? { kind: 'folder.download', bucketId, path: row.path } : { kind: 'file.download', bucketId, path: row.path } });
        return;
      case 'copyPath':
        void navigator.clipboard
          .writeText(row.path)
          .then(() => toast.success(isFolder ? folderMessages.copiedPath(row.name) : `Copied path to file "${row.name}"`))
          .catch(() => toast.error('Could not copy to the clipboard'));
        return;
      case 'move':
        setDialog({ kind: 'move', paths: [row.path] });
        return;
      case 'delete':
        setDialog({ kind: 'delete', row, paths: [row.path] });
        return;
      case 'signedUrl':
        setDialog({ kind: 'signedUrl', path: row.path, expiry: action.expiry });
        return;
      case 'publicUrl':
        setDialog({ kind: 'publicUrl', path: row.path });
        return;
    }
  };

  const columnProps = (index: number) => ({
    index,
    editing,
    running,
    selection,
    isPublicBucket: bucket.public,
    onRowAction,
    onSubmitName,
    onCancelName,
    onLoadMore: () => explorer.send({ type: 'column.loadMore', columnIndex: index }),
    onDropFiles,
    refusal,
    thumbnails,
  });

  return (
    <div className={css.main}>
      <div className={css.toolbar}>
        <nav aria-label="Folder path" className={css.breadcrumb}>
          {columns.map((column, index) => (
            <span key={column.id || 'root'} style={{ display: 'contents' }}>
              {index > 0 ? <span className={css.crumbSep} aria-hidden>/</span> : null}
              <button type="button" className={css.crumb} aria-current={index === currentIndex ? 'location' : undefined} onClick={() => explorer.send({ type: 'path.up', columnIndex: index })}>
                {index === 0 ? bucket.name : column.name}
              </button>
            </span>
          ))}
        </nav>
        <div role="group" aria-label="View" style={{ display: 'flex', gap: 2 }}>
          <Button size="tiny" variant={isList ? 'ghost' : 'default'} aria-pressed={!isList} onPress={() => explorer.send({ type: 'view.set', view: 'COLUMNS' })}>Columns</Button>
          <Button size="tiny" variant={isList ? 'default' : 'ghost'} aria-pressed={isList} onPress={() => explorer.send({ type: 'view.set', view: 'LIST' })}>List</Button>
        </div>
        <MenuTrigger>
          <Button size="tiny">Sort: {SORT_BY_LABELS[preferences.sortBy]} {preferences.sortByOrder === 'asc' ? '↑' : '↓'}</Button>
          <Menu
            aria-label="Sort items"
            onAction={(key) => {
              const [what, value] = String(key).split(':') as [string, string];
              if (what === 'by') explorer.send({ type: 'sort.set', sortBy: value as SortBy, sortByOrder: preferences.sortByOrder });
              else explorer.send({ type: 'sort.set', sortBy: preferences.sortBy, sortByOrder: value === 'desc' ? 'desc' : 'asc' });
            }}
          >
            <MenuSection title="Sort by">
              {SORT_BY.map((by) => <MenuItem key={by} id={`by:${by}`}>{`${SORT_BY_LABELS[by]}${by === preferences.sortBy ? ' ✓' : ''}`}</MenuItem>)}
            </MenuSection>
            <MenuSection title="Order">
              <MenuItem id="order:asc">{`Ascending${preferences.sortByOrder === 'asc' ? ' ✓' : ''}`}</MenuItem>
              <MenuItem id="order:desc">{`Descending${preferences.sortByOrder === 'desc' ? ' ✓' : ''}`}</MenuItem>
            </MenuSection>
          </Menu>
        </MenuTrigger>
        <Button
          size="tiny"
          onPress={() => {
            explorer.send({ type: 'explorer.refresh' });
            setVersion((v) => v + 1);
          }}
          isPending={listing}
        >
          Reload
        </Button>
        <Refusable refused={refusal('createFolder')}>
          <Button
            size="tiny"
            onPress={() => explorer.send({ type: 'folder.create', columnIndex: currentIndex })}
            isDisabled={operating || editing !== null || refusal('createFolder') !== null}
          >
            Create folder
          </Button>
        </Refusable>
        <Refusable refused={uploadRefused}>
          <Button size="tiny" variant="primary" onPress={() => picker.current?.click()} isDisabled={uploadRefused !== null || !folderReady}>
            Upload files
          </Button>
        </Refusable>
        <input
          ref={picker}
          type="file"
          multiple
          aria-label="Files to upload"
          data-testid="storage-file-picker"
          className={css.hiddenInput}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])].map((file) => ({ file, relativePath: '' }));
            if (files.length === 0) return;
            if (current && folderReady) upload(files, current.path, current.items.map((i) => i.name));
            else toast.error('The folder is still loading: pick the files again once its contents are shown.');
            e.target.value = '';
          }}
        />
      </div>
      <div className={css.toolbar}>
        <BucketSearchBox bucketId={bucketId} onQuery={onQuery} />
        {current ? <FolderSize projectRef={projectRef} bucketId={bucketId} path={current.path} version={version} /> : null}
      </div>
      {selection.length > 0 ? (
        <div className={css.selectionBar} role="region" aria-label="Selected files">
          <span>{selection.length} selected</span>
          <Button
            size="tiny"
            onPress={() =>
              explorer.send({
                type: 'operation.run',
                operation: selection.length === 1 ? { kind: 'file.download', bucketId, path: selection[0]! } : { kind: 'files.download', bucketId, paths: selection },
              })
            }
            isDisabled={operating}
          >
            Download
          </Button>
          <Refusable refused={refusal('move')}>
            <Button size="tiny" onPress={() => setDialog({ kind: 'move', paths: selection })} isDisabled={operating || refusal('move') !== null}>Move</Button>
          </Refusable>
          <Refusable refused={refusal('delete')}>
            <Button size="tiny" variant="danger" onPress={() => setDialog({ kind: 'delete', row: null, paths: selection })} isDisabled={operating || refusal('delete') !== null}>
              Delete
            </Button>
          </Refusable>
          <Button size="tiny" variant="ghost" onPress={() => explorer.send({ type: 'selection.set', paths: [] })}>Clear</Button>
        </div>
      ) : null}
      <div className={css.explorerBody}>
        {query !== '' ? (
          <BucketSearchResults projectRef={projectRef} bucketId={bucketId} query={query} picked={found?.name ?? null} onPick={setFound} />
        ) : isList ? (
          current ? (
            <div className={css.listWrap} data-testid="storage-list-view">
              <div className={css.listHeader} aria-hidden><span style={{ flex: 1 }}>Name</span><span style={{ width: 140 }}>Type</span><span style={{ width: 160 }}>Last updated</span><span style={{ width: 70, textAlign: 'right' }}>Size</span></div>
              <ExplorerColumn key={current.id} column={current} openPath={null} wide {...columnProps(currentIndex)} />
            </div>
          ) : null
        ) : (
          <div className={css.columns} data-testid="storage-column-view">
            {columns.map((column, index) => (
              <ExplorerColumn key={`${index}:${column.id}`} column={column} openPath={columns[index + 1]?.path ?? null} {...columnProps(index)} />
            ))}
          </div>
        )}
        {previewed ? (
          <FilePreview
            key={previewed.path}
            projectRef={projectRef}
            bucketId={bucketId}
            isPublic={bucket.public}
            file={previewed}
            onDownload={() => explorer.send({ type: 'operation.run', operation: { kind: 'file.download', bucketId, path: previewed.path } })}
            onClose={() => (query !== '' ? setFound(null) : explorer.send({ type: 'selection.set', paths: [] }))}
          />
        ) : null}
      </div>
      <ItemDialogs dialog={dialog} onClose={() => setDialog(null)} explorer={explorer} projectRef={projectRef} bucketId={bucketId} />
    </div>
  );
}
