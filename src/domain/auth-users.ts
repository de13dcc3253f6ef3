// Authentication → Users (spec A2.7 "Manage: users", A3 User, issue 18): the project's own auth users, read from its
// database's `auth.users` (server/project-auth/schema.sql on server/migrations/0002_auth.sql) through the console's
// query endpoint with bind parameters, written through the project's auth admin API. The SQL is built here so a
// test can run exactly what the console sends.
import type { MemberRole } from './shared-constants.ts';
import { formatInTimeZone } from './format.ts';
import { can } from './permissions.ts';

/** One row of the list. */
export interface AuthUserRow {
  id: string;
  email: string | null;
  /** Read from the row as JSON: the platform's `auth.users` has no phone column (phone sign-in is off locally). */
  phone: string | null;
  /** The providers of the user's identities ('email' for every user with an address here). */
  providers: string[];
  created_at: string;
  last_sign_in_at: string | null;
  /** The row's sort key as text, for the next page's keyset (see authUsersPageQuery). */
  sort_key: string;
}

export const AUTH_USER_SORT_COLUMNS = ['created_at', 'last_sign_in_at', 'email'] as const;
export type AuthUserSortColumn = (typeof AUTH_USER_SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

export interface AuthUserSort {
  column: AuthUserSortColumn;
  direction: SortDirection;
}

export const DEFAULT_AUTH_USER_SORT: AuthUserSort = { column: 'created_at', direction: 'desc' };

export const AUTH_USER_SORT_LABELS: Readonly<Record<AuthUserSortColumn, string>> = {
  created_at: 'Created at',
  last_sign_in_at: 'Last signed in at',
  email: 'Email',
};

/** Rows a page: the list asks for one more to know whether another page follows. */
export const AUTH_USERS_PAGE_SIZE = 50;

/** The list searches once typing pauses this long. */
export const AUTH_USERS_SEARCH_DEBOUNCE_MS = 300;

/** Where the next page starts: the last row's sort key and id (keyset paging). */
export interface AuthUsersCursor {
  key: string;
  id: string;
}

export interface AuthUsersPageRequest {
  search: string;
  sort: AuthUserSort;
  after: AuthUsersCursor | null;
}

// Each sort column as a total order: nulls become the smallest value (never-signed-in users and users without an
// address come last in descending order, first in ascending), and the id breaks ties, so a keyset comparison on
// (key, id) walks every row exactly once however many share a timestamp.
const SORT_KEY: Readonly<Record<AuthUserSortColumn, { expression: string; cast: string }>> = {
  created_at: { expression: 'u.created_at', cast: 'timestamptz' },
  last_sign_in_at: { expression: "coalesce(u.last_sign_in_at, '-infinity'::timestamptz)", cast: 'timestamptz' },
  email: { expression: "coalesce(u.email, '')", cast: 'text' },
};

/** A search text that could be part of a phone number (digits, +, spaces, dashes, brackets). */
const PHONE_LIKE = /^[+\d\s()-]+$/;

/**
 * One page of users: soft-deleted users left out; `search` (trimmed) narrows to users whose email, phone or id
 * contains it, case-insensitive, with `%` and `_` as plain characters (strpos knows no wildcards); keyset paging
 * after `after` in the order of `sort`, so page N costs what page 1 costs (no OFFSET). Asks for
 * AUTH_USERS_PAGE_SIZE + 1 rows.
 *
 * Indexes: the project's auth schema (server/project-auth/schema.sql) has one index per sort on exactly
 * `(key, id) where deleted_at is null`, so an unsearched page of any depth is an index scan of its 51 rows
 * (server/pgmeta/auth-users-list.test.ts checks the plans at 100,000 users). A search scans the users it must match.
 */
export function authUsersPageQuery({ search, sort, after }: AuthUsersPageRequest): { query: string; parameters: unknown[] } {
  const { expression, cast } = SORT_KEY[sort.column];
  const direction = sort.direction === 'asc' ? 'asc' : 'desc';
  const text = search.trim().toLowerCase();
  const parameters: unknown[] = [];
  const where = ['u.deleted_at is null'];
  if (text !== '') {
    parameters.push(text);
    const p = `$${parameters.length}::text`;
    // The phone is read from the row's JSON (no column locally), which costs a conversion a row: only a text
    // that could be part of a phone number looks there.
    const phone = PHONE_LIKE.test(text) ? ` or strpos(coalesce(to_jsonb(u) ->> 'phone', ''), ${p}) > 0` : '';
    where.push(`(strpos(lower(coalesce(u.email, '')), ${p}) > 0 or strpos(u.id::text, ${p}) > 0${phone})`);
  }
  if (after) {
    parameters.push(after.key, after.id);
    const keyParam = `$${parameters.length - 1}::${cast}`;
    const idParam = `$${parameters.length}::uuid`;
    where.push(`(${expression}, u.id) ${direction === 'asc' ? '>' : '<'} (${keyParam}, ${idParam})`);
  }
  // The row's JSON (for the phone) and the text columns are computed in the outer query, for the listed rows only:
  // in the inner one Postgres would compute them for every row it sorts.
  const query = `select u.id::text as id, u.email, to_jsonb(u) ->> 'phone' as phone,
  case when u.email is not null then array['email'] else array[]::text[] end as providers,
  u.created_at, u.last_sign_in_at, u.sort_value::text as sort_key
from (
  select u.*, ${expression} as sort_value from auth.users u
  where ${where.join(' and ')}
  order by ${expression} ${direction}, u.id ${direction}
  limit ${AUTH_USERS_PAGE_SIZE + 1}
) u
order by u.sort_value ${direction}, u.id ${direction}`;
  return { query, parameters };
}

/** A fetched page: its rows (at most AUTH_USERS_PAGE_SIZE) and where the next one starts, if any. */
export interface AuthUsersPage {
  users: AuthUserRow[];
  next: AuthUsersCursor | null;
}

export function toAuthUsersPage(rows: readonly AuthUserRow[]): AuthUsersPage {
  const users = rows.slice(0, AUTH_USERS_PAGE_SIZE);
  const last = users.at(-1);
  return { users, next: rows.length > AUTH_USERS_PAGE_SIZE && last ? { key: last.sort_key, id: last.id } : null };
}

/** A user's detail panel (spec A3 User: identities, factors, sessions, metadata, dates). */
export interface AuthUserDetail {
  id: string;
  email: string | null;
  phone: string | null;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
  email_confirmed_at: string | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  identities: { id: string; provider: string; email: string | null; created_at: string; last_sign_in_at: string | null }[];
  factors: { id: string; friendly_name: string; factor_type: string; status: string; created_at: string }[];
  sessions: { id: string; aal: string; created_at: string; updated_at: string }[];
}

/** The detail of one user by id, in one statement (null row: no such user). */
export function authUserDetailQuery(id: string): { query: string; parameters: unknown[] } {
  return {
    query: `select u.id::text as id, u.email, to_jsonb(u) ->> 'phone' as phone, u.created_at, u.updated_at,
  u.last_sign_in_at, u.email_confirmed_at, u.raw_app_meta_data, u.raw_user_meta_data,
  coalesce((select jsonb_agg(jsonb_build_object('id', i.id, 'provider', i.provider, 'email', i.email,
    'created_at', i.created_at, 'last_sign_in_at', i.last_sign_in_at)) from auth.identities i where i.user_id = u.id), '[]') as identities,
  coalesce((select jsonb_agg(jsonb_build_object('id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type,
    'status', f.status, 'created_at', f.created_at) order by f.created_at) from auth.mfa_factors f where f.user_id = u.id), '[]') as factors,
  coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'aal', s.aal, 'created_at', s.created_at,
    'updated_at', s.updated_at) order by s.updated_at desc) from auth.sessions s where s.user_id = u.id), '[]') as sessions
from auth.users u where u.id = $1::uuid and u.deleted_at is null`,
    parameters: [id],
  };
}

/**
 * Who may add, invite, mail and delete users: the writes go through the project's admin API with a service_role
 * key, which only members allowed to read the secret keys get (spec A6 READ service_api_keys; the platform refuses
 * read_only members the temporary key). Everyone else reads the list.
 */
export const canManageAuthUsers = (role: MemberRole | null | undefined): boolean => can(role, 'READ', 'service_api_keys');

/** The refused writes' tooltip, after the spec's pattern (A6: 'You need additional permissions to …'). */
export const AUTH_USERS_REFUSED = 'You need additional permissions to manage users';

/**
 * Toasts and texts the spec has no wording for. The local platform has no mail server: mails land in the project's
 * local inbox (its auth admin API's /local/inbox, opened with the service_role key), so the toasts say so.
 */
export const AUTH_USERS_TEXT = {
  title: 'Users',
  addUser: 'Add user',
  createUser: 'Create new user',
  sendInvitation: 'Send invitation',
  sendRecovery: 'Send password recovery',
  sendMagicLink: 'Send magic link',
  deleteUser: 'Delete user',
  impersonate: 'Impersonate user',
  impersonating: (label: string) => `Impersonating ${label}: the table and SQL editors now read as this user (authenticated role, their claims), so RLS policies apply`,
  searchLabel: 'Search by email, phone or user ID',
  noUsers: 'No users in your project',
  noUsersDescription: 'There are no users that exist in your project yet',
  noMatch: 'No users found',
  loadFailed: 'Failed to retrieve users',
  loadMore: 'Load more',
  created: (email: string) => `Created user ${email}`,
  invited: (email: string) => `Sent invitation to ${email} — the local platform has no mail server: it is in the project's local inbox`,
  recoverySent: (email: string) => `Sent password recovery to ${email} — the local platform has no mail server: it is in the project's local inbox`,
  magicLinkSent: (email: string) => `Sent magic link to ${email} — the local platform has no mail server: it is in the project's local inbox`,
  deleted: (label: string) => `Deleted user ${label}`,
  deleteDescription: 'This will remove the user from the project. This cannot be undone.',
} as const;

/** How a user is named in a confirmation and a toast: the email, else the phone, else the id. */
export const authUserLabel = (user: Pick<AuthUserRow, 'id' | 'email' | 'phone'>): string => user.email ?? user.phone ?? user.id;

/** The providers column: 'Email', or '-' for a user with no identity. */
export const providersLabel = (providers: readonly string[]): string =>
  providers.length === 0 ? '-' : providers.map((p) => (p === 'email' ? 'Email' : p)).join(', ');

/** A date of the list or the panel in the browser's time zone ('YYYY-MM-DD HH:mm:ss'); '-' when there is none. */
export function formatUserDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatInTimeZone(date, timeZone);
}
