// What the Users page reads from the list machine (machines/auth-user-list.machine.ts).
import type { SnapshotFrom } from 'xstate';
import type { AuthUserRow, AuthUserSort } from '../src/domain/auth-users.ts';
import type { AuthUserListMachine } from './auth-user-list.machine.ts';

type Snapshot = SnapshotFrom<AuthUserListMachine>;

const NO_USERS: AuthUserRow[] = [];

export const selectAuthUsers = (s: Snapshot): AuthUserRow[] => (s.matches('failed') ? NO_USERS : s.context.users);
export const selectAuthUsersSearch = (s: Snapshot): string => s.context.search;
export const selectAuthUsersSort = (s: Snapshot): AuthUserSort => s.context.sort;
export const selectAuthUsersBusy = (s: Snapshot): boolean => s.hasTag('busy');
/** The first page has never been listed yet (skeleton rather than stale rows). */
export const selectAuthUsersFirstLoad = (s: Snapshot): boolean => s.context.listedFor === null && s.hasTag('busy');
/** The first page failed: the error with Retry replaces the list. */
export const selectAuthUsersError = (s: Snapshot): string | null => (s.matches('failed') ? s.context.error : null);
/** A further page failed: the rows stay, the error and Retry show under them. */
export const selectAuthUsersMoreError = (s: Snapshot): string | null => (s.matches('moreFailed') ? s.context.error : null);
export const selectAuthUsersHasMore = (s: Snapshot): boolean => s.context.next !== null && !s.matches('failed');
export const selectAuthUsersLoadingMore = (s: Snapshot): boolean => s.matches('loadingMore');
/** Empty list: 'none' (the project has no users), 'noMatch' (the search found none), or null (rows, or not listed). */
export const selectAuthUsersEmpty = (s: Snapshot): 'none' | 'noMatch' | null => {
  if (!s.matches('ready') || s.context.users.length > 0) return null;
  return s.context.listedFor === '' ? 'none' : 'noMatch';
};
