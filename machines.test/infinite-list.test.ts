// Infinite list machine (spec A7 paging, A2.3/C9 debounced search): examples, generated paths, properties.
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  infiniteListMachine,
  type FetchPageInput,
  type FetchPageOutput,
  type InfiniteListEvent,
  type InfiniteListInput,
} from '../machines/infinite-list.machine.ts';
import {
  selectCount,
  selectError,
  selectFailedWithoutItems,
  selectHasMore,
  selectIsEmpty,
  selectIsFiltered,
  selectIsLoadingFirstPage,
  selectIsLoadingMore,
  selectItems,
  selectSearch,
  selectSearchText,
} from '../machines/infinite-list.selectors.ts';
import { controlledActors, flushMicrotasks } from './support/controlled-actors.ts';
import { describeMachinePaths, type MachinePathsOptions } from './support/paths.ts';

type ListSnapshot = SnapshotFrom<typeof infiniteListMachine>;
const DEBOUNCE = 500;

function startList(input: Partial<InfiniteListInput> = {}) {
  const fakes = controlledActors({ fetchPage: 'promise' });
  const machine = infiniteListMachine.provide({ actors: fakes.logic, delays: { searchDebounce: DEBOUNCE } });
  const actor = createActor(machine, { input: { pageSize: 2, base: { slug: 'acme' }, sort: 'name_asc', ...input } }).start();
  return { actor, fakes, lastFetch: () => fakes.starts('fetchPage').at(-1)?.input as FetchPageInput | undefined };
}

afterEach(() => void vi.useRealTimers());

