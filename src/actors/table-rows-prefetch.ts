// The first page of a table's rows, read with the table's columns by the table route's loader (one request to the
// platform, actors/table-open.ts) while the page's code loads and the grid mounts, and handed to the rows machine's
// first fetch when that fetch sends exactly the same statement (issue 25: the rows query started only ≈800 ms into
// opening a table).
// Keyed by the SQL itself, so any difference (columns, sort, filter, a jump instead of the first page) simply
// misses. Only for the default role: rows read as an impersonated role (spec B2.7) are never taken from here.
// Taken once; an unclaimed page expires.
import { runSql } from '../api/table-editor.ts';
import type { QueryImpersonation } from '../domain/impersonation.ts';
import type { Statement } from '../domain/table-editor/sql.ts';

/** Older than this, a prefetched page is not used (the grid fetches again). */
export const ROWS_PREFETCH_TTL_MS = 10_000;

type Rows = Array<Record<string, unknown>>;

const prefetched = new Map<string, { rows: Promise<Rows>; at: number }>();

const keyOf = (ref: string, statement: Statement) => `${ref}\n${statement.query}\n${JSON.stringify(statement.parameters ?? [])}`;

/**
 * Keeps rows already read for the grid's first page of this statement (the platform's one-call table open answered
 * them with the table's columns), for the grid's first fetch to adopt as it adopts a prefetched page.
 */
export function seedFirstRows(ref: string, statement: Statement, rows: Rows, now = Date.now()): void {
  prefetched.set(keyOf(ref, statement), { rows: Promise.resolve(rows), at: now });
}

/** The prefetched rows of exactly this statement, once; undefined when there are none or they are too old. */
export function takePrefetchedRows(ref: string, statement: Statement, now = Date.now()): Promise<Rows> | undefined {
  const key = keyOf(ref, statement);
  const entry = prefetched.get(key);
  if (!entry) return undefined;
  prefetched.delete(key);
  return now - entry.at < ROWS_PREFETCH_TTL_MS ? entry.rows : undefined;
}

/** Forgets the prefetched pages of one project. */
export function discardPrefetchedRows(ref: string): void {
  for (const key of prefetched.keys()) if (key.startsWith(`${ref}\n`)) prefetched.delete(key);
}

/** Tests: forget every prefetched page. */
export function clearPrefetchedRows(): void {
  prefetched.clear();
}

/**
 * The grid's SQL runner with the prefetched first page adopted: the prefetched rows when the role is the default
 * one, the database the primary, and the statement exactly the prefetched one, else `run` — as the role (spec B2.7:
 * an impersonated read is never served the default role's rows) on the picked replica (spec B2.3), both read at each
 * call.
 */
export function adoptPrefetchedRows(
  run: typeof runSql,
  impersonation: () => QueryImpersonation | undefined,
  replica: () => string | undefined = () => undefined,
): typeof runSql {
  let settled = false;
  return ((ref: string, statement: Statement, options = {}) => {
    const role = impersonation();
    // spec B2.3: a grid reading from a read replica is never served the primary's first page.
    const database = replica();
    const taken = role === undefined && database === undefined && !settled ? takePrefetchedRows(ref, statement) : undefined;
    const rows = taken ?? run(ref, statement, { ...options, impersonation: role, database });
    // Only the grid's first reads may adopt: once one has answered, a page prefetched and not taken (the grid
    // opened at a restored scroll position) is dropped, so a later refresh never gets rows older than itself.
    const settle = () => {
      settled = true;
      discardPrefetchedRows(ref);
    };
    rows.then(settle, settle);
    return rows;
  }) as typeof runSql;
}
