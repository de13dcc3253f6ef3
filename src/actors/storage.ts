// Real effects of the storage explorer (spec B7 storage calls): the explorer machine's listing actors, the
// operation runner (folder and files machines with their toasts), and the per-project preferences in localStorage.
import { createActor, fromCallback, fromPromise, toPromise, type AnyStateMachine, type EventObject } from 'xstate';
import { storageExplorerMachine } from '../../machines/storage-explorer.machine.ts';
import type { ColumnListing, ListColumnsInput, ListPageInput } from '../../machines/storage-explorer.columns.ts';
import type { StorageOperation } from '../../machines/storage-explorer.types.ts';
import { storageFilesMachine, type FilesOperation } from '../../machines/storage-files.machine.ts';
import { storageFolderMachine, type FolderOperation, type NotifyEvent } from '../../machines/storage-folder.machine.ts';
import { deletePrefix, fetchBuckets, listObjects, moveObject, removeObjects, uploadEmptyObject } from '../api/storage.ts';
import {
  EMPTY_FOLDER_PLACEHOLDER,
  STORAGE_LIST_PAGE_SIZE,
  explorerPreferencesKey,
  joinPath,
  readExplorerPreferences,
  toStorageItems,
  type ExplorerPreferences,
} from '../domain/storage.ts';
import { toast } from '../ui/toast.ts';
import { listAllObjectPaths, performFilesOperation, zipObjects } from './storage-effects.ts';
import { devInspect } from '../dev/live-inspect.ts';

export function readStoredExplorerPreferences(ref: string): ExplorerPreferences {
  try {
    return readExplorerPreferences(window.localStorage.getItem(explorerPreferencesKey(ref)));
  } catch {
    return readExplorerPreferences(null);
  }
}

async function listPage(ref: string, input: ListPageInput, signal: AbortSignal): Promise<ColumnListing> {
  const objects = await listObjects(
    ref,
    input.bucketId,
    input.path,
    { limit: STORAGE_LIST_PAGE_SIZE, offset: input.offset, sortBy: { column: input.sortBy, order: input.sortByOrder } },
    signal,
  );
  // A full page means there may be more (spec B4: hasMoreItems).
  return { index: input.index, path: input.path, items: toStorageItems(objects, input.path, input.index, Date.now()), hasMore: objects.length === STORAGE_LIST_PAGE_SIZE };
}

/** Runs a folder or files machine to its end, showing what it emits as toasts (a progress toast until the next). */
async function runWithToasts(machine: AnyStateMachine, input: StorageOperation, signal: AbortSignal): Promise<{ ok: boolean }> {
  const actor = createActor(machine, { input, inspect: devInspect });
  let progress: string | null = null;
  const clearProgress = () => {
    if (progress !== null) toast.dismiss(progress);
    progress = null;
  };
  actor.on('notify', (event: NotifyEvent) => {
    clearProgress();
    const key = toast[event.kind](event.message, { description: event.description, timeout: event.progress ? null : undefined });
    if (event.progress) progress = key;
  });
  signal.addEventListener('abort', () => actor.stop());
  actor.start();
  try {
    return (await toPromise(actor)) as { ok: boolean };
  } finally {
    clearProgress();
  }
}

export function folderMachineFor(ref: string) {
  return storageFolderMachine.provide({
    actors: {
      createFolder: fromPromise(({ input }) => uploadEmptyObject(ref, input.bucketId, joinPath(input.path, EMPTY_FOLDER_PLACEHOLDER))),
      listAllObjects: fromPromise(({ input }) => listAllObjectPaths(ref, input.bucketId, input.prefix)),
      moveBatch: fromPromise(async ({ input }) => {
        const results = await Promise.allSettled(input.moves.map((m) => moveObject(ref, input.bucketId, m.from, m.to)));
        return input.moves.filter((_, i) => results[i]!.status === 'rejected').map((m) => m.from);
      }),
      removeObjects: fromPromise(async ({ input }) => {
        for (let i = 0; i < input.paths.length; i += 1000) await removeObjects(ref, input.bucketId, input.paths.slice(i, i + 1000));
      }),
      deletePrefix: fromPromise(({ input }) => deletePrefix(ref, input.bucketId, input.prefix)),
      zipFolder: fromPromise(({ input }) =>
        zipObjects(ref, input.bucketId, input.paths, (path) => path.slice(input.prefix.length).replace(/^\//, ''), input.zipName),
      ),
    },
  });
}

export function filesMachineFor(ref: string) {
  return storageFilesMachine.provide({
    actors: { performFilesOperation: fromPromise<unknown, FilesOperation>(({ input }) => performFilesOperation(ref, input)) },
  });
}

/** The explorer machine with the platform behind it, for project `ref`. */
export function explorerMachineFor(ref: string) {
  const folder = folderMachineFor(ref);
  const files = filesMachineFor(ref);
  return storageExplorerMachine.provide({
    actors: {
      fetchBuckets: fromPromise(({ input }) => fetchBuckets(input.projectRef)),
      listColumns: fromPromise<ColumnListing[], ListColumnsInput>(({ input, signal }) =>
        Promise.all(
          input.columns.map((c) => listPage(ref, { bucketId: input.bucketId, index: c.index, path: c.path, offset: 0, sortBy: input.sortBy, sortByOrder: input.sortByOrder }, signal)),
        ),
      ),
      listPage: fromPromise<ColumnListing, ListPageInput>(({ input, signal }) => listPage(ref, input, signal)),
      runOperation: fromPromise<{ ok: boolean }, StorageOperation>(({ input, signal }) =>
        runWithToasts(input.kind.startsWith('folder.') ? folder : files, input as FolderOperation | FilesOperation, signal),
      ),
      preferencesStore: fromCallback<EventObject, { projectRef: string }>(({ receive, input }) => {
        receive((event) => {
          if (event.type !== 'preferences.save') return;
          try {
            window.localStorage.setItem(explorerPreferencesKey(input.projectRef), JSON.stringify((event as EventObject & { preferences: ExplorerPreferences }).preferences));
          } catch {
            // Not persisted: this visit keeps the choice.
          }
        });
      }),
    },
  });
}