describe('infinite list machine: examples', () => {
  it('loads the first page with offset 0 and the base, then pages on while pages × limit < count', async () => {
    const { actor, fakes, lastFetch } = startList();
    expect(actor.getSnapshot().value).toBe('loadingFirstPage');
    expect(selectIsLoadingFirstPage(actor.getSnapshot())).toBe(true);
    expect(lastFetch()).toEqual({ slug: 'acme', offset: 0, limit: 2, search: '', sort: 'name_asc', statuses: [] });

    await fakes.resolve('fetchPage', { items: ['a', 'b'], count: 3 });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectItems(actor.getSnapshot())).toEqual(['a', 'b']);
    expect(selectHasMore(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'list.loadMore' });
    expect(selectIsLoadingMore(actor.getSnapshot())).toBe(true);
    expect(lastFetch()).toMatchObject({ offset: 2, limit: 2 });
    await fakes.resolve('fetchPage', { items: ['c'], count: 3 });
    expect(selectItems(actor.getSnapshot())).toEqual(['a', 'b', 'c']);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'list.loadMore' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(fakes.starts('fetchPage')).toHaveLength(2);
  });

  it('keeps the same items array until a page lands (useSelector re-renders only then)', async () => {
    const { actor, fakes } = startList();
    await fakes.resolve('fetchPage', { items: ['a', 'b'], count: 4 });
    const first = selectItems(actor.getSnapshot());
    actor.send({ type: 'list.search', text: 'a' });
    expect(selectItems(actor.getSnapshot())).toBe(first);
  });

  it('debounces the search: only the last text is fetched, once, after the delay', async () => {
    vi.useFakeTimers();
    const { actor, fakes, lastFetch } = startList();
    await fakes.resolve('fetchPage', { items: ['Analytics', 'Storefront'], count: 2 });
    actor.send({ type: 'list.search', text: 'A' });
    vi.advanceTimersByTime(DEBOUNCE - 1);
    actor.send({ type: 'list.search', text: 'Ana ' });
    expect(selectSearchText(actor.getSnapshot())).toBe('Ana ');
    vi.advanceTimersByTime(DEBOUNCE - 1);
    expect(fakes.starts('fetchPage')).toHaveLength(1);
    // Still the old results, of the old (applied) search, while typing.
    expect(selectSearch(actor.getSnapshot())).toBe('');
    vi.advanceTimersByTime(1);
    await flushMicrotasks();
    expect(fakes.starts('fetchPage')).toHaveLength(2);
    expect(lastFetch()).toMatchObject({ search: 'Ana', offset: 0 });
    expect(selectItems(actor.getSnapshot())).toEqual([]);
    await fakes.resolve('fetchPage', { items: ['Analytics'], count: 1 });
    expect(selectItems(actor.getSnapshot())).toEqual(['Analytics']);
    expect(selectIsFiltered(actor.getSnapshot())).toBe(true);
  });

  it('drops a fetch superseded by a new search: its result never lands', async () => {
    vi.useFakeTimers();
    const late: Array<(value: FetchPageOutput) => void> = [];
    const machine = infiniteListMachine.provide({
      actors: { fetchPage: fromPromise<FetchPageOutput, FetchPageInput>(() => new Promise((resolve) => late.push(resolve))) },
      delays: { searchDebounce: DEBOUNCE },
    });
    const actor = createActor(machine, { input: { pageSize: 2 } }).start();
    actor.send({ type: 'list.search', text: 'zzz' });
    late[0]!({ items: ['from the old query'], count: 1 });
    await flushMicrotasks();
    expect(actor.getSnapshot().value).toBe('debouncing');
    vi.advanceTimersByTime(DEBOUNCE);
    late[1]!({ items: [], count: 0 });
    await flushMicrotasks();
    expect(selectItems(actor.getSnapshot())).toEqual([]);
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
  });

  it('goes back to idle without a fetch when the settled search is the one shown', async () => {
    vi.useFakeTimers();
    const { actor, fakes } = startList({ search: 'ana' });
    await fakes.resolve('fetchPage', { items: ['Analytics'], count: 1 });
    actor.send({ type: 'list.search', text: 'anal' });
    actor.send({ type: 'list.search', text: 'ana' });
    vi.advanceTimersByTime(DEBOUNCE);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(fakes.starts('fetchPage')).toHaveLength(1);
  });

  it('applies a sort or status change at once, flushing the text typed so far', async () => {
    const { actor, fakes, lastFetch } = startList();
    await fakes.resolve('fetchPage', { items: ['a'], count: 1 });
    actor.send({ type: 'list.search', text: 'st' });
    actor.send({ type: 'list.setSort', sort: 'created_desc' });
    expect(actor.getSnapshot().value).toBe('loadingFirstPage');
    expect(lastFetch()).toMatchObject({ search: 'st', sort: 'created_desc', offset: 0 });
    actor.send({ type: 'list.setStatuses', statuses: ['INACTIVE', 'ACTIVE_HEALTHY'] });
    expect(lastFetch()).toMatchObject({ statuses: ['INACTIVE', 'ACTIVE_HEALTHY'] });
    const starts = fakes.starts('fetchPage').length;
    // The same statuses in another order are the same filter: nothing refetched.
    actor.send({ type: 'list.setStatuses', statuses: ['ACTIVE_HEALTHY', 'INACTIVE'] });
    actor.send({ type: 'list.setSort', sort: 'created_desc' });
    expect(fakes.starts('fetchPage')).toHaveLength(starts);
  });

  it('takes a whole query from the address bar without debounce, and ignores the one it already shows', async () => {
    const { actor, fakes, lastFetch } = startList();
    await fakes.resolve('fetchPage', { items: ['a'], count: 1 });
    actor.send({ type: 'list.setQuery', search: '', sort: 'name_asc', statuses: [] });
    expect(fakes.starts('fetchPage')).toHaveLength(1);
    actor.send({ type: 'list.setQuery', search: 'Ana', sort: 'name_desc', statuses: [] });
    expect(lastFetch()).toMatchObject({ search: 'Ana', sort: 'name_desc' });
    expect(selectSearchText(actor.getSnapshot())).toBe('Ana');
  });

  it('fails with the message, retries the first page, and retries a failed next page keeping the items', async () => {
    const { actor, fakes, lastFetch } = startList();
    await fakes.reject('fetchPage', new Error('502 Bad Gateway'));
    expect(actor.getSnapshot().value).toEqual({ failed: 'firstPage' });
    expect(selectError(actor.getSnapshot())).toBe('502 Bad Gateway');
    expect(selectFailedWithoutItems(actor.getSnapshot())).toBe(true);
    expect(selectIsLoadingFirstPage(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'list.retry' });
    expect(lastFetch()).toMatchObject({ offset: 0 });
    await fakes.resolve('fetchPage', { items: ['a', 'b'], count: 5 });
    expect(selectError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'list.loadMore' });
    await fakes.reject('fetchPage', 'timeout');
    expect(actor.getSnapshot().value).toEqual({ failed: 'nextPage' });
    expect(selectError(actor.getSnapshot())).toBe('timeout');
    expect(selectItems(actor.getSnapshot())).toEqual(['a', 'b']);
    actor.send({ type: 'list.loadMore' });
    expect(fakes.starts('fetchPage')).toHaveLength(3);
    actor.send({ type: 'list.retry' });
    expect(lastFetch()).toMatchObject({ offset: 2 });
  });

  it('refreshes the first page keeping the items shown meanwhile', async () => {
    const { actor, fakes, lastFetch } = startList();
    await fakes.resolve('fetchPage', { items: ['a', 'b'], count: 3 });
    actor.send({ type: 'list.refresh' });
    expect(actor.getSnapshot().value).toBe('loadingFirstPage');
    expect(lastFetch()).toMatchObject({ offset: 0 });
    expect(selectItems(actor.getSnapshot())).toEqual(['a', 'b']);
    expect(selectIsLoadingFirstPage(actor.getSnapshot())).toBe(false);
    await fakes.resolve('fetchPage', { items: ['b'], count: 1 });
    expect(selectItems(actor.getSnapshot())).toEqual(['b']);
    expect(selectCount(actor.getSnapshot())).toBe(1);
  });

  it('fails loudly when the fetch is not provided', () => {
    const actor = createActor(infiniteListMachine, { input: { pageSize: 2 } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(actor.getSnapshot().value).toEqual({ failed: 'firstPage' });
    expect(selectError(actor.getSnapshot())).toBe("the 'fetch page' actor is not provided");
  });
});

