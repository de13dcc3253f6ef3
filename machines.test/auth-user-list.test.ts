// Authentication → Users list (spec A2.7, issue 18): examples and generated paths.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { authUserListMachine } from '../machines/auth-user-list.machine.ts';
import {
  selectAuthUsers,
  selectAuthUsersBusy,
  selectAuthUsersEmpty,
  selectAuthUsersError,
  selectAuthUsersFirstLoad,
  selectAuthUsersHasMore,
  selectAuthUsersMoreError,
} from '../machines/auth-user-list.selectors.ts';
import { AUTH_USERS_SEARCH_DEBOUNCE_MS, DEFAULT_AUTH_USER_SORT, type AuthUserRow, type AuthUsersPage } from '../src/domain/auth-users.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample } from './support/paths.ts';

const user = (n: number): AuthUserRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email: `user${n}@example.com`,
  phone: null,
  providers: ['email'],
  created_at: '2026-01-01T00:00:00Z',
  last_sign_in_at: null,
  sort_key: `2026-01-01 00:00:0${n}+00`,
});
const A = user(1);
const B = user(2);
const PAGE_ONE: AuthUsersPage = { users: [A], next: { key: A.sort_key, id: A.id } };
const LAST_PAGE: AuthUsersPage = { users: [B], next: null };

const kinds = { fetchFirstPage: 'promise', fetchNextPage: 'promise' } as const;

function start(search = '') {
  const fakes = controlledActors(kinds);
  const actor = createActor(authUserListMachine.provide({ actors: fakes.logic }), { input: { search } }).start();
  return { actor, fakes };
}

afterEach(() => void vi.useRealTimers());

describe('auth-user-list machine', () => {
  it('reads the first page at once, then appends the next page after its cursor', async () => {
    const { actor, fakes } = start();
    expect(fakes.starts('fetchFirstPage').map((s) => s.input)).toEqual([{ search: '', sort: DEFAULT_AUTH_USER_SORT, after: null }]);
    expect(selectAuthUsersFirstLoad(actor.getSnapshot())).toBe(true);
    await fakes.resolve('fetchFirstPage', PAGE_ONE);
    expect(selectAuthUsers(actor.getSnapshot())).toEqual([A]);
    expect(selectAuthUsersHasMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'users.more' });
    expect(fakes.starts('fetchNextPage').at(-1)?.input).toEqual({ search: '', sort: DEFAULT_AUTH_USER_SORT, after: PAGE_ONE.next });
    await fakes.resolve('fetchNextPage', LAST_PAGE);
    expect(selectAuthUsers(actor.getSnapshot())).toEqual([A, B]);
    expect(selectAuthUsersHasMore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'users.more' });
    expect(fakes.starts('fetchNextPage')).toHaveLength(1);
  });

  it('a search supersedes the read in flight: the older answer never lands', async () => {
    vi.useFakeTimers();
    const { actor, fakes } = start();
    actor.send({ type: 'users.search', text: ' ada ' });
    expect(fakes.isRunning('fetchFirstPage')).toBe(false);
    vi.advanceTimersByTime(AUTH_USERS_SEARCH_DEBOUNCE_MS);
    expect(fakes.starts('fetchFirstPage').at(-1)?.input).toMatchObject({ search: 'ada', after: null });
    actor.send({ type: 'users.sort', sort: { column: 'email', direction: 'asc' } });
    expect(fakes.starts('fetchFirstPage').at(-1)?.input).toEqual({ search: 'ada', sort: { column: 'email', direction: 'asc' }, after: null });
    await fakes.resolve('fetchFirstPage', { users: [], next: null });
    expect(selectAuthUsersEmpty(actor.getSnapshot())).toBe('noMatch');
    expect(fakes.starts('fetchFirstPage')).toHaveLength(3);
  });

  it('says the project has no users when the unsearched list is empty', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('fetchFirstPage', { users: [], next: null });
    expect(selectAuthUsersEmpty(actor.getSnapshot())).toBe('none');
  });

  it('a failed first page shows the error and reads it again on retry; a failed next page keeps the rows', async () => {
    const { actor, fakes } = start();
    await fakes.reject('fetchFirstPage', new Error('permission denied for schema auth'));
    expect(selectAuthUsersError(actor.getSnapshot())).toBe('permission denied for schema auth');
    actor.send({ type: 'users.retry' });
    expect(selectAuthUsersError(actor.getSnapshot())).toBeNull();
    await fakes.resolve('fetchFirstPage', PAGE_ONE);
    actor.send({ type: 'users.more' });
    await fakes.reject('fetchNextPage', new Error('offline'));
    expect(selectAuthUsersMoreError(actor.getSnapshot())).toBe('offline');
    expect(selectAuthUsers(actor.getSnapshot())).toEqual([A]);
    actor.send({ type: 'users.retry' });
    await fakes.resolve('fetchNextPage', LAST_PAGE);
    expect(selectAuthUsers(actor.getSnapshot())).toEqual([A, B]);
    expect(selectAuthUsersBusy(actor.getSnapshot())).toBe(false);
  });
});

