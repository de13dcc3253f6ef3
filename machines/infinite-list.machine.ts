// A paged ("infinite") list with a debounced search, a sort and a status filter (spec A7: offset = page × limit,
// next page while pages × limit < count; spec A2.3, C9: searches are debounced). Reused by the organization's
// projects page, the header project switcher, and later the notifications and the table list.
//
// The pages in context always belong to the applied query (search, sort, statuses): a query change empties them,
// and the fetch of a superseded query is stopped with the state that invoked it, so its result never lands.
import { assign, fromPromise, setup } from 'xstate';
import { GENERIC_DEBOUNCE_MS, hasMorePages, nextPageOffset, normaliseSearch, sameStatuses } from '../src/domain/lists.ts';
import { errorMessage, notProvidedStub } from './support.ts';

/** What the list is showing: the applied search, sort and status filter. */
export interface ListQuery {
  search: string;
  sort: string | undefined;
  statuses: string[];
}

/** Input of the injected `fetchPage` actor: the list's base (e.g. the organization slug), the query and the page. */
export type FetchPageInput = Record<string, unknown> & ListQuery & { offset: number; limit: number };

/** What `fetchPage` resolves with: one page of items and the total count for the query. */
export interface FetchPageOutput<TItem = unknown> {
  items: TItem[];
  count: number;
}

export interface InfiniteListContext extends ListQuery {
  pageSize: number;
  /** Handed to every fetch beside the query (e.g. { slug }). */
  base: Record<string, unknown>;
  /** The pages loaded for the applied query, in order. */
  pages: unknown[][];
  /** The total for the applied query; null until its first page arrives. */
  count: number | null;
  /** The search as typed, applied once the debounce settles. */
  searchText: string;
  /** The last fetch failure's message (read it only while the list is failed). */
  error: string | null;
}

export interface InfiniteListInput {
  pageSize: number;
  base?: Record<string, unknown>;
  search?: string;
  sort?: string;
  statuses?: string[];
}

/** The user types in the search box; applied after the `searchDebounce` delay. */
export interface ListSearchEvent {
  type: 'list.search';
  text: string;
}
/** The end of the list came into view (a sentinel, or the menu scrolled down). */
export interface ListLoadMoreEvent {
  type: 'list.loadMore';
}
export interface ListSetSortEvent {
  type: 'list.setSort';
  sort: string;
}
export interface ListSetStatusesEvent {
  type: 'list.setStatuses';
  statuses: string[];
}
/** The whole query at once, applied without debounce (e.g. from the address bar on back/forward). */
export interface ListSetQueryEvent {
  type: 'list.setQuery';
  search?: string;
  sort?: string;
  statuses?: string[];
}
export interface ListRetryEvent {
  type: 'list.retry';
}
/** Reload the first page of the applied query (after a create or delete), keeping what is shown meanwhile. */
export interface ListRefreshEvent {
  type: 'list.refresh';
}
export type InfiniteListEvent =
  | ListSearchEvent
  | ListLoadMoreEvent
  | ListSetSortEvent
  | ListSetStatusesEvent
  | ListSetQueryEvent
  | ListRetryEvent
  | ListRefreshEvent;

export type InfiniteListTag = 'busy' | 'error';

type QueryChange = Partial<ListQuery>;

/** The query a change leads to; the typed search is flushed with it, so a sort change never drops what was typed. */
function nextQuery(context: InfiniteListContext, change: QueryChange): ListQuery {
  return {
    search: normaliseSearch(change.search ?? context.searchText),
    sort: change.sort ?? context.sort,
    statuses: change.statuses ?? context.statuses,
  };
}

function sameQuery(a: ListQuery, b: ListQuery): boolean {
  return a.search === b.search && a.sort === b.sort && sameStatuses(a.statuses, b.statuses);
}

const queryOf = (context: InfiniteListContext): ListQuery => ({
  search: context.search,
  sort: context.sort,
  statuses: context.statuses,
});

