// Storage explorer machine (spec B2.4, B4, B8): examples, generated paths, properties.
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { storageExplorerMachine, type StorageExplorerInput } from '../machines/storage-explorer.machine.ts';
import { rowsOf, selectBuckets, selectBucketsError, selectIsInactive } from '../machines/storage-explorer.selectors.ts';
import type { ColumnListing, ListColumnsInput, ListPageInput } from '../machines/storage-explorer.columns.ts';
import type { NotifyEvent } from '../machines/storage-folder.machine.ts';
import { DEFAULT_EXPLORER_PREFERENCES, STORAGE_LIST_PAGE_SIZE, type Bucket, type StorageItem } from '../src/domain/storage.ts';
import { controlledActors, flushMicrotasks } from './support/controlled-actors.ts';
import { type MachinePathsOptions } from './support/paths.ts';
import { testMachinePathsAcrossInputs } from './paths-across-inputs.ts';

type Snapshot = SnapshotFrom<typeof storageExplorerMachine>;

const bucket = (id: string, created_at = '2025-01-01'): Bucket => ({ id, name: id, public: false, allowed_mime_types: null, file_size_limit: null, created_at });
const item = (prefix: string, name: string, type: 'FILE' | 'FOLDER' = 'FILE', columnIndex = 0): StorageItem => ({
  id: type === 'FILE' ? `id-${name}` : null,
  name,
  type,
  status: 'READY',
  metadata: type === 'FILE' ? { size: 1, mimetype: 'text/plain' } : null,
  created_at: null,
  updated_at: null,
  last_accessed_at: null,
  isCorrupted: false,
  path: prefix ? `${prefix}/${name}` : name,
  prefix,
  columnIndex,
});
const docs = item('', 'docs', 'FOLDER');
const rootListing: ColumnListing = { index: 0, path: '', items: [docs, item('', 'a.txt')], hasMore: true };
const docsListing: ColumnListing = { index: 1, path: 'docs', items: [item('docs', 'b.txt', 'FILE', 1)], hasMore: false };

const actorKinds = { fetchBuckets: 'promise', listColumns: 'promise', listPage: 'promise', runOperation: 'promise', preferencesStore: 'callback' } as const;
const input: StorageExplorerInput = { projectRef: 'abc', projectStatus: 'ACTIVE_HEALTHY', preferences: DEFAULT_EXPLORER_PREFERENCES };

function start(overrides: Partial<StorageExplorerInput> = {}) {
  const fakes = controlledActors(actorKinds);
  const actor = createActor(storageExplorerMachine.provide({ actors: fakes.logic, delays: { bucketsRetry: 1000 } }), { input: { ...input, ...overrides } });
  const notices: NotifyEvent[] = [];
  actor.on('notify', (e) => notices.push(e));
  actor.start();
  return { actor, fakes, notices };
}

afterEach(() => void vi.useRealTimers());

