// The storage explorer of one project (spec B2.4, B4): buckets (fetched only while the project is ACTIVE_HEALTHY,
// not initialised while INACTIVE, retried 3 times except 'Missing tenant config'), the opened bucket's columns
// (one per opened folder, pages of 200, more on scroll), the rows being named (EDITING → LOADING → READY),
// one operation at a time, and the per-project preferences saved through the injected store.
//
// A listing in flight is stopped with the state that invoked it when a newer one supersedes it (its late answer
// never lands); an abort error that still reaches the machine is ignored (spec B8).
import { assign, emit, enqueueActions, fromCallback, fromPromise, raise, sendTo, setup, type EventObject } from 'xstate';
import {
  BUCKETS_FETCH_RETRIES,
  BUCKETS_RETRY_DELAY_MS,
  MISSING_TENANT_CONFIG,
  errorMessage,
  isAbortError,
  listingMessages,
  type Bucket,
  type ExplorerPreferences,
  type StorageItem,
} from '../src/domain/storage.ts';
import type { NotifyEvent } from './storage-folder.machine.ts';
import {
  appendPage,
  applyListings,
  columnFor,
  dropColumnsUnder,
  editingSubmission,
  openFolderColumns,
  rootColumn,
  type Column,
  type ColumnListing,
  type EditingRow,
  type ListColumnsInput,
  type ListPageInput,
  type ListPageOutput,
} from './storage-explorer.columns.ts';
import { changesListing, type ExplorerEvent, type StorageOperation } from './storage-explorer.types.ts';
import { notProvidedStub } from './support.ts';

export interface StorageExplorerInput {
  projectRef: string;
  projectStatus: string;
  preferences: ExplorerPreferences;
  bucketId?: string | null;
}

export interface StorageExplorerContext {
  projectRef: string;
  projectStatus: string;
  preferences: ExplorerPreferences;
  buckets: Bucket[] | null;
  bucketAttempts: number;
  bucketsError: string | null;
  bucketId: string | null;
  columns: Column[];
  /** Column indexes the listing in flight is (re)loading. */
  listingIndexes: number[];
  selection: string[];
  editing: EditingRow | null;
  /** The operation running (its row shows LOADING). */
  running: StorageOperation | null;
}

const notify = (kind: NotifyEvent['kind'], message: string): NotifyEvent => ({ type: 'notify', kind, message });
const isHealthy = (status: string) => status === 'ACTIVE_HEALTHY';
const isInactive = (status: string) => status === 'INACTIVE';