// ─── generated paths ────────────────────────────────────────────────────────────────────────────────────────────

const pathFakes = controlledActors({ fetchPage: 'promise' });
const PAGE = 2;

const events: MachinePathsOptions<typeof infiniteListMachine>['events'] = [
  { type: 'list.search', text: 'ana' },
  { type: 'list.loadMore' },
  { type: 'list.setSort', sort: 'name_desc' },
  { type: 'list.setStatuses', statuses: ['INACTIVE'] },
  { type: 'list.setQuery', search: '', sort: 'name_asc', statuses: [] },
  { type: 'list.retry' },
  { type: 'list.refresh' },
  { type: 'xstate.done.actor.fetchPage', output: { items: ['a', 'b'], count: 3 } },
  { type: 'xstate.error.actor.fetchPage', error: new Error('offline') },
  { type: 'xstate.after.searchDebounce.infiniteList.debouncing' },
];

describeMachinePaths('infinite list machine: generated paths', infiniteListMachine, {
  actors: pathFakes,
  provide: { delays: { searchDebounce: DEBOUNCE } },
  input: { pageSize: PAGE, base: { slug: 'acme' }, sort: 'name_asc' },
  events,
  // Query × pages × state make a few hundred states: shortest paths plus one path per missed edge cover them.
  simplePaths: false,
  maxPaths: 3000,
  invariants: {
    '*': (snapshot) => {
      const { pages, count } = snapshot.context;
      // Pages and the count arrive and go together.
      expect(count === null).toBe(pages.length === 0);
      expect(selectHasMore(snapshot)).toBe(count !== null && pages.length * PAGE < count);
    },
    loadingFirstPage: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(pathFakes.isRunning('fetchPage')).toBe(true);
      const { search, sort, statuses } = snapshot.context;
      expect(pathFakes.starts('fetchPage').at(-1)?.input).toEqual({ slug: 'acme', search, sort, statuses, offset: 0, limit: PAGE });
    },
    loadingMore: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      const input = pathFakes.starts('fetchPage').at(-1)?.input as FetchPageInput;
      expect(input.offset).toBe(snapshot.context.pages.length * PAGE);
      expect(input.offset).toBeLessThan(snapshot.context.count!);
    },
    idle: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(pathFakes.running()).toEqual([]);
      expect(snapshot.context.count).not.toBeNull();
    },
    debouncing: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(pathFakes.running()).toEqual([]);
    },
    failed: (snapshot) => {
      expect(snapshot.hasTag('error')).toBe(true);
      expect(selectError(snapshot)).toBe('offline');
      expect(pathFakes.running()).toEqual([]);
    },
    'failed.nextPage': (snapshot) => expect(snapshot.context.pages.length).toBeGreaterThan(0),
    'failed.firstPage': () => {},
  },
});