describe('storage explorer machine: examples', () => {
  it('is not initialised while INACTIVE and fetches buckets only once ACTIVE_HEALTHY', async () => {
    const { actor, fakes } = start({ projectStatus: 'INACTIVE' });
    expect(selectIsInactive(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'project.status', status: 'COMING_UP' });
    expect(actor.getSnapshot().value).toBe('waitingForProject');
    expect(fakes.starts('fetchBuckets')).toHaveLength(0);
    actor.send({ type: 'project.status', status: 'ACTIVE_HEALTHY' });
    expect(fakes.starts('fetchBuckets')).toHaveLength(1);
    await fakes.resolve('fetchBuckets', [bucket('b', '2024-01-01'), bucket('a', '2025-01-01')]);
    expect(selectBuckets(actor.getSnapshot()).map((b) => b.id)).toEqual(['b', 'a']);
    actor.send({ type: 'bucketSort.set', sortBucket: 'alphabetical' });
    expect(selectBuckets(actor.getSnapshot()).map((b) => b.id)).toEqual(['a', 'b']);
    expect(fakes.received('preferencesStore').at(-1)).toEqual({ type: 'preferences.save', preferences: { ...DEFAULT_EXPLORER_PREFERENCES, sortBucket: 'alphabetical' } });
    // A status of the same class changes nothing.
    actor.send({ type: 'project.status', status: 'ACTIVE_HEALTHY' });
    expect(fakes.starts('fetchBuckets')).toHaveLength(1);
  });

  it('retries the buckets 3 times, then fails with the B8 message; never retries Missing tenant config', async () => {
    vi.useFakeTimers();
    const { actor, fakes, notices } = start();
    for (let attempt = 0; attempt < 3; attempt++) {
      await fakes.reject('fetchBuckets', new Error('502'));
      expect(actor.getSnapshot().value).toBe('retryingBuckets');
      vi.advanceTimersByTime(1000);
    }
    await fakes.reject('fetchBuckets', new Error('502'));
    expect(selectBucketsError(actor.getSnapshot())).toBe('502');
    expect(fakes.starts('fetchBuckets')).toHaveLength(4);
    expect(notices.at(-1)?.message).toBe('Failed to fetch folders: 502');
    actor.send({ type: 'buckets.retry' });
    await fakes.reject('fetchBuckets', new Error('Missing tenant config'));
    expect(actor.getSnapshot().value).toBe('bucketsFailed');
    expect(fakes.starts('fetchBuckets')).toHaveLength(5);
  });

  it('opens the bucket from the address bar once known, lists 200 a page, opens folders as columns, loads more', async () => {
    const { actor, fakes } = start({ bucketId: 'media' });
    await fakes.resolve('fetchBuckets', [bucket('media')]);
    expect(fakes.starts('listColumns').at(-1)?.input).toEqual({ bucketId: 'media', columns: [{ index: 0, path: '' }], sortBy: 'name', sortByOrder: 'asc' });
    await fakes.resolve('listColumns', [rootListing]);
    actor.send({ type: 'folder.open', columnIndex: 0, path: 'docs' });
    expect(fakes.starts('listColumns').at(-1)?.input).toMatchObject({ columns: [{ index: 1, path: 'docs' }] });
    await fakes.resolve('listColumns', [docsListing]);
    expect(actor.getSnapshot().context.columns.map((c) => [c.path, c.status, c.items.length])).toEqual([['', 'READY', 2], ['docs', 'READY', 1]]);
    actor.send({ type: 'column.loadMore', columnIndex: 1 });
    expect(fakes.starts('listPage')).toHaveLength(0);
    actor.send({ type: 'column.loadMore', columnIndex: 0 });
    expect(fakes.starts('listPage').at(-1)?.input).toEqual({ bucketId: 'media', index: 0, path: '', offset: 2, sortBy: 'name', sortByOrder: 'asc' } satisfies ListPageInput);
    expect(actor.getSnapshot().context.columns[0]!.isLoadingMoreItems).toBe(true);
    await fakes.resolve('listPage', { index: 0, path: '', items: [item('', 'a.txt'), item('', 'c.txt')], hasMore: false });
    expect(actor.getSnapshot().context.columns[0]!.items.map((i) => i.name)).toEqual(['docs', 'a.txt', 'c.txt']);
    actor.send({ type: 'path.up', columnIndex: 0 });
    expect(actor.getSnapshot().context.columns).toHaveLength(1);
  });

  it('drops a superseded listing and ignores abort errors; other errors name the folder', async () => {
    const late: Array<{ resolve: (v: ColumnListing[]) => void; reject: (e: unknown) => void; input: ListColumnsInput }> = [];
    const fakes = controlledActors(actorKinds);
    const machine = storageExplorerMachine.provide({
      actors: { ...fakes.logic, listColumns: fromPromise<ColumnListing[], ListColumnsInput>(({ input }) => new Promise((resolve, reject) => late.push({ resolve, reject, input }))) },
    });
    const actor = createActor(machine, { input: { ...input, bucketId: 'media' } });
    const notices: NotifyEvent[] = [];
    actor.on('notify', (e) => notices.push(e));
    actor.start();
    await fakes.resolve('fetchBuckets', [bucket('media')]);
    late[0]!.resolve([rootListing]);
    await flushMicrotasks();
    actor.send({ type: 'folder.open', columnIndex: 0, path: 'docs' });
    actor.send({ type: 'folder.open', columnIndex: 0, path: 'a.txt-folder' });
    late[1]!.resolve([docsListing]);
    late[1]!.reject(new DOMException('aborted', 'AbortError'));
    await flushMicrotasks();
    expect(actor.getSnapshot().context.columns[1]!.status).toBe('LOADING');
    late[2]!.reject(new DOMException('aborted', 'AbortError'));
    await flushMicrotasks();
    expect(notices).toEqual([]);
    actor.send({ type: 'explorer.refresh' });
    late[3]!.reject(new Error('timeout'));
    await flushMicrotasks();
    expect(notices.map((n) => n.message)).toEqual(['Failed to retrieve folder contents from "a.txt-folder": timeout']);
  });

  it('names a new folder: EDITING, invalid names refused in place, then LOADING while created, then listed again', async () => {
    const { actor, fakes } = start({ bucketId: 'media' });
    await fakes.resolve('fetchBuckets', [bucket('media')]);
    await fakes.resolve('listColumns', [rootListing]);
    actor.send({ type: 'folder.create', columnIndex: 0 });
    const rows = () => {
      const s = actor.getSnapshot() as Snapshot;
      return rowsOf(s.context.columns[0]!, 0, s.context.editing, s.context.running).map((r) => [r.name, r.status]);
    };
    expect(rows()[0]).toEqual(['', 'EDITING']);
    actor.send({ type: 'editing.submit', name: 'DOCS' });
    expect(actor.getSnapshot().context.editing?.error).toBe('The name DOCS already exists in the current directory. Please use a different name.');
    actor.send({ type: 'editing.submit', name: 'a#b' });
    expect(actor.getSnapshot().context.editing?.error).toBe('Folder name cannot contain the "#" character');
    actor.send({ type: 'editing.submit', name: ' photos ' });
    expect(fakes.starts('runOperation').at(-1)?.input).toEqual({ kind: 'folder.create', bucketId: 'media', path: 'photos' });
    expect(rows()[0]).toEqual(['photos', 'LOADING']);
    await fakes.resolve('runOperation', { ok: true });
    expect(fakes.starts('listColumns')).toHaveLength(2);
    // An empty name removes the row.
    actor.send({ type: 'folder.create', columnIndex: 0 });
    actor.send({ type: 'editing.submit', name: '  ' });
    expect(actor.getSnapshot().context.editing).toBeNull();
  });

  it('renames: the same or an empty name does nothing; a folder rename runs and closes the columns under it', async () => {
    const { actor, fakes } = start({ bucketId: 'media' });
    await fakes.resolve('fetchBuckets', [bucket('media')]);
    await fakes.resolve('listColumns', [rootListing]);
    actor.send({ type: 'folder.open', columnIndex: 0, path: 'docs' });
    await fakes.resolve('listColumns', [docsListing]);
    actor.send({ type: 'item.rename', item: docs });
    actor.send({ type: 'editing.submit', name: 'docs' });
    expect(fakes.starts('runOperation')).toHaveLength(0);
    actor.send({ type: 'item.rename', item: docs });
    actor.send({ type: 'editing.submit', name: 'papers' });
    expect(fakes.starts('runOperation').at(-1)?.input).toEqual({ kind: 'folder.rename', bucketId: 'media', path: 'docs', newPath: 'papers' });
    await fakes.reject('runOperation', new Error('x'));
    expect(actor.getSnapshot().context.columns.map((c) => c.path)).toEqual(['']);
    expect(fakes.starts('listColumns').at(-1)?.input).toMatchObject({ columns: [{ index: 0, path: '' }] });
  });

  it('saves view and sort per project; a sort change lists the open columns again', async () => {
    const { actor, fakes } = start({ bucketId: 'media' });
    await fakes.resolve('fetchBuckets', [bucket('media')]);
    await fakes.resolve('listColumns', [rootListing]);
    actor.send({ type: 'view.set', view: 'LIST' });
    actor.send({ type: 'sort.set', sortBy: 'updated_at', sortByOrder: 'desc' });
    expect(fakes.received('preferencesStore').at(-1)).toEqual({ type: 'preferences.save', preferences: { view: 'LIST', sortBy: 'updated_at', sortByOrder: 'desc', sortBucket: 'created_at' } });
    expect(fakes.starts('listColumns').at(-1)?.input).toMatchObject({ sortBy: 'updated_at', sortByOrder: 'desc' });
  });

  it('closes the bucket when a refresh shows it was deleted', async () => {
    const { actor, fakes } = start({ bucketId: 'media' });
    await fakes.resolve('fetchBuckets', [bucket('media')]);
    await fakes.resolve('listColumns', [rootListing]);
    actor.send({ type: 'buckets.refresh' });
    await fakes.resolve('refreshBuckets', [bucket('other')]);
    expect(actor.getSnapshot().context.bucketId).toBeNull();
    expect(actor.getSnapshot().context.columns).toEqual([]);
  });
});