export const storageExplorerMachine = setup({
  types: {} as {
    context: StorageExplorerContext;
    events: ExplorerEvent;
    input: StorageExplorerInput;
    tags: 'busy' | 'error';
    emitted: NotifyEvent;
  },
  actors: {
    fetchBuckets: fromPromise<Bucket[], { projectRef: string }>(notProvidedStub('fetch buckets')),
    listColumns: fromPromise<ColumnListing[], ListColumnsInput>(notProvidedStub('list columns')),
    listPage: fromPromise<ListPageOutput, ListPageInput>(notProvidedStub('list page')),
    runOperation: fromPromise<{ ok: boolean }, StorageOperation>(notProvidedStub('run operation')),
    /** Receives `preferences.save` events; the real one (src/actors/storage.ts) keeps them in the browser under the project's key. */
    preferencesStore: fromCallback<EventObject, { projectRef: string }>(notProvidedStub('preferences store')),
  },
  delays: {
    bucketsRetry: BUCKETS_RETRY_DELAY_MS,
  },
  guards: {
    projectInactive: ({ context }) => isInactive(context.projectStatus),
    projectHealthy: ({ context }) => isHealthy(context.projectStatus),
    // A status in the same class (healthy / inactive / other) changes nothing on screen.
    sameStatusClass: ({ context }, params: { status: string }) =>
      isHealthy(params.status) === isHealthy(context.projectStatus) && isInactive(params.status) === isInactive(context.projectStatus),
    // spec B4: up to 3 retries, never for 'Missing tenant config'.
    bucketsRetryable: ({ context }, params: { error: unknown }) =>
      errorMessage(params.error) !== MISSING_TENANT_CONFIG && context.bucketAttempts < BUCKETS_FETCH_RETRIES,
    needsRootListing: ({ context }) => context.bucketId !== null && context.columns.length === 0,
    knownBucket: ({ context }, params: { bucketId: string }) => context.buckets?.some((b) => b.id === params.bucketId) ?? false,
    hasOpenColumns: ({ context }) => context.columns.length > 0,
    canLoadMore: ({ context }, params: { columnIndex: number }) => {
      const column = context.columns[params.columnIndex];
      return column !== undefined && column.status === 'READY' && column.hasMoreItems;
    },
    isAbort: (_, params: { error: unknown }) => isAbortError(params.error),
    hasBucket: ({ context }) => context.bucketId !== null,
    notEditing: ({ context }) => context.editing === null,
    editingIgnored: ({ context }, params: { name: string }) => editingSubmission(context, params.name).kind === 'ignore',
    editingInvalid: ({ context }, params: { name: string }) => editingSubmission(context, params.name).kind === 'invalid',
  },
  actions: {
    savePreferences: sendTo('preferencesStore', ({ context }) => ({ type: 'preferences.save', preferences: context.preferences })),
    openRoot: assign(({ context }) => ({ columns: [rootColumn(context.bucketId ?? '')], listingIndexes: [0], selection: [], editing: null })),
    // Columns under a renamed or deleted folder are gone; what is left is listed again (not after a download).
    finishOperation: enqueueActions(({ context, enqueue }) => {
      const op = context.running;
      enqueue.assign({ columns: dropColumnsUnder(context.columns, op), running: null, selection: [] });
      if (op && changesListing(op)) enqueue.raise({ type: 'explorer.refresh' });
    }),
    storeBuckets: assign(({ context }, params: { buckets: Bucket[] }) => {
      const known = context.bucketId !== null && params.buckets.some((b) => b.id === context.bucketId);
      return { buckets: params.buckets, bucketAttempts: 0, bucketsError: null, ...(known ? {} : { bucketId: null, columns: [] }) };
    }),
    closeBucket: assign({ bucketId: null, columns: [], selection: [], editing: null }),
    relistAll: assign(({ context }) => ({
      listingIndexes: context.columns.map((_, index) => index),
      columns: context.columns.map((c) => ({ ...c, status: c.items.length > 0 ? c.status : ('LOADING' as const) })),
    })),
  },
}).createMachine({
  id: 'storageExplorer',
  context: ({ input }) => ({
    projectRef: input.projectRef,
    projectStatus: input.projectStatus,
    preferences: input.preferences,
    buckets: null,
    bucketAttempts: 0,
    bucketsError: null,
    bucketId: input.bucketId ?? null,
    columns: [],
    listingIndexes: [],
    selection: [],
    editing: null,
    running: null,
  }),
  invoke: { id: 'preferencesStore', src: 'preferencesStore', input: ({ context }) => ({ projectRef: context.projectRef }) },
  initial: 'gate',
  on: {
    'project.status': [
      { guard: { type: 'sameStatusClass', params: ({ event }) => ({ status: event.status }) }, actions: assign({ projectStatus: ({ event }) => event.status }) },
      { target: '.gate', actions: assign({ projectStatus: ({ event }) => event.status }) },
    ],
    'view.set': { actions: [assign({ preferences: ({ context, event }) => ({ ...context.preferences, view: event.view }) }), 'savePreferences'] },
    'bucketSort.set': { actions: [assign({ preferences: ({ context, event }) => ({ ...context.preferences, sortBucket: event.sortBucket }) }), 'savePreferences'] },
    // Before the buckets are known the address bar's choice is kept; browsing checks and lists it.
    'bucket.open': { actions: assign({ bucketId: ({ event }) => event.bucketId, columns: [] }) },
    'bucket.close': { actions: assign({ bucketId: null, columns: [] }) },
  },
  states: {
    gate: {
      always: [
        { guard: 'projectInactive', target: 'inactive' },
        { guard: 'projectHealthy', target: 'loadingBuckets' },
        { target: 'waitingForProject' },
      ],
    },
    /** spec B2.4: not initialised while the project is INACTIVE (the paused view shows instead). */
    inactive: {},
    /** Buckets are fetched only once the project is ACTIVE_HEALTHY. */
    waitingForProject: {},
    loadingBuckets: {
      tags: ['busy'],
      invoke: {
        id: 'fetchBuckets',
        src: 'fetchBuckets',
        input: ({ context }) => ({ projectRef: context.projectRef }),
        onDone: { target: 'browsing', actions: { type: 'storeBuckets', params: ({ event }) => ({ buckets: event.output }) } },
        onError: [
          {
            guard: { type: 'bucketsRetryable', params: ({ event }) => ({ error: event.error }) },
            target: 'retryingBuckets',
            actions: assign({ bucketAttempts: ({ context }) => context.bucketAttempts + 1 }),
          },
          { target: 'bucketsFailed', actions: assign({ bucketsError: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    retryingBuckets: {
      tags: ['busy'],
      after: { bucketsRetry: 'loadingBuckets' },
    },
    bucketsFailed: {
      tags: ['error'],
      entry: emit(({ context }) => notify('error', listingMessages.foldersFailed(context.bucketsError ?? 'Unknown error'))),
      on: { 'buckets.retry': { target: 'loadingBuckets', actions: assign({ bucketAttempts: 0 }) } },
    },
    browsing: {
      type: 'parallel',
      exit: assign({ listingIndexes: [] }),
      states: {
        /** A refresh after a bucket was created, edited or deleted: the explorer stays as it is meanwhile. */
        buckets: {
          initial: 'idle',
          states: {
            idle: { on: { 'buckets.refresh': 'refreshing' } },
            refreshing: {
              invoke: {
                id: 'refreshBuckets',
                src: 'fetchBuckets',
                input: ({ context }) => ({ projectRef: context.projectRef }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'storeBuckets', params: ({ event }) => ({ buckets: event.output }) },
                    raise(({ context }) => ({ type: 'bucket.checked', present: context.bucketId !== null })),
                  ],
                },
                onError: { target: 'idle', actions: emit(({ event }) => notify('error', listingMessages.foldersFailed(errorMessage(event.error)))) },
              },
            },
          },
        },
        columns: {
          initial: 'starting',
          on: {
            'bucket.open': [
              {
                guard: { type: 'knownBucket', params: ({ event }) => ({ bucketId: event.bucketId }) },
                target: '.listingFolders',
                reenter: true,
                actions: [assign({ bucketId: ({ event }) => event.bucketId }), 'openRoot'],
              },
              { target: '.idle', actions: 'closeBucket' },
            ],
            'bucket.close': { target: '.idle', actions: 'closeBucket' },
            // The bucket shown was deleted.
            'bucket.checked': { guard: ({ event }) => !event.present, target: '.idle', actions: 'closeBucket' },
            'folder.open': {
              guard: 'hasBucket',
              target: '.listingFolders',
              reenter: true,
              actions: assign(({ context, event }) => {
                const columns = openFolderColumns(context.columns, event.columnIndex, event.path);
                return { columns, listingIndexes: [columns.length - 1], selection: [] };
              }),
            },
            'path.up': { actions: assign({ columns: ({ context, event }) => context.columns.slice(0, event.columnIndex + 1), selection: [] }) },
            'explorer.refresh': { guard: 'hasOpenColumns', target: '.listingFolders', reenter: true, actions: 'relistAll' },
            'sort.set': {
              target: '.checkingRelist',
              reenter: true,
              actions: [assign({ preferences: ({ context, event }) => ({ ...context.preferences, sortBy: event.sortBy, sortByOrder: event.sortByOrder }) }), 'savePreferences'],
            },
            'item.toggleSelect': {
              actions: assign({
                selection: ({ context, event }) =>
                  context.selection.includes(event.path) ? context.selection.filter((p) => p !== event.path) : [...context.selection, event.path],
              }),
            },
            'selection.set': { actions: assign({ selection: ({ event }) => event.paths }) },
          },
          states: {
            starting: {
              always: [{ guard: 'needsRootListing', target: 'listingFolders', actions: 'openRoot' }, { target: 'idle' }],
            },
            checkingRelist: {
              always: [{ guard: 'hasOpenColumns', target: 'listingFolders', actions: 'relistAll' }, { target: 'idle' }],
            },
            idle: {
              entry: assign({ listingIndexes: [] }),
              on: {
                'column.loadMore': {
                  guard: { type: 'canLoadMore', params: ({ event }) => ({ columnIndex: event.columnIndex }) },
                  target: 'loadingMore',
                  actions: assign({ listingIndexes: ({ event }) => [event.columnIndex] }),
                },
              },
            },
            listingFolders: {
              tags: ['busy'],
              invoke: {
                id: 'listColumns',
                src: 'listColumns',
                input: ({ context }) => ({
                  bucketId: context.bucketId ?? '',
                  columns: context.listingIndexes.map((index) => ({ index, path: context.columns[index]?.path ?? '' })),
                  sortBy: context.preferences.sortBy,
                  sortByOrder: context.preferences.sortByOrder,
                }),
                onDone: { target: 'idle', actions: assign({ columns: ({ context, event }) => applyListings(context.columns, event.output) }) },
                onError: [
                  { guard: { type: 'isAbort', params: ({ event }) => ({ error: event.error }) }, target: 'idle' },
                  {
                    target: 'idle',
                    actions: [
                      emit(({ context, event }) => {
                        const column = context.columns[context.listingIndexes.at(-1) ?? 0];
                        return notify('error', listingMessages.folderContentsFailed(column?.name ?? '', errorMessage(event.error)));
                      }),
                      assign({ columns: ({ context }) => context.columns.map((c, i) => (context.listingIndexes.includes(i) ? { ...c, status: 'FAILED' as const } : c)) }),
                    ],
                  },
                ],
              },
            },
            loadingMore: {
              tags: ['busy'],
              entry: assign({ columns: ({ context }) => context.columns.map((c, i) => (i === context.listingIndexes[0] ? { ...c, isLoadingMoreItems: true } : c)) }),
              exit: assign({
                columns: ({ context }) => context.columns.map((c) => (c.isLoadingMoreItems ? { ...c, isLoadingMoreItems: false } : c)),
              }),
              invoke: {
                id: 'listPage',
                src: 'listPage',
                input: ({ context }) => {
                  const index = context.listingIndexes[0] ?? 0;
                  const column = columnFor(context.columns, index);
                  return { bucketId: context.bucketId ?? '', index, path: column.path, offset: column.items.length, sortBy: context.preferences.sortBy, sortByOrder: context.preferences.sortByOrder };
                },
                onDone: { target: 'idle', actions: assign({ columns: ({ context, event }) => appendPage(context.columns, event.output) }) },
                onError: [
                  { guard: { type: 'isAbort', params: ({ event }) => ({ error: event.error }) }, target: 'idle' },
                  { target: 'idle', actions: emit(({ event }) => notify('error', listingMessages.moreContentsFailed(errorMessage(event.error)))) },
                ],
              },
            },
          },
        },
        operation: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'folder.create': {
                  guard: 'hasBucket',
                  target: 'editing',
                  actions: assign({ editing: ({ event }) => ({ columnIndex: event.columnIndex, mode: 'create', item: null, error: null }) }),
                },
                'item.rename': {
                  target: 'editing',
                  actions: assign({ editing: ({ event }) => ({ columnIndex: event.item.columnIndex, mode: 'rename', item: event.item, error: null }) }),
                },
                'operation.run': { guard: 'hasBucket', target: 'running', actions: assign({ running: ({ event }) => event.operation }) },
              },
            },
            /** A row with a text field: the new folder's name, or the new name of a renamed item. */
            editing: {
              // The bucket closed or another one opened: the row went with its column.
              always: { guard: 'notEditing', target: 'idle' },
              on: {
                'editing.submit': [
                  // spec B4: an empty new folder name removes the row; the same or an empty name on rename does nothing.
                  { guard: { type: 'editingIgnored', params: ({ event }) => ({ name: event.name }) }, target: 'idle', actions: assign({ editing: null }) },
                  {
                    guard: { type: 'editingInvalid', params: ({ event }) => ({ name: event.name }) },
                    actions: assign({ editing: ({ context, event }) => ({ ...context.editing!, error: editingSubmission(context, event.name).error }) }),
                  },
                  {
                    target: 'running',
                    actions: assign(({ context, event }) => ({ running: editingSubmission(context, event.name).operation, editing: null })),
                  },
                ],
                'editing.cancel': { target: 'idle', actions: assign({ editing: null }) },
              },
            },
            running: {
              tags: ['busy'],
              invoke: {
                id: 'runOperation',
                src: 'runOperation',
                input: ({ context }) => context.running!,
                onDone: { target: 'idle', actions: 'finishOperation' },
                onError: { target: 'idle', actions: 'finishOperation' },
              },
            },
          },
        },
      },
    },
  },
});

export type StorageExplorerMachine = typeof storageExplorerMachine;
export type { StorageItem };
