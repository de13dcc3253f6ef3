// Authentication → Users list (spec A2.7, issue 18): the project's auth users for a search and a sort, a page at a
// time (keyset: src/domain/auth-users.ts). Typing waits for a pause (`searchDebounce`); a new search, a new sort or a
// refresh re-enters `loading`, which stops the read still running, so a superseded answer never lands. 'Load more'
// appends the next page; its failure keeps the rows already listed.
import { assign, fromPromise, setup } from 'xstate';
import {
  AUTH_USERS_SEARCH_DEBOUNCE_MS,
  DEFAULT_AUTH_USER_SORT,
  type AuthUserRow,
  type AuthUserSort,
  type AuthUsersCursor,
  type AuthUsersPage,
  type AuthUsersPageRequest,
} from '../src/domain/auth-users.ts';
import { errorMessage, notProvidedStub } from './support.ts';

export interface AuthUserListContext {
  /** The search as typed. */
  search: string;
  sort: AuthUserSort;
  /** The rows listed, for `listedFor`; kept while the next read waits or runs. */
  users: AuthUserRow[];
  /** Where the next page starts; null when the last page is listed. */
  next: AuthUsersCursor | null;
  /** The trimmed search `users` answer; null before the first answer and after a failure of the first page. */
  listedFor: string | null;
  error: string | null;
}

export interface AuthUserListInput {
  search?: string;
  sort?: AuthUserSort;
}

export interface UsersSearchEvent {
  type: 'users.search';
  text: string;
}
export interface UsersSortEvent {
  type: 'users.sort';
  sort: AuthUserSort;
}
/** The next page (ignored unless one follows and nothing is being read). */
export interface UsersMoreEvent {
  type: 'users.more';
}
/** Reads the failed page again. */
export interface UsersRetryEvent {
  type: 'users.retry';
}
/** Reads the first page again (after a user was created, invited or deleted). */
export interface UsersRefreshEvent {
  type: 'users.refresh';
}
export type AuthUserListEvent = UsersSearchEvent | UsersSortEvent | UsersMoreEvent | UsersRetryEvent | UsersRefreshEvent;

const request = (context: AuthUserListContext, after: AuthUsersCursor | null): AuthUsersPageRequest => ({
  search: context.search.trim(),
  sort: context.sort,
  after,
});

export const authUserListMachine = setup({
  types: {} as {
    context: AuthUserListContext;
    events: AuthUserListEvent;
    input: AuthUserListInput;
    tags: 'busy' | 'error';
  },
  actors: {
    fetchFirstPage: fromPromise<AuthUsersPage, AuthUsersPageRequest>(notProvidedStub('fetch first page')),
    fetchNextPage: fromPromise<AuthUsersPage, AuthUsersPageRequest>(notProvidedStub('fetch next page')),
  },
  delays: {
    searchDebounce: AUTH_USERS_SEARCH_DEBOUNCE_MS,
  },
  guards: {
    hasMore: ({ context }) => context.next !== null,
  },
}).createMachine({
  id: 'authUserList',
  context: ({ input }) => ({
    search: input.search ?? '',
    sort: input.sort ?? DEFAULT_AUTH_USER_SORT,
    users: [],
    next: null,
    listedFor: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    'users.search': { target: '.debouncing', reenter: true, actions: assign({ search: ({ event }) => event.text }) },
    'users.sort': { target: '.loading', reenter: true, actions: assign({ sort: ({ event }) => event.sort }) },
    'users.refresh': { target: '.loading', reenter: true },
  },
  states: {
    debouncing: {
      tags: ['busy'],
      after: { searchDebounce: { target: 'loading' } },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchFirstPage',
        src: 'fetchFirstPage',
        input: ({ context }) => request(context, null),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            users: event.output.users,
            next: event.output.next,
            listedFor: context.search.trim(),
            error: null,
          })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ users: [], next: null, listedFor: null, error: errorMessage(event.error, 'The users could not be read.') })),
        },
      },
    },
    ready: {
      on: { 'users.more': { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      tags: ['busy'],
      invoke: {
        id: 'fetchNextPage',
        src: 'fetchNextPage',
        input: ({ context }) => request(context, context.next),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({ users: [...context.users, ...event.output.users], next: event.output.next, error: null })),
        },
        onError: {
          target: 'moreFailed',
          actions: assign(({ event }) => ({ error: errorMessage(event.error, 'The next users could not be read.') })),
        },
      },
    },
    moreFailed: {
      tags: ['error'],
      on: { 'users.retry': { target: 'loadingMore' } },
    },
    failed: {
      tags: ['error'],
      on: { 'users.retry': { target: 'loading' } },
    },
  },
});

export type AuthUserListMachine = typeof authUserListMachine;