// ─── generated paths ────────────────────────────────────────────────────────────────────────────────────────────

const pathFakes = controlledActors(actorKinds);
type Sample = MachinePathsOptions<typeof storageExplorerMachine>['events'][number];

/** Before browsing: project status gating, the buckets fetch and its retries. */
const lifecycleEvents: Sample[] = [
  { type: 'project.status', status: 'INACTIVE' },
  { type: 'project.status', status: 'ACTIVE_HEALTHY' },
  { type: 'project.status', status: 'COMING_UP' },
  { type: 'buckets.retry' },
  { type: 'bucket.open', bucketId: 'media' },
  { type: 'bucket.close' },
  { type: 'view.set', view: 'LIST' },
  { type: 'bucketSort.set', sortBucket: 'alphabetical' },
  { type: 'xstate.done.actor.fetchBuckets', output: [bucket('other')] },
  { type: 'xstate.error.actor.fetchBuckets', error: 'offline' },
  { type: 'xstate.error.actor.fetchBuckets', error: 'Missing tenant config' },
  { type: 'xstate.after.bucketsRetry.storageExplorer.retryingBuckets' },
];

/** Browsing: buckets refresh, columns, listings and paging. */
const columnEvents: Sample[] = [
  { type: 'buckets.refresh' },
  { type: 'bucket.open', bucketId: 'media' },
  { type: 'bucket.open', bucketId: 'gone' },
  { type: 'bucket.close' },
  { type: 'folder.open', columnIndex: 0, path: 'docs' },
  { type: 'path.up', columnIndex: 0 },
  { type: 'column.loadMore', columnIndex: 0 },
  { type: 'explorer.refresh' },
  { type: 'sort.set', sortBy: 'updated_at', sortByOrder: 'desc' },
  { type: 'item.toggleSelect', path: 'a.txt' },
  { type: 'selection.set', paths: [] },
  { type: 'xstate.done.actor.fetchBuckets', output: [bucket('media')] },
  { type: 'xstate.done.actor.refreshBuckets', output: [bucket('media')] },
  { type: 'xstate.done.actor.refreshBuckets', output: [bucket('other')] },
  { type: 'xstate.error.actor.refreshBuckets', error: 'offline' },
  { type: 'xstate.done.actor.listColumns', output: [rootListing, docsListing] },
  { type: 'xstate.error.actor.listColumns', error: 'offline' },
  { type: 'xstate.error.actor.listColumns', error: { name: 'AbortError', message: 'aborted' } },
  { type: 'xstate.done.actor.listPage', output: { index: 0, path: '', items: [item('', 'c.txt')], hasMore: false } },
  { type: 'xstate.error.actor.listPage', error: 'offline' },
  { type: 'xstate.error.actor.listPage', error: { name: 'AbortError', message: 'aborted' } },
];

