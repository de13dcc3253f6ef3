// One folder operation of the storage explorer (spec B4 folder rename / delete, B7, B8 folder operations, B9):
// create (uploads the placeholder), rename (every object under the old prefix moved, 2 at a time, failures
// collected), delete (every object under the prefix, then the empty folder through storage.delete_prefix) and
// download as '{folder}.zip'. Progress and results are emitted as `notify` events; the runner shows them as toasts.
import { assign, emit, enqueueActions, fromPromise, not, setup } from 'xstate';
import {
  STORAGE_RENAME_BATCH,
  baseName,
  errorMessage,
  folderMessages,
  folderZipName,
  joinPath,
} from '../src/domain/storage.ts';
import { notProvidedStub } from './support.ts';

export type FolderOperation =
  | { kind: 'folder.create'; bucketId: string; path: string }
  | { kind: 'folder.rename'; bucketId: string; path: string; newPath: string }
  | { kind: 'folder.delete'; bucketId: string; path: string }
  | { kind: 'folder.download'; bucketId: string; path: string };

/** A toast to show; `progress` ones are replaced by the next notification. */
export interface NotifyEvent {
  type: 'notify';
  kind: 'success' | 'error' | 'info';
  message: string;
  description?: string;
  progress?: boolean;
}

export interface MoveBatchInput {
  bucketId: string;
  moves: Array<{ from: string; to: string }>;
}
export interface ZipFolderInput {
  bucketId: string;
  paths: string[];
  /** Entries are named relative to this folder. */
  prefix: string;
  zipName: string;
}

export interface StorageFolderContext {
  operation: FolderOperation;
  /** Every object path under the folder (from the crawl). */
  objects: string[];
  /** Index of the next object to move. */
  cursor: number;
  /** Paths that failed to move. */
  failures: string[];
  error: string | null;
}

export interface StorageFolderOutput {
  ok: boolean;
}

const name = (op: FolderOperation) => baseName(op.kind === 'folder.rename' ? op.newPath : op.path);
const notify = (kind: NotifyEvent['kind'], message: string, extra: Partial<NotifyEvent> = {}): NotifyEvent => ({ type: 'notify', kind, message, ...extra });

/** The failure message of each operation (spec B8). */
function failureMessage(op: FolderOperation, msg: string): string {
  if (op.kind === 'folder.rename') return folderMessages.renameFailed(name(op), msg);
  if (op.kind === 'folder.delete') return folderMessages.deleteFailed(msg);
  if (op.kind === 'folder.download') return folderMessages.downloadFailed(msg);
  return `Failed to create folder: ${msg}`;
}