// ─── properties ─────────────────────────────────────────────────────────────────────────────────────────────────

interface Row {
  name: string;
  status: string;
  /** The query this row was fetched for, stamped by the fake server. */
  query: string;
}

const NAMES = ['Analytics', 'Storefront', 'Staging', 'Backoffice', 'Analytics EU', 'Blog', 'Api', 'Shop'];
const STATUSES = ['ACTIVE_HEALTHY', 'INACTIVE'];
const queryKey = (q: { search: string; sort: string | undefined; statuses: string[] }) =>
  JSON.stringify([q.search, q.sort ?? '', [...q.statuses].sort()]);

/** A fake server over NAMES: filters, sorts and slices like the platform, stamping each row with its query. */
function serve(input: FetchPageInput): FetchPageOutput<Row> {
  const rows = NAMES.map((name, index) => ({ name, status: STATUSES[index % 2]! }))
    .filter((row) => row.name.toLowerCase().includes(input.search.toLowerCase()))
    .filter((row) => input.statuses.length === 0 || input.statuses.includes(row.status))
    .sort((a, b) => (input.sort === 'name_desc' ? b.name.localeCompare(a.name) : a.name.localeCompare(b.name)));
  const items = rows.slice(input.offset, input.offset + input.limit).map((row) => ({ ...row, query: queryKey(input) }));
  return { items, count: rows.length };
}

type Command =
  | { kind: 'send'; event: InfiniteListEvent }
  | { kind: 'tick'; ms: number }
  /** Settle the n-th pending fetch (superseded ones included: their late answers must be ignored). */
  | { kind: 'settle'; pick: number; fail: boolean };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('send' as const), event: fc.constantFrom<InfiniteListEvent>(
    { type: 'list.loadMore' },
    { type: 'list.loadMore' },
    { type: 'list.search', text: 'a' },
    { type: 'list.search', text: 'Ana' },
    { type: 'list.search', text: '' },
    { type: 'list.search', text: 'zzz' },
    { type: 'list.setSort', sort: 'name_desc' },
    { type: 'list.setSort', sort: 'name_asc' },
    { type: 'list.setStatuses', statuses: ['INACTIVE'] },
    { type: 'list.setStatuses', statuses: [] },
    { type: 'list.setQuery', search: 'S', statuses: ['ACTIVE_HEALTHY'] },
    { type: 'list.retry' },
    { type: 'list.refresh' },
  ) }),
  fc.record({ kind: fc.constant('tick' as const), ms: fc.constantFrom(100, 499, 500, 1000) }),
  fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(), fail: fc.boolean() }),
);