/** Browsing: naming rows and running operations. */
const operationEvents: Sample[] = [
  { type: 'bucket.close' },
  { type: 'folder.create', columnIndex: 0 },
  { type: 'item.rename', item: docs },
  { type: 'editing.submit', name: '' },
  { type: 'editing.submit', name: 'bad#' },
  { type: 'editing.submit', name: 'fresh' },
  { type: 'editing.cancel' },
  { type: 'operation.run', operation: { kind: 'files.delete', bucketId: 'media', paths: ['a.txt'] } },
  { type: 'operation.run', operation: { kind: 'file.download', bucketId: 'media', path: 'a.txt' } },
  { type: 'xstate.done.actor.fetchBuckets', output: [bucket('media')] },
  { type: 'xstate.done.actor.listColumns', output: [rootListing] },
  { type: 'xstate.done.actor.runOperation', output: { ok: true } },
  { type: 'xstate.error.actor.runOperation', error: 'failed' },
];

// The context is abstracted to what decides behaviour (preferences and the selection never guard anything).
const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    status: s.context.projectStatus,
    attempts: s.context.bucketAttempts,
    buckets: s.context.buckets?.map((b) => b.id) ?? null,
    bucketId: s.context.bucketId,
    columns: s.context.columns.map((c) => [c.path, c.status, c.items.length, c.hasMoreItems, c.isLoadingMoreItems]),
    listing: s.context.listingIndexes,
    editing: s.context.editing && [s.context.editing.mode, s.context.editing.error !== null],
    running: s.context.running?.kind ?? null,
  });