export const storageFolderMachine = setup({
  types: {} as {
    context: StorageFolderContext;
    input: FolderOperation;
    output: StorageFolderOutput;
    emitted: NotifyEvent;
  },
  actors: {
    createFolder: fromPromise<unknown, { bucketId: string; path: string }>(notProvidedStub('create folder')),
    /** Every object path under a prefix (spec B9: crawled in pages of 10000). */
    listAllObjects: fromPromise<string[], { bucketId: string; prefix: string }>(notProvidedStub('list all objects')),
    /** Moves one batch; resolves with the `from` paths that failed. */
    moveBatch: fromPromise<string[], MoveBatchInput>(notProvidedStub('move batch')),
    removeObjects: fromPromise<unknown, { bucketId: string; paths: string[] }>(notProvidedStub('remove objects')),
    deletePrefix: fromPromise<unknown, { bucketId: string; prefix: string }>(notProvidedStub('delete prefix')),
    /** Streams the zip to the user; resolves with how many files could not be fetched. */
    zipFolder: fromPromise<{ failed: number }, ZipFolderInput>(notProvidedStub('zip folder')),
  },
  guards: {
    isCreate: ({ context }) => context.operation.kind === 'folder.create',
    isRename: ({ context }) => context.operation.kind === 'folder.rename',
    isDelete: ({ context }) => context.operation.kind === 'folder.delete',
    hasObjects: ({ context }) => context.objects.length > 0,
    hasMoreToMove: ({ context }) => context.cursor < context.objects.length,
    hadFailures: ({ context }) => context.failures.length > 0,
  },
  actions: {
    storeError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    notifyFailure: emit(({ context }) => notify('error', failureMessage(context.operation, context.error ?? 'Unknown error'))),
  },
}).createMachine({
  id: 'storageFolder',
  context: ({ input }) => ({ operation: input, objects: [], cursor: 0, failures: [], error: null }),
  initial: 'starting',
  output: ({ context }) => ({ ok: context.error === null }),
  states: {
    starting: {
      always: [{ guard: 'isCreate', target: 'creating' }, { target: 'crawling' }],
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createFolder',
        src: 'createFolder',
        input: ({ context }) => ({ bucketId: context.operation.bucketId, path: context.operation.path }),
        onDone: 'done',
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    crawling: {
      tags: ['busy'],
      entry: emit(({ context }) =>
        context.operation.kind === 'folder.rename'
          ? notify('info', folderMessages.renaming(name(context.operation)), { progress: true })
          : notify('info', context.operation.kind === 'folder.download' ? folderMessages.retrieving : `Deleting ${name(context.operation)}...`, { progress: true }),
      ),
      invoke: {
        id: 'listAllObjects',
        src: 'listAllObjects',
        input: ({ context }) => ({ bucketId: context.operation.bucketId, prefix: context.operation.path }),
        onDone: [
          { guard: 'isRename', target: 'moving', actions: assign({ objects: ({ event }) => event.output }) },
          { guard: 'isDelete', target: 'deleting', actions: assign({ objects: ({ event }) => event.output }) },
          { target: 'checkingDownload', actions: assign({ objects: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // spec B4: 2 moves at a time; a failed item is reported and collected, the rename goes on.
    moving: {
      always: [{ guard: 'hasMoreToMove', target: 'movingBatch' }, { target: 'renamed' }],
    },
    movingBatch: {
      tags: ['busy'],
      invoke: {
        id: 'moveBatch',
        src: 'moveBatch',
        input: ({ context }) => {
          const op = context.operation as Extract<FolderOperation, { kind: 'folder.rename' }>;
          const batch = context.objects.slice(context.cursor, context.cursor + STORAGE_RENAME_BATCH);
          return { bucketId: op.bucketId, moves: batch.map((from) => ({ from, to: joinPath(op.newPath, from.slice(op.path.length)) })) };
        },
        onDone: { target: 'batchSettled', actions: assign({ failures: ({ context, event }) => [...context.failures, ...event.output] }) },
        onError: {
          target: 'batchSettled',
          actions: assign({ failures: ({ context }) => [...context.failures, ...context.objects.slice(context.cursor, context.cursor + STORAGE_RENAME_BATCH)] }),
        },
      },
    },
    batchSettled: {
      entry: [
        // One toast per item of the batch just settled that failed to move.
        enqueueActions(({ context, enqueue }) => {
          const batch = context.objects.slice(context.cursor, context.cursor + STORAGE_RENAME_BATCH);
          for (const path of batch.filter((p) => context.failures.includes(p))) enqueue.emit(notify('error', folderMessages.moveFailed(path)));
        }),
        assign({ cursor: ({ context }) => context.cursor + STORAGE_RENAME_BATCH }),
      ],
      always: 'moving',
    },
    renamed: {
      always: [
        { guard: 'hadFailures', target: 'done', actions: emit(({ context }) => notify('error', folderMessages.renamedWithErrors(name(context.operation)))) },
        { target: 'done', actions: emit(({ context }) => notify('success', folderMessages.renamed(name(context.operation)))) },
      ],
    },
    deleting: {
      tags: ['busy'],
      always: { guard: not('hasObjects'), target: 'removingPrefix' },
      invoke: {
        id: 'removeObjects',
        src: 'removeObjects',
        input: ({ context }) => ({ bucketId: context.operation.bucketId, paths: context.objects }),
        onDone: 'removingPrefix',
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // spec B4: the empty folder itself goes through storage.delete_prefix.
    removingPrefix: {
      tags: ['busy'],
      invoke: {
        id: 'deletePrefix',
        src: 'deletePrefix',
        input: ({ context }) => ({ bucketId: context.operation.bucketId, prefix: context.operation.path }),
        onDone: { target: 'done', actions: emit(({ context }) => notify('success', folderMessages.deleted(name(context.operation)))) },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checkingDownload: {
      always: [
        { guard: 'hasObjects', target: 'downloading' },
        {
          target: 'done',
          actions: [assign({ error: 'empty' }), emit(({ context }) => notify('error', folderMessages.downloadNoFiles(name(context.operation))))],
        },
      ],
    },
    downloading: {
      tags: ['busy'],
      entry: emit(({ context }) => notify('info', folderMessages.downloading(context.objects.length), { progress: true })),
      invoke: {
        id: 'zipFolder',
        src: 'zipFolder',
        input: ({ context }) => ({
          bucketId: context.operation.bucketId,
          paths: context.objects,
          prefix: context.operation.path,
          zipName: folderZipName(name(context.operation)),
        }),
        onDone: {
          target: 'done',
          actions: emit(({ context, event }) =>
            event.output.failed > 0
              ? notify('error', folderMessages.downloadedPartly(name(context.operation), event.output.failed))
              : notify('success', folderMessages.downloaded(name(context.operation))),
          ),
        },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final', tags: ['error'], entry: 'notifyFailure' },
  },
});

export type StorageFolderMachine = typeof storageFolderMachine;
