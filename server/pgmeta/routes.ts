// /api/platform/pg-meta/{ref}/...: the project query endpoint and catalog reads (DESIGN §5).
import { Hono, type Context } from 'hono';
import type pg from 'pg';
import { cancelQueryBody, columnsQuery, queryBody, schemaFilterQuery, tablesQuery } from '../../src/api/schemas/pgMeta.ts';
import { projectAccess, type ProjectRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound, unavailable } from '../http/errors.ts';
import { readBody, readQuery } from '../http/validate.ts';
import {
  columnsSql,
  entitySql,
  EXTENSIONS_SQL,
  functionsSql,
  schemaFilter,
  schemasSql,
  tablesSql,
  typesSql,
} from './introspection.ts';
import { runQueryJson, type QueryResultJson } from './query.ts';
import { cancelRun, finishRun, recordHistory, startRun } from './runs.ts';
import { forgetSchemaCache, mayChangeCatalog } from '../data-api/schema.ts';
import { replicaTarget } from '../replicas/query.ts';

/**
 * The caller's project, running: SQL cannot reach a database that is still being created or is paused. Its pool is
 * the console's (issue 13 finding 5): the console's queries never take the project API's connections.
 */
async function runningProject(c: Context<AppEnv>): Promise<{ project: ProjectRow; pool: pg.Pool }> {
  const project = await projectAccess(c.var.services.pool, c.req.param('ref') ?? '', c.var.user.sub);
  if (project.status === 'COMING_UP') throw unavailable('The project is still being set up');
  if (project.status === 'INACTIVE') throw unavailable('The project is paused: restore it to run queries');
  if (project.status !== 'ACTIVE_HEALTHY') throw unavailable(`The project is not running (status ${project.status})`);
  return { project, pool: await c.var.services.pools.console(project.ref) };
}

async function catalogRows(pool: pg.Pool, sql: string, params: unknown[]): Promise<unknown[]> {
  try {
    return (await pool.query(sql, params)).rows;
  } catch (error) {
    if (typeof (error as { code?: unknown }).code === 'string') throw error;
    throw unavailable('Could not reach the project database');
  }
}

export function pgMetaRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/pg-meta/:ref/query', async (c) => {
    const running = await runningProject(c);
    const { project } = running;
    const body = await readBody(c, queryBody);
    // spec B2.3: a healthy read replica picked in the SQL editor runs the query on the replica (read-only).
    const replica = body.database !== undefined && body.database !== project.ref ? await replicaTarget(c.var.services, project, body.database) : null;
    const pool = replica ?? running.pool;
    const userId = c.var.user.sub;
    const startedAt = new Date();
    const started = performance.now();
    let result: QueryResultJson | null = null;
    let failure: unknown = null;
    try {
      result = await runQueryJson(pool, body, {
        readOnly: project.role === 'read_only' || replica !== null,
        onBackend: body.run_id ? (pid) => startRun(body.run_id!, { pid, ref: project.ref, userId }) : undefined,
      });
    } catch (error) {
      failure = error;
    } finally {
      if (body.run_id) finishRun(body.run_id);
    }
    if (body.history) {
      const entry = { projectId: project.id, userId, query: body.query, startedAt, durationMs: performance.now() - started };
      await recordHistory(c.var.services.pool, { ...entry, rowCount: result?.rowCount ?? null, error: failure });
    }
    // DDL from the SQL editor or a Database page is served by the Data API at its next request (not after its
    // cache's age runs out, nor only after a miss: a miss reads again at most every 100 ms).
    if (project.role !== 'read_only' && mayChangeCatalog(body.query)) forgetSchemaCache(project.ref);
    if (failure || !result) throw failure;
    // Already JSON: the rows were serialised while they were read, within the result cap (issue 13 finding 4).
    return c.body(result.json, 200, { 'content-type': 'application/json; charset=UTF-8' });
  });

  // Cancels the caller's running query by its run id (issue 7: cancel a running query with pg_cancel_backend).
  routes.post('/pg-meta/:ref/query/cancel', async (c) => {
    const { project } = await runningProject(c);
    const body = await readBody(c, cancelQueryBody);
    // Not the console's pool: a cancel must not queue behind the very queries that fill it.
    const pool = await c.var.services.pools.get(project.ref);
    return c.json({ cancelled: await cancelRun(pool, body.run_id, project.ref, c.var.user.sub) });
  });

  routes.get('/pg-meta/:ref/tables', async (c) => {
    const { pool } = await runningProject(c);
    const query = readQuery(c, tablesQuery);
    const filter = schemaFilter('n.nspname', 1, { included: query.included_schemas, excluded: query.excluded_schemas });
    return c.json(await catalogRows(pool, tablesSql(filter.sql, query.include_columns ?? false), filter.params));
  });

  // The table editor's view of one relation (src/domain/table-editor/types.ts TableMeta); 404 when it is gone.
  routes.get('/pg-meta/:ref/entities/:id', async (c) => {
    const { pool } = await runningProject(c);
    const id = Number(c.req.param('id'));
    if (!Number.isInteger(id) || id < 1 || id > 4_294_967_295) throw notFound('Table not found');
    const [row] = (await catalogRows(pool, entitySql(), [id])) as Array<Record<string, unknown>>;
    if (!row) throw notFound('Table not found');
    const keys = (row.primary_keys as Array<{ name: string }>).map((key) => key.name);
    return c.json({ ...row, primary_keys: keys });
  });

  routes.get('/pg-meta/:ref/columns', async (c) => {
    const { pool } = await runningProject(c);
    const query = readQuery(c, columnsQuery);
    const filter = schemaFilter('rn.nspname', 1, { included: query.included_schemas, excluded: query.excluded_schemas });
    const sql = `${columnsSql(`${filter.sql} and ($3::oid is null or rc.oid = $3::oid)`)} order by rn.nspname, rc.relname, a.attnum`;
    return c.json(await catalogRows(pool, sql, [...filter.params, query.table_id ?? null]));
  });

  routes.get('/pg-meta/:ref/schemas', async (c) => {
    const { pool } = await runningProject(c);
    const query = readQuery(c, schemaFilterQuery);
    const filter = schemaFilter('n.nspname', 1, { included: query.included_schemas, excluded: query.excluded_schemas });
    return c.json(await catalogRows(pool, schemasSql(filter.sql), filter.params));
  });

  routes.get('/pg-meta/:ref/functions', async (c) => {
    const { pool } = await runningProject(c);
    const query = readQuery(c, schemaFilterQuery);
    const filter = schemaFilter('n.nspname', 1, { included: query.included_schemas, excluded: query.excluded_schemas });
    return c.json(await catalogRows(pool, functionsSql(filter.sql), filter.params));
  });

  routes.get('/pg-meta/:ref/types', async (c) => {
    const { pool } = await runningProject(c);
    const query = readQuery(c, schemaFilterQuery);
    const filter = schemaFilter('n.nspname', 1, { included: query.included_schemas, excluded: query.excluded_schemas });
    return c.json(await catalogRows(pool, typesSql(filter.sql), filter.params));
  });

  routes.get('/pg-meta/:ref/extensions', async (c) => {
    const { pool } = await runningProject(c);
    return c.json(await catalogRows(pool, EXTENSIONS_SQL, []));
  });

  return routes;
}
