// /api/platform/pg-meta/{ref}/...: the project query endpoint and catalog reads (DESIGN §5).
import { Hono, type Context } from 'hono';
import type pg from 'pg';
import { cancelQueryBody, columnsQuery, queryBody, schemaFilterQuery, tableDatabaseQuery, tableOpenQuery, tablesQuery } from '../../src/api/schemas/pgMeta.ts';
import { editorsMayReadDatabase } from '../../src/domain/paused-editors.ts';
import { firstPageStatement } from '../../src/domain/table-editor/rows.ts';
import type { TableMeta } from '../../src/domain/table-editor/types.ts';
import { knownColumns, parseFilters, parseSorts } from '../../src/domain/table-editor/url.ts';
import { projectAccess, type ProjectRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound, unavailable } from '../http/errors.ts';
import { readBody, readQuery } from '../http/validate.ts';
import {
  columnsSql,
  ENTITY_NAME_SQL,
  entitySql,
  EXTENSIONS_SQL,
  functionsSql,
  replicaEntitySql,
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
async function runningProject(c: Context<AppEnv>, known?: ProjectRow): Promise<{ project: ProjectRow; pool: pg.Pool }> {
  const project = known ?? (await projectAccess(c.var.services.pool, c.req.param('ref') ?? '', c.var.user.sub));
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

/** One relation as the table editor sees it (TableMeta); 404 when it is gone or the id cannot be one. */
async function entityMeta(pool: pg.Pool, rawId: string | undefined, replica: pg.Pool | null = null): Promise<TableMeta> {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1 || id > 4_294_967_295) throw notFound('Table not found');
  const row = replica ? await replicaEntityRow(pool, replica, id) : ((await catalogRows(pool, entitySql(), [id])) as Array<Record<string, unknown>>)[0];
  if (!row) throw notFound('Table not found');
  const keys = (row.primary_keys as Array<{ name: string }>).map((key) => key.name);
  return { ...row, primary_keys: keys } as unknown as TableMeta;
}

/**
 * spec B2.3 (issue 20): the relation's columns, types and keys as the picked read replica has them. The table editor
 * names a table by the primary's oid (its address and tabs); a replica's copy has another oid, so the relation is
 * found by schema and name there, and keeps the primary's id. A table the replica does not have is a clear 404.
 */
async function replicaEntityRow(primary: pg.Pool, replica: pg.Pool, id: number): Promise<Record<string, unknown> | undefined> {
  const [named] = (await catalogRows(primary, ENTITY_NAME_SQL, [id])) as Array<{ schema: string; name: string }>;
  if (!named) return undefined;
  const [row] = (await catalogRows(replica, replicaEntitySql(), [named.schema, named.name])) as Array<Record<string, unknown>>;
  if (!row) throw notFound(`Table ${named.schema}.${named.name} not found on the read replica`);
  return { ...row, id };
}

/** The picked read replica's console pool (healthy, this project's: replicaTarget), or null for the primary. */
async function pickedReplica(c: Context<AppEnv>, project: ProjectRow, database: string | undefined): Promise<pg.Pool | null> {
  return database !== undefined && database !== project.ref ? replicaTarget(c.var.services, project, database) : null;
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
    // The run is recorded in the platform database while the query runs: a cancel may reach another process (issue 23).
    const registration: { done?: Promise<void> } = {};
    const platform = c.var.services.pool;
    try {
      result = await runQueryJson(pool, body, {
        readOnly: project.role === 'read_only' || replica !== null,
        onBackend: body.run_id
          ? (pid) => {
              registration.done = startRun(platform, body.run_id!, { pid, ref: project.ref, userId }).catch(() => {});
            }
          : undefined,
      });
    } catch (error) {
      failure = error;
    } finally {
      if (body.run_id) {
        await registration.done;
        await finishRun(platform, body.run_id).catch(() => {});
      }
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
    return c.json({ cancelled: await cancelRun(c.var.services.pool, pool, body.run_id, project.ref, c.var.user.sub) });
  });

  routes.get('/pg-meta/:ref/tables', async (c) => {
    const { pool } = await runningProject(c);
    const query = readQuery(c, tablesQuery);
    const filter = schemaFilter('n.nspname', 1, { included: query.included_schemas, excluded: query.excluded_schemas });
    return c.json(await catalogRows(pool, tablesSql(filter.sql, query.include_columns ?? false), filter.params));
  });

  // The table editor's view of one relation (src/domain/table-editor/types.ts TableMeta); 404 when it is gone.
  routes.get('/pg-meta/:ref/entities/:id', async (c) => {
    const { project, pool } = await runningProject(c);
    const { database } = readQuery(c, tableDatabaseQuery);
    return c.json(await entityMeta(pool, c.req.param('id'), await pickedReplica(c, project, database)));
  });

  // Opening a table in one round trip (issue 25): the relation's meta and, on the same request, the grid's first page
  // for the address's sort and filter — the statement the grid's first fetch sends (firstPageStatement), run as the
  // query endpoint runs it (the console's pool; read-only members in a read-only transaction). A stopped database is
  // not touched: the answer says `paused` (the console shows the paused card). A page that cannot be read (a filter
  // value the column's type refuses) leaves `rows` null: the grid reads it itself and shows Postgres's message.
  routes.get('/pg-meta/:ref/entities/:id/open', async (c) => {
    const found = await projectAccess(c.var.services.pool, c.req.param('ref') ?? '', c.var.user.sub);
    if (!editorsMayReadDatabase(found.status)) return c.json({ paused: true });
    const view = readQuery(c, tableOpenQuery);
    const { project, pool: primary } = await runningProject(c, found);
    // spec B2.3: with a healthy replica picked, its columns and its first page (read-only, as the query endpoint).
    const replica = await pickedReplica(c, project, view.database);
    const pool = replica ?? primary;
    const meta = await entityMeta(primary, c.req.param('id'), replica);
    const names = meta.columns.map((column) => column.name);
    const statement = firstPageStatement(meta, knownColumns(parseSorts(view.sort), names), knownColumns(parseFilters(view.filter), names));
    let rows = 'null';
    try {
      rows = (await runQueryJson(pool, { query: statement.query, parameters: statement.parameters }, { readOnly: project.role === 'read_only' || replica !== null })).json;
    } catch {
      // Left to the grid's own read, which reports it.
    }
    return c.body(`{"meta":${JSON.stringify(meta)},"rows":${rows}}`, 200, { 'content-type': 'application/json; charset=UTF-8' });
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
