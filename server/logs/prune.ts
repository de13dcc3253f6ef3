// Keeps the log tables and metric samples bounded (issue 19): rows older than the retention go, then all but the
// newest LOG_MAX_ROWS of each log table.
import type pg from 'pg';
import { LOG_MAX_ROWS, LOG_RETENTION_MS, METRIC_RETENTION_MS } from './limits.ts';

export interface PruneLimits {
  retentionMs: number;
  maxRows: number;
  metricRetentionMs: number;
}

export const DEFAULT_PRUNE_LIMITS: PruneLimits = {
  retentionMs: LOG_RETENTION_MS,
  maxRows: LOG_MAX_ROWS,
  metricRetentionMs: METRIC_RETENTION_MS,
};

export async function pruneLogs(pool: Pick<pg.Pool, 'query'>, limits: PruneLimits = DEFAULT_PRUNE_LIMITS): Promise<number> {
  let removed = 0;
  for (const table of ['request_logs', 'postgres_logs'] as const) {
    const old = await pool.query(`delete from ${table} where at < now() - $1 * interval '1 millisecond'`, [limits.retentionMs]);
    // The id of the newest row past the cap; everything at or below it goes.
    const over = await pool.query(
      `delete from ${table} where id <= (select id from ${table} order by id desc offset $1 limit 1)`,
      [limits.maxRows],
    );
    removed += (old.rowCount ?? 0) + (over.rowCount ?? 0);
  }
  const samples = await pool.query(`delete from metric_samples where at < now() - $1 * interval '1 millisecond'`, [
    limits.metricRetentionMs,
  ]);
  return removed + (samples.rowCount ?? 0);
}
