// GET /platform/projects/{ref}/analytics/endpoints/logs.all (spec B7/A7: query sql, iso_timestamp_start,
// iso_timestamp_end; reads result, error) and logs.histogram (the explorer's counts per time bucket) — the logs
// query language (query.ts) compiled to parameterized SQL, run read-only with a statement timeout. A query the
// language refuses is answered 200 with `error` (the shape the console reads); bad parameters are a 400.
import { Hono, type Context } from 'hono';
import type pg from 'pg';
import { projectAccess } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest } from '../http/errors.ts';
import { LOGS_QUERY_TIMEOUT_MS } from './limits.ts';
import { compileLogsQuery, histogramQuery, LogsQueryError, type LogsQueryRange } from './query.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The explorer reads at most the retention window at once. */
const MAX_RANGE_MS = 8 * DAY_MS;
const HISTOGRAM_BUCKETS_MAX = 120;

function readTime(value: string | undefined, name: string, fallback: Date): Date {
  if (value === undefined || value === '') return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest(`${name} must be an ISO timestamp`);
  return date;
}

function readRange(query: Record<string, string>, projectRef: string): LogsQueryRange {
  const now = new Date();
  const end = readTime(query.iso_timestamp_end, 'iso_timestamp_end', now);
  const start = readTime(query.iso_timestamp_start, 'iso_timestamp_start', new Date(end.getTime() - DAY_MS));
  if (start > end) throw badRequest('iso_timestamp_start must be before iso_timestamp_end');
  if (end.getTime() - start.getTime() > MAX_RANGE_MS) throw badRequest('The time range may span at most 8 days');
  return { projectRef, start, end };
}

async function runReadOnly<T extends pg.QueryResultRow>(pool: pg.Pool, text: string, values: unknown[]): Promise<T[]> {
  const client = await pool.connect();
  try {
    await client.query('begin read only');
    await client.query(`set local statement_timeout = ${LOGS_QUERY_TIMEOUT_MS}`);
    const { rows } = await client.query<T>(text, values);
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** A Postgres error caused by the query's values (a bad number, a bad pattern, a timeout) is the user's mistake. */
function userError(error: unknown): string | null {
  if (error instanceof LogsQueryError) return error.message;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('22') || code === '42883' || code === '2201B')) {
    return `The query could not run: ${(error as Error).message}`;
  }
  if (code === '57014') return 'The query took too long; narrow the time range or the filters';
  if (code === '3F000' || code === '42P01') return 'This project has no auth events yet';
  return null;
}

export function logsRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const run = (kind: 'rows' | 'histogram') => async (c: Context<AppEnv>) => {
    const { pool, pools } = c.var.services;
    const project = await projectAccess(pool, c.req.param('ref') ?? '', c.var.user.sub);
    const query = c.req.query();
    if (typeof query.sql !== 'string') throw badRequest('sql is required');
    if (query.sql.length > 10_000) throw badRequest('sql must be at most 10000 characters');
    const range = readRange(query, project.ref);
    try {
      const compiled = compileLogsQuery(query.sql, range);
      let target = pool;
      if (compiled.database === 'project') {
        if (project.status !== 'ACTIVE_HEALTHY') return c.json({ result: [], error: { message: 'The project is not active' } });
        target = await pools.console(project.ref);
      }
      if (kind === 'rows') {
        const rows = await runReadOnly(target, compiled.text, compiled.values);
        return c.json({ result: rows, error: null });
      }
      const buckets = Math.min(HISTOGRAM_BUCKETS_MAX, Math.max(1, Number(query.buckets) || 60));
      const histogram = histogramQuery(compiled, range, buckets);
      const rows = await runReadOnly(target, histogram.text, histogram.values);
      return c.json({ result: rows, error: null });
    } catch (error) {
      const message = userError(error);
      if (message === null) throw error;
      return c.json({ result: [], error: { message } });
    }
  };

  routes.get('/projects/:ref/analytics/endpoints/logs.all', run('rows'));
  routes.get('/projects/:ref/analytics/endpoints/logs.histogram', run('histogram'));
  return routes;
}
