// Running SQL-editor queries (issue 7): a run id names a query while it runs so that its author can cancel it
// (pg_cancel_backend on the backend serving it), and a finished run can be written to the author's history.
import type pg from 'pg';
import { withTransaction } from '../db/transaction.ts';
import { HttpError } from '../http/errors.ts';

interface Run {
  pid: number;
  ref: string;
  userId: string;
}

/**
 * Run id → the backend serving it, in the platform database (query_runs): several platform processes may serve one
 * console (issue 23), and the cancel may reach another process than the query did.
 */
export async function startRun(platform: Pick<pg.Pool, 'query'>, runId: string, run: Run): Promise<void> {
  await platform.query(
    `insert into query_runs (run_id, backend_pid, ref, profile_id) values ($1, $2, $3, $4)
     on conflict (run_id) do update set backend_pid = excluded.backend_pid, ref = excluded.ref,
       profile_id = excluded.profile_id, started_at = now()`,
    [runId, run.pid, run.ref, run.userId],
  );
}

export async function finishRun(platform: Pick<pg.Pool, 'query'>, runId: string): Promise<void> {
  await platform.query('delete from query_runs where run_id = $1', [runId]);
}

/**
 * Cancels the caller's own run in this project. False when it is not running (finished already, or never
 * started); another user's or another project's run is treated as not running.
 */
export async function cancelRun(platform: Pick<pg.Pool, 'query'>, pool: pg.Pool, runId: string, ref: string, userId: string): Promise<boolean> {
  const { rows: found } = await platform.query<{ backend_pid: number }>(
    'select backend_pid from query_runs where run_id = $1 and ref = $2 and profile_id = $3',
    [runId, ref, userId],
  );
  const run = found[0];
  if (!run) return false;
  // Pool connections act as the project's owner role (`set role`); the backend to cancel belongs to the login
  // role, so the cancel runs as the login role for the length of one transaction. The backend is the project
  // database's (the project's pool is this process's, the backend may be another process's: same database).
  const rows = await withTransaction(pool, async (client) => {
    await client.query('set local role none');
    return (await client.query<{ cancelled: boolean }>('select pg_cancel_backend($1) as cancelled', [run.backend_pid])).rows;
  });
  return rows[0]?.cancelled === true;
}

/** Postgres's "canceling statement due to user request". */
const QUERY_CANCELED = '57014';

/** How long history keeps a query's text: enough to recognise and rerun it. */
export const HISTORY_QUERY_MAX_CHARS = 100_000;

export interface HistoryEntry {
  projectId: number;
  userId: string;
  query: string;
  startedAt: Date;
  durationMs: number;
  rowCount: number | null;
  error: unknown;
}

export async function recordHistory(platform: Pick<pg.Pool, 'query'>, entry: HistoryEntry): Promise<void> {
  const failure = entry.error instanceof HttpError ? entry.error : entry.error ? new HttpError(500, String(entry.error)) : null;
  // 57014 is also the statement timeout's code: only a cancel by request counts as cancelled.
  const cancelled = failure?.body.code === QUERY_CANCELED && failure.message === 'canceling statement due to user request';
  const status = !failure ? 'success' : cancelled ? 'cancelled' : 'error';
  await platform.query(
    `insert into sql_history (project_id, profile_id, query, started_at, duration_ms, row_count, status, error)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.projectId,
      entry.userId,
      entry.query.slice(0, HISTORY_QUERY_MAX_CHARS),
      entry.startedAt,
      entry.durationMs,
      entry.rowCount,
      status,
      failure?.message ?? null,
    ],
  );
}
