// Choosing the user to impersonate (spec B2.7, issue 14): a search of the project's own auth users (its database's
// `auth.users`, server/project-auth/schema.sql), read through the console's query endpoint with the text bound as a
// parameter. The SQL is built here so the platform test runs exactly what the console sends.

/** One auth user of the project, as the role picker lists it. */
export interface ProjectUser {
  id: string;
  email: string | null;
  /** Only when the project's `auth.users` has a phone column (the platform's own schema has none). */
  phone?: string | null;
  created_at: string;
  last_sign_in_at: string | null;
}

/** At most this many users are listed: the search narrows, the list does not page. */
export const PROJECT_USERS_SEARCH_LIMIT = 20;

/** The picker searches once typing pauses this long. */
export const USER_SEARCH_DEBOUNCE_MS = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (text: string): boolean => UUID.test(text.trim());

// The phone is read from the row as JSON so that a table without the column answers null instead of failing; it is
// computed in the outer query, for the listed rows only.
const columns = `u.id::text as id, u.email, to_jsonb(u) ->> 'phone' as phone, u.created_at, u.last_sign_in_at`;

/**
 * The search: users whose email holds the text (case-insensitive; `%` and `_` are plain characters, since strpos
 * knows no wildcards), or whose id is the text when it is a uuid; ordered by email. No text: the newest users.
 * Soft-deleted users are left out (they cannot sign in).
 */
export function projectUsersSearch(text: string): { query: string; parameters: unknown[] } {
  const search = text.trim();
  if (search === '') {
    return {
      query: `select ${columns} from (
  select * from auth.users where deleted_at is null order by created_at desc, id limit ${PROJECT_USERS_SEARCH_LIMIT}
) u order by u.created_at desc, u.id`,
      parameters: [],
    };
  }
  return {
    query: `select ${columns} from (
  select * from auth.users
  where deleted_at is null and (strpos(lower(email), lower($1::text)) > 0 or id = $2::uuid)
  order by email, id limit ${PROJECT_USERS_SEARCH_LIMIT}
) u order by u.email, u.id`,
    parameters: [search, isUuid(search) ? search.toLowerCase() : null],
  };
}

/**
 * A project made before projects had their own auth (no `auth` schema, or no `auth.users`): Postgres says
 * undefined_table (42P01) or invalid_schema_name (3F000). Such a project simply has no users yet.
 */
export const MISSING_AUTH_USERS_CODES: readonly string[] = ['42P01', '3F000'];

/** The user's text in the field once picked: the email, else the id (what an impersonated user is shown by). */
export const projectUserLabel = (user: Pick<ProjectUser, 'id' | 'email'>): string => user.email ?? user.id;

/** A uuid shortened for a list line: its first group, then an ellipsis. */
export const shortUserId = (id: string): string => (isUuid(id) ? `${id.slice(0, 8)}…` : id);

/** What the picker's list says when it has no user to offer. */
export const USER_SEARCH_MESSAGES = {
  noMatch: 'No users match',
  noUsers: 'This project has no users yet',
} as const;

/** The empty list's text for the search it answers: no text means the project has no users at all. */
export const emptyUserSearchText = (listedFor: string): string => (listedFor === '' ? USER_SEARCH_MESSAGES.noUsers : USER_SEARCH_MESSAGES.noMatch);
