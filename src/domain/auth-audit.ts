// Authentication → Audit Logs and Overview (spec A2.7, issue 18): the project's real auth audit log
// (auth.audit_log_entries, written by triggers on every sign-up, sign-in, refresh, sign-out and deletion:
// server/project-auth/schema.sql), read newest first, searched and paged by keyset; and the overview's figures —
// how many users, and sign-ins per day from the same log. SQL with bind parameters only.

export const AUDIT_LOG_PAGE_SIZE = 50;
/** The overview's window of sign-ins per day. */
export const OVERVIEW_DAYS = 14;

export const AUDIT_TEXT = {
  title: 'Audit Logs',
  description: 'Every sign-up, sign-in, token refresh, sign-out and user deletion of your project, newest first.',
  empty: 'No audit log entries yet',
  emptySearch: (search: string) => `No audit log entries match “${search}”`,
  searchLabel: 'Search audit logs',
} as const;

export interface AuditLogRequest {
  search: string;
  /** The keyset of the last row of the previous page (created_at as Postgres text, id), or null for the first. */
  after: { createdAt: string; id: string } | null;
}

export interface AuditLogRow {
  id: string;
  created_at: string;
  ip_address: string;
  payload: { action?: string; actor_username?: string; actor_id?: string; log_type?: string; traits?: Record<string, unknown> } | null;
}

export interface AuditLogPage {
  rows: AuditLogRow[];
  /** The keyset of the next page, or null at the end. */
  next: AuditLogRequest['after'];
}

/** `search` as a literal inside LIKE: its %, _ and \ match themselves. */
export const likeLiteral = (search: string) => search.replace(/[\\%_]/g, (c) => `\\${c}`);

export function auditLogPageQuery({ search, after }: AuditLogRequest): { query: string; parameters: unknown[] } {
  return {
    query: `select id::text as id, created_at::text as created_at, ip_address, payload::jsonb as payload
  from auth.audit_log_entries
 where ($1::text = '' or payload::text ilike '%' || $1::text || '%')
   and ($2::timestamptz is null or (created_at, id) < ($2::timestamptz, $3::uuid))
 order by created_at desc, id desc
 limit $4::int`,
    parameters: [likeLiteral(search.trim()), after?.createdAt ?? null, after?.id ?? null, AUDIT_LOG_PAGE_SIZE + 1],
  };
}

/** The rows of one page; one more than a page means there is a next. */
export function toAuditLogPage(rows: readonly AuditLogRow[], _request: AuditLogRequest): AuditLogPage {
  const page = rows.slice(0, AUDIT_LOG_PAGE_SIZE);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > AUDIT_LOG_PAGE_SIZE && last ? { createdAt: last.created_at, id: last.id } : null };
}

/** GoTrue's action names as a member reads them. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  user_signedup: 'Signed up',
  login: 'Signed in',
  logout: 'Signed out',
  token_refreshed: 'Refreshed a token',
  user_deleted: 'User deleted',
};
export const auditActionLabel = (action: string | undefined) => (action ? (ACTION_LABELS[action] ?? action) : 'Unknown');

export interface AuthOverviewRow {
  users: number;
  new_users: number;
  sign_ins: { day: string; count: number }[] | null;
}

export interface AuthOverview {
  users: number;
  newUsers: number;
  /** One entry a day, oldest first, the last being today; days without sign-ins count 0. */
  signInsPerDay: { day: string; count: number }[];
  days: number;
}

export function authOverviewQuery(days: number): { query: string; parameters: unknown[] } {
  return {
    query: `select (select count(*) from auth.users where deleted_at is null)::int as users,
       (select count(*) from auth.users where deleted_at is null and created_at >= current_date - ($1::int - 1))::int as new_users,
       (select json_agg(json_build_object('day', d.day::text, 'count', coalesce(c.n, 0)) order by d.day)
          from (select generate_series(current_date - ($1::int - 1), current_date, interval '1 day')::date as day) d
          left join (select created_at::date as day, count(*)::int as n from auth.audit_log_entries
                      where payload->>'action' = 'login' and created_at >= current_date - ($1::int - 1)
                      group by 1) c on c.day = d.day) as sign_ins`,
    parameters: [days],
  };
}

export function toAuthOverview(rows: readonly AuthOverviewRow[], days: number): AuthOverview {
  const row = rows[0];
  return {
    users: row?.users ?? 0,
    newUsers: row?.new_users ?? 0,
    signInsPerDay: row?.sign_ins ?? [],
    days,
  };
}

/** The overview of a project whose auth was never used (no auth schema yet). */
export const emptyAuthOverview = (days: number): AuthOverview => ({ users: 0, newUsers: 0, signInsPerDay: [], days });