export const infiniteListMachine = setup({
  types: {} as {
    context: InfiniteListContext;
    events: InfiniteListEvent;
    input: InfiniteListInput;
    tags: InfiniteListTag;
  },
  actors: {
    fetchPage: fromPromise<FetchPageOutput, FetchPageInput>(notProvidedStub('fetch page')),
  },
  delays: {
    /** Each list provides its own (projects: 500 ms, spec A2.3); the generic figure is the fallback. */
    searchDebounce: GENERIC_DEBOUNCE_MS,
  },
  guards: {
    hasMore: ({ context }) => hasMorePages(context.pages.length, context.pageSize, context.count),
    /** The settled search is the one shown, and its first page is loaded: nothing to fetch. */
    searchUnchanged: ({ context }) => normaliseSearch(context.searchText) === context.search && context.count !== null,
    queryChanges: ({ context }, change: QueryChange) => !sameQuery(nextQuery(context, change), queryOf(context)),
  },
  actions: {
    /** Applies a query; a different one empties the pages, so results of the old query are never shown for it. */
    applyQuery: assign(({ context }, change: QueryChange) => {
      const query = nextQuery(context, change);
      const changed = !sameQuery(query, queryOf(context));
      return {
        ...query,
        searchText: change.search ?? context.searchText,
        ...(changed ? { pages: [], count: null } : {}),
      };
    }),
    storeFirstPage: assign((_, output: FetchPageOutput) => ({ pages: [output.items], count: output.count, error: null })),
    storeNextPage: assign(({ context }, output: FetchPageOutput) => ({
      pages: [...context.pages, output.items],
      count: output.count,
      error: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
  },
}).createMachine({
  id: 'infiniteList',
  context: ({ input }) => ({
    pageSize: input.pageSize,
    base: input.base ?? {},
    pages: [],
    count: null,
    search: normaliseSearch(input.search ?? ''),
    searchText: input.search ?? '',
    sort: input.sort,
    statuses: input.statuses ?? [],
    error: null,
  }),
  initial: 'loadingFirstPage',
  on: {
    // Every keystroke restarts the debounce; the fetch in flight (if any) is dropped with the state it ran in.
    'list.search': {
      target: '.debouncing',
      reenter: true,
      actions: assign({ searchText: ({ event }) => event.text }),
    },
    'list.setSort': {
      guard: { type: 'queryChanges', params: ({ event }) => ({ sort: event.sort }) },
      target: '.loadingFirstPage',
      reenter: true,
      actions: { type: 'applyQuery', params: ({ event }) => ({ sort: event.sort }) },
    },
    'list.setStatuses': {
      guard: { type: 'queryChanges', params: ({ event }) => ({ statuses: event.statuses }) },
      target: '.loadingFirstPage',
      reenter: true,
      actions: { type: 'applyQuery', params: ({ event }) => ({ statuses: event.statuses }) },
    },
    'list.setQuery': {
      guard: { type: 'queryChanges', params: ({ event }) => queryChange(event) },
      target: '.loadingFirstPage',
      reenter: true,
      actions: { type: 'applyQuery', params: ({ event }) => queryChange(event) },
    },
    'list.refresh': {
      target: '.loadingFirstPage',
      reenter: true,
      actions: { type: 'applyQuery', params: {} },
    },
  },
  states: {
    loadingFirstPage: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ ...context.base, ...queryOf(context), offset: 0, limit: context.pageSize }),
        onDone: { target: 'idle', actions: { type: 'storeFirstPage', params: ({ event }) => event.output } },
        onError: { target: 'failed.firstPage', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    idle: {
      on: {
        // spec A7: only while pages × limit < count.
        'list.loadMore': { guard: 'hasMore', target: 'loadingMore' },
      },
    },
    loadingMore: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({
          ...context.base,
          ...queryOf(context),
          offset: nextPageOffset(context.pages.length, context.pageSize),
          limit: context.pageSize,
        }),
        onDone: { target: 'idle', actions: { type: 'storeNextPage', params: ({ event }) => event.output } },
        onError: { target: 'failed.nextPage', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    debouncing: {
      tags: ['busy'],
      after: {
        searchDebounce: [
          { guard: 'searchUnchanged', target: 'idle' },
          { target: 'loadingFirstPage', actions: { type: 'applyQuery', params: {} } },
        ],
      },
    },
    failed: {
      tags: ['error'],
      initial: 'firstPage',
      states: {
        /** Nothing (or only a refresh's stale pages) to show: retry the first page. */
        firstPage: {
          on: { 'list.retry': { target: '#infiniteList.loadingFirstPage' } },
        },
        /** The pages so far stay shown: retry the page that failed. */
        nextPage: {
          on: { 'list.retry': { target: '#infiniteList.loadingMore' } },
        },
      },
    },
  },
});

function queryChange(event: ListSetQueryEvent): QueryChange {
  const change: QueryChange = {};
  if (event.search !== undefined) change.search = event.search;
  if (event.sort !== undefined) change.sort = event.sort;
  if (event.statuses !== undefined) change.statuses = event.statuses;
  return change;
}

export type InfiniteListMachine = typeof infiniteListMachine;