const invariants: MachinePathsOptions<typeof storageExplorerMachine>['invariants'] = {
  '*': (s) => {
    const { columns, bucketId, listingIndexes } = s.context;
    if (bucketId === null) expect(columns).toEqual([]);
    if (!s.matches({ browsing: { columns: 'listingFolders' } }) && !s.matches({ browsing: { columns: 'loadingMore' } })) expect(listingIndexes).toEqual([]);
  },
  inactive: () => expect(pathFakes.running().filter((id) => id !== 'preferencesStore')).toEqual([]),
  waitingForProject: () => expect(pathFakes.isRunning('fetchBuckets')).toBe(false),
  loadingBuckets: (s) => {
    expect(s.context.projectStatus).toBe('ACTIVE_HEALTHY');
    expect(pathFakes.isRunning('fetchBuckets')).toBe(true);
  },
  retryingBuckets: (s) => expect(s.context.bucketAttempts).toBeGreaterThan(0),
  bucketsFailed: (s) => expect(s.hasTag('error')).toBe(true),
  'browsing.buckets.idle': () => expect(pathFakes.isRunning('refreshBuckets')).toBe(false),
  'browsing.buckets.refreshing': () => expect(pathFakes.isRunning('refreshBuckets')).toBe(true),
  'browsing.columns.idle': () => expect(pathFakes.isRunning('listColumns') || pathFakes.isRunning('listPage')).toBe(false),
  'browsing.columns.listingFolders': (s) => {
    expect(pathFakes.isRunning('listColumns')).toBe(true);
    const listed = (pathFakes.starts('listColumns').at(-1)?.input as ListColumnsInput).columns;
    expect(listed.map((c) => c.index)).toEqual(s.context.listingIndexes);
  },
  'browsing.columns.loadingMore': (s) => {
    const i = s.context.listingIndexes[0]!;
    expect(s.context.columns[i]!.isLoadingMoreItems).toBe(true);
    expect((pathFakes.starts('listPage').at(-1)?.input as ListPageInput).offset).toBe(s.context.columns[i]!.items.length);
  },
  'browsing.operation.idle': (s) => expect(s.context.running).toBeNull(),
  'browsing.operation.editing': (s) => expect(s.context.editing).not.toBeNull(),
  'browsing.operation.running': (s) => {
    expect(s.context.running).not.toBeNull();
    expect(pathFakes.isRunning('runOperation')).toBe(true);
  },
};

const run = (events: Sample[], overrides: Partial<StorageExplorerInput>): MachinePathsOptions<typeof storageExplorerMachine> => ({
  actors: pathFakes,
  input: { ...input, ...overrides },
  events,
  serializeState,
  invariants,
  simplePaths: false,
  maxPaths: 3000,
  // Each run samples its own events; the others (tried bare, without their payload) are left to the other runs.
  filterEvents: (_, event) => events.some((sample) => sample.type === event.type),
});