// Generated paths: every state and transition, with the invariant of each state.
const fakes = controlledActors(kinds);
const events: EventSample<typeof authUserListMachine>[] = [
  { type: 'users.search', text: 'ada' },
  { type: 'users.sort', sort: { column: 'email', direction: 'asc' } },
  { type: 'users.more' },
  { type: 'users.retry' },
  { type: 'users.refresh' },
  { type: 'xstate.done.actor.fetchFirstPage', output: PAGE_ONE },
  { type: 'xstate.done.actor.fetchFirstPage', output: { users: [], next: null } },
  { type: 'xstate.error.actor.fetchFirstPage', error: new Error('offline') },
  { type: 'xstate.done.actor.fetchNextPage', output: LAST_PAGE },
  { type: 'xstate.error.actor.fetchNextPage', error: new Error('offline') },
  { type: 'xstate.after.searchDebounce.authUserList.debouncing' },
];

describeMachinePaths('auth-user-list machine: generated paths', authUserListMachine, {
  actors: fakes,
  input: {},
  events,
  simplePaths: false,
  required: [
    'loading --users.search--> debouncing',
    'debouncing --xstate.after.searchDebounce.authUserList.debouncing--> loading',
    'loading --xstate.done.actor.fetchFirstPage--> ready',
    'loading --xstate.error.actor.fetchFirstPage--> failed',
    'failed --users.retry--> loading',
    'ready --users.more--> loadingMore',
    'loadingMore --xstate.done.actor.fetchNextPage--> ready',
    'loadingMore --xstate.error.actor.fetchNextPage--> moreFailed',
    'moreFailed --users.retry--> loadingMore',
    'loadingMore --users.sort--> loading',
    'ready --users.refresh--> loading',
  ],
  invariants: {
    '*': (s) => {
      if (s.context.listedFor === null) expect(s.context.users).toEqual([]);
    },
    debouncing: (s) => {
      expect(fakes.running()).toEqual([]);
      expect(selectAuthUsersBusy(s)).toBe(true);
      expect(selectAuthUsersEmpty(s)).toBeNull();
    },
    loading: (s) => {
      expect(fakes.running()).toEqual(['fetchFirstPage']);
      expect(fakes.starts('fetchFirstPage').at(-1)?.input).toEqual({ search: s.context.search.trim(), sort: s.context.sort, after: null });
      expect(selectAuthUsersError(s)).toBeNull();
    },
    ready: (s) => {
      expect(fakes.running()).toEqual([]);
      expect(selectAuthUsersBusy(s)).toBe(false);
      expect(s.context.listedFor).toBe(s.context.search.trim());
      expect(selectAuthUsersHasMore(s)).toBe(s.context.next !== null);
    },
    loadingMore: (s) => {
      expect(fakes.running()).toEqual(['fetchNextPage']);
      expect(s.context.next).not.toBeNull();
      expect(fakes.starts('fetchNextPage').at(-1)?.input).toMatchObject({ after: s.context.next });
    },
    moreFailed: (s) => {
      expect(fakes.running()).toEqual([]);
      expect(selectAuthUsersMoreError(s)).toBe('offline');
      expect(selectAuthUsers(s).length).toBeGreaterThan(0);
    },
    failed: (s) => {
      expect(fakes.running()).toEqual([]);
      expect(selectAuthUsersError(s)).toBe('offline');
      expect(selectAuthUsers(s)).toEqual([]);
      expect(selectAuthUsersEmpty(s)).toBeNull();
    },
  },
});
