// Reports (issue 19): GET /platform/projects/{ref}/reports/metrics — the metric samples of a date range, thinned to
// at most MAX_POINTS (the last sample of each bucket: the counters are cumulative, so rates between the chosen
// samples stay exact), with the connection limit of the project's compute size. The console derives the rates
// (src/domain/reports.ts). GET /platform/projects/{ref}/usage/daily — the project Usage page: database and storage
// size per day (the day's largest sample), egress (bytes of API responses) and API requests per day from the
// request log, and the live sizes now.
import { Hono, type Context } from 'hono';
import { projectAccess } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest } from '../http/errors.ts';
import { connectionLimit } from '../lifecycle/compute.ts';
import { projectDatabase } from '../projects/names.ts';
import { storageSize } from '../routes/usage.ts';
import { METRIC_RETENTION_MS } from '../logs/limits.ts';

const MAX_POINTS = 360;
const DAY_MS = 24 * 60 * 60 * 1000;

function readRange(c: Context<AppEnv>, defaultSpanMs: number, maxSpanMs: number): { start: Date; end: Date } {
  const parse = (name: string, fallback: Date) => {
    const value = c.req.query(name);
    if (value === undefined || value === '') return fallback;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw badRequest(`${name} must be an ISO timestamp`);
    return date;
  };
  const end = parse('end', new Date());
  const start = parse('start', new Date(end.getTime() - defaultSpanMs));
  if (start >= end) throw badRequest('start must be before end');
  if (end.getTime() - start.getTime() > maxSpanMs) throw badRequest(`The range may span at most ${Math.round(maxSpanMs / DAY_MS)} days`);
  return { start, end };
}

export function metricsRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/projects/:ref/reports/metrics', async (c) => {
    const { pool } = c.var.services;
    const project = await projectAccess(pool, c.req.param('ref'), c.var.user.sub);
    const { start, end } = readRange(c, DAY_MS, METRIC_RETENTION_MS + DAY_MS);
    const binMs = Math.max(60_000, Math.ceil((end.getTime() - start.getTime()) / MAX_POINTS / 60_000) * 60_000);
    const { rows: samples } = await pool.query(
      `select distinct on (date_bin($4::interval, at, $2)) at as timestamp, database_bytes::float8, storage_bytes::float8,
              connections, blks_hit::float8, blks_read::float8, (xact_commit + xact_rollback)::float8 as transactions,
              (tup_returned + tup_fetched)::float8 as rows_read,
              (tup_inserted + tup_updated + tup_deleted)::float8 as rows_written
         from metric_samples where project_ref = $1 and at >= $2 and at <= $3
        order by date_bin($4::interval, at, $2), at desc`,
      [project.ref, start, end, `${binMs} milliseconds`],
    );
    const { rows: size } = await pool.query<{ size: string | null }>(
      'select infra_compute_size as size from databases where project_id = $1 and identifier = $2',
      [project.id, project.ref],
    );
    const compute = size[0]?.size ?? 'ci_micro';
    return c.json({
      start: start.toISOString(),
      end: end.toISOString(),
      compute_size: compute,
      connection_limit: connectionLimit(compute),
      samples,
    });
  });

  routes.get('/projects/:ref/usage/daily', async (c) => {
    const { pool, filesDir } = c.var.services;
    const project = await projectAccess(pool, c.req.param('ref'), c.var.user.sub);
    const { start, end } = readRange(c, 7 * DAY_MS, 31 * DAY_MS);
    const { rows: days } = await pool.query(
      `with days as (
         select generate_series(date_trunc('day', $2::timestamptz at time zone 'UTC'),
                                date_trunc('day', $3::timestamptz at time zone 'UTC'), interval '1 day') as day)
       select to_char(d.day, 'YYYY-MM-DD') as date,
              (select max(database_bytes)::float8 from metric_samples s
                where s.project_ref = $1 and s.at >= d.day at time zone 'UTC' and s.at < (d.day + interval '1 day') at time zone 'UTC') as database_bytes,
              (select max(storage_bytes)::float8 from metric_samples s
                where s.project_ref = $1 and s.at >= d.day at time zone 'UTC' and s.at < (d.day + interval '1 day') at time zone 'UTC') as storage_bytes,
              coalesce(r.egress, 0)::float8 as egress_bytes, coalesce(r.requests, 0)::int as requests
         from days d
         left join lateral (
           select sum(response_bytes) as egress, count(*) as requests from request_logs l
            where l.project_ref = $1 and l.at >= d.day at time zone 'UTC' and l.at < (d.day + interval '1 day') at time zone 'UTC'
         ) r on true
        order by d.day`,
      [project.ref, start, end],
    );
    const live = await pool
      .query<{ bytes: string }>('select pg_database_size(datname)::text as bytes from pg_database where datname = $1', [
        projectDatabase(project.ref),
      ])
      .then((r) => (r.rows[0] ? Number(r.rows[0].bytes) : null), () => null);
    return c.json({
      start: start.toISOString(),
      end: end.toISOString(),
      days,
      current: { database_bytes: live, storage_bytes: await storageSize(filesDir, [project.ref]) },
    });
  });
  return routes;
}