describe('storage explorer machine: generated paths', () => {
  it('walks every state, transition and edge across the lifecycle, column and operation runs', async () => {
    const report = await testMachinePathsAcrossInputs(storageExplorerMachine, [
      run(lifecycleEvents, { projectStatus: 'COMING_UP' }),
      run(columnEvents, { bucketId: 'media' }),
      run(operationEvents, { bucketId: 'media' }),
    ]);
    expect(report.pathsRun).toBeGreaterThan(20);
  }, 300_000);
});

// ─── properties ─────────────────────────────────────────────────────────────────────────────────────────────────

describe('storage explorer machine: properties', () => {
  it('columns always form a chain of nested folders, and each shows only rows listed for its own path', async () => {
    const pathArb = fc.constantFrom('docs', 'docs/2024', 'img', 'docs/2024/q1');
    const command = fc.oneof(
      fc.record({ kind: fc.constant('open' as const), column: fc.nat(3), path: pathArb }),
      fc.record({ kind: fc.constant('up' as const), column: fc.nat(3) }),
      fc.record({ kind: fc.constant('more' as const), column: fc.nat(3) }),
      fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(), fail: fc.boolean() }),
      fc.constant({ kind: 'refresh' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 30 }), async (commands) => {
        const pending: Array<{ settle: (fail: boolean) => void }> = [];
        const listing = (path: string, index: number, offset = 0): ColumnListing => ({
          index,
          path,
          items: [item(path, `f${offset}`, 'FILE', index), item(path, `f${offset + 1}`, 'FILE', index)],
          hasMore: offset === 0,
        });
        const machine = storageExplorerMachine.provide({
          actors: {
            fetchBuckets: fromPromise(async () => [bucket('media')]),
            preferencesStore: controlledActors({ p: 'callback' }).logic.p,
            runOperation: fromPromise(async () => ({ ok: true })),
            listColumns: fromPromise<ColumnListing[], ListColumnsInput>(
              ({ input }) =>
                new Promise((resolve, reject) =>
                  pending.push({ settle: (fail) => (fail ? reject(new Error('x')) : resolve(input.columns.map((c) => listing(c.path, c.index)))) }),
                ),
            ),
            listPage: fromPromise<ColumnListing, ListPageInput>(
              ({ input }) => new Promise((resolve, reject) => pending.push({ settle: (fail) => (fail ? reject(new Error('x')) : resolve(listing(input.path, input.index, input.offset))) })),
            ),
          },
        });
        const actor = createActor(machine, { input: { ...input, bucketId: 'media' } }).start();
        await flushMicrotasks();
        for (const c of commands) {
          if (c.kind === 'open') {
            const parent = actor.getSnapshot().context.columns[c.column];
            // Only a folder inside the column's own folder can be opened from it.
            if (parent && (c.path.startsWith(`${parent.path}/`) || parent.path === '') && c.path.split('/').length === (parent.path === '' ? 1 : parent.path.split('/').length + 1)) {
              actor.send({ type: 'folder.open', columnIndex: c.column, path: c.path });
            }
          } else if (c.kind === 'up') actor.send({ type: 'path.up', columnIndex: c.column });
          else if (c.kind === 'more') actor.send({ type: 'column.loadMore', columnIndex: c.column });
          else if (c.kind === 'refresh') actor.send({ type: 'explorer.refresh' });
          else if (pending.length > 0) pending.splice(c.pick % pending.length, 1)[0]!.settle(c.fail);
          await flushMicrotasks();
          const { columns } = actor.getSnapshot().context;
          expect(columns[0]?.path).toBe('');
          columns.forEach((col, i) => {
            if (i > 0) expect(col.path.startsWith(columns[i - 1]!.path)).toBe(true);
            for (const row of col.items) expect(row.prefix).toBe(col.path);
            expect(new Set(col.items.map((r) => r.name)).size).toBe(col.items.length);
          });
        }
        actor.stop();
      }),
      { numRuns: 200 },
    );
  });
});