describe('infinite list machine: properties', () => {
  it('pages only while pages × limit < count, at offset pages × limit, and never shows an old query’s rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { maxLength: 40 }), fc.constantFrom(1, 2, 3), async (commands, pageSize) => {
        vi.useFakeTimers();
        const pending: Array<{ input: FetchPageInput; resolve: (v: FetchPageOutput<Row>) => void; reject: (e: Error) => void }> = [];
        const starts: FetchPageInput[] = [];
        const machine = infiniteListMachine.provide({
          actors: {
            fetchPage: fromPromise<FetchPageOutput, FetchPageInput>(({ input }) => {
              starts.push(input);
              return new Promise((resolve, reject) => pending.push({ input, resolve, reject }));
            }),
          },
          delays: { searchDebounce: DEBOUNCE },
        });
        const actor = createActor(machine, { input: { pageSize, sort: 'name_asc' } }).start();
        try {
          for (const command of commands) {
            const before = actor.getSnapshot() as ListSnapshot;
            const startsBefore = starts.length;
            if (command.kind === 'send') actor.send(command.event);
            else if (command.kind === 'tick') vi.advanceTimersByTime(command.ms);
            else if (pending.length > 0) {
              const [call] = pending.splice(command.pick % pending.length, 1);
              if (command.fail) call!.reject(new Error('boom'));
              else call!.resolve(serve(call!.input));
            }
            await flushMicrotasks();
            const after = actor.getSnapshot() as ListSnapshot;
            const { pages, count, search, sort, statuses } = after.context;

            // Never loads more once pages × limit ≥ count.
            if (command.kind === 'send' && command.event.type === 'list.loadMore' && !selectHasMore(before)) {
              expect(starts.length).toBe(startsBefore);
            }
            for (const input of starts.slice(startsBefore)) {
              if (after.matches('loadingMore')) {
                // offset = pages × limit, and only while that is below the count.
                expect(input.offset).toBe(pages.length * pageSize);
                expect(input.offset).toBeLessThan(count!);
              } else {
                expect(input.offset).toBe(0);
              }
              expect(input.limit).toBe(pageSize);
            }
            // Every row shown was fetched for the query now applied.
            const key = queryKey({ search, sort, statuses });
            for (const row of selectItems<Row>(after)) expect(row.query).toBe(key);
            // No duplicates: pages follow each other without overlap.
            const names = selectItems<Row>(after).map((row) => row.name);
            expect(new Set(names).size).toBe(names.length);
            if (count !== null) expect(names.length).toBeLessThanOrEqual(count);
          }
        } finally {
          actor.stop();
          vi.useRealTimers();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('once every fetch is answered and the debounce has settled, the list shows the first pages of the typed search', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('', 'a', 'An', 'Ana', 'st', 'zzz', ' Shop '), { minLength: 1, maxLength: 8 }), async (texts) => {
        vi.useFakeTimers();
        const machine = infiniteListMachine.provide({
          actors: { fetchPage: fromPromise<FetchPageOutput, FetchPageInput>(async ({ input }) => serve(input)) },
          delays: { searchDebounce: DEBOUNCE },
        });
        const actor = createActor(machine, { input: { pageSize: 3 } }).start();
        try {
          for (const text of texts) {
            actor.send({ type: 'list.search', text });
            vi.advanceTimersByTime(100);
          }
          vi.advanceTimersByTime(DEBOUNCE);
          await flushMicrotasks();
          const snapshot = actor.getSnapshot();
          const last = texts.at(-1)!.trim();
          expect(snapshot.value).toBe('idle');
          expect(selectSearch(snapshot)).toBe(last);
          const expected = serve({ search: last, sort: undefined, statuses: [], offset: 0, limit: 3 });
          expect(selectItems<Row>(snapshot).map((r) => r.name)).toEqual(expected.items.map((r) => r.name));
          expect(selectCount(snapshot)).toBe(expected.count);
        } finally {
          actor.stop();
          vi.useRealTimers();
        }
      }),
      { numRuns: 100 },
    );
  });
});
