// Query Performance (issue 19): the project's statements from pg_stat_statements. The embedded cluster preloads the
// library (server/db/embedded.ts). Its statistics are cluster-wide, so the extension is installed once, in the
// server's maintenance database (lazily, at first use), and read and reset there through the platform's superuser
// connection, always filtered to the project database's oid. Nothing is added to the project's own database (its
// dumps restore elsewhere unchanged, its lints stay its own), and no project role gets pg_read_all_stats, which would
// show it every tenant's queries.
import type pg from 'pg';
import { withAdminClient } from '../db/platformDb.ts';
import type { DatabaseServer } from '../db/server.ts';
import { projectDatabase } from '../projects/names.ts';
import type { QueryStat, QueryStatsAnswer, QueryStatsOrder } from '../../src/domain/query-performance.ts';

/** Orders by fixed expressions (the request names one of these keys, never a column). */
const ORDER_SQL: Record<QueryStatsOrder, string> = {
  total_time: 'total_exec_time desc',
  mean_time: 'mean_exec_time desc',
  calls: 'calls desc',
  rows: 'rows desc',
};

export const NOT_PRELOADED_MESSAGE =
  'pg_stat_statements is not loaded by this Postgres server, so query statistics are not collected. Add pg_stat_statements to shared_preload_libraries and restart the server.';
const NOT_INSTALLABLE_MESSAGE = 'The pg_stat_statements extension could not be installed on this Postgres server (it needs a superuser).';

/** The schema of pg_stat_statements in the maintenance database, installing it when missing; null if it cannot be. */
async function statsSchema(client: pg.Client): Promise<string | null> {
  const find = async () =>
    (
      await client.query<{ schema: string }>(
        "select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_stat_statements'",
      )
    ).rows[0]?.schema ?? null;
  const found = await find();
  if (found) return found;
  try {
    await client.query('create extension if not exists pg_stat_statements');
  } catch {
    return null;
  }
  return find();
}

const preloaded = async (client: pg.Client) =>
  (await client.query<{ libs: string }>("select current_setting('shared_preload_libraries') as libs")).rows[0]!.libs
    .split(',')
    .map((lib) => lib.trim().replace(/^"|"$/g, ''))
    .includes('pg_stat_statements');

export async function readQueryStats(
  server: DatabaseServer,
  ref: string,
  { order, limit, search = '' }: { order: QueryStatsOrder; limit: number; search?: string },
): Promise<QueryStatsAnswer> {
  return withAdminClient(server, async (client) => {
    if (!(await preloaded(client))) return { available: false, message: NOT_PRELOADED_MESSAGE, queries: [] };
    const schema = await statsSchema(client);
    if (!schema) return { available: false, message: NOT_INSTALLABLE_MESSAGE, queries: [] };
    const view = `${client.escapeIdentifier(schema)}.pg_stat_statements`;
    const { rows } = await client.query<QueryStat>(
      `select queryid::text as queryid, query, r.rolname as role, calls::float8 as calls,
              total_exec_time as total_time, mean_exec_time as mean_time, min_exec_time as min_time, max_exec_time as max_time,
              rows::float8 as rows,
              case when shared_blks_hit + shared_blks_read = 0 then null
                   else shared_blks_hit::float8 / (shared_blks_hit + shared_blks_read) end as cache_hit_ratio
         from ${view} s left join pg_roles r on r.oid = s.userid
        where s.dbid = (select oid from pg_database where datname = $3)
          and s.toplevel
          and ($2 = '' or strpos(lower(s.query), lower($2)) > 0)
        order by ${ORDER_SQL[order]}
        limit $1`,
      [limit, search, projectDatabase(ref)],
    );
    return { available: true, message: null, queries: rows };
  });
}

/** The text of one statement of this project's database, or null. */
export async function statementText(server: DatabaseServer, ref: string, queryid: string): Promise<string | null> {
  return withAdminClient(server, async (client) => {
    if (!(await preloaded(client))) return null;
    const schema = await statsSchema(client);
    if (!schema) return null;
    const { rows } = await client.query<{ query: string }>(
      `select query from ${client.escapeIdentifier(schema)}.pg_stat_statements
        where dbid = (select oid from pg_database where datname = $2) and queryid = $1::bigint limit 1`,
      [queryid, projectDatabase(ref)],
    );
    return rows[0]?.query ?? null;
  });
}

/** Resets this database's statistics only (userid 0 = every role, queryid 0 = every statement). */
export async function resetQueryStats(server: DatabaseServer, ref: string): Promise<void> {
  await withAdminClient(server, async (client) => {
    if (!(await preloaded(client))) return;
    const schema = await statsSchema(client);
    if (!schema) return;
    const fn = `${client.escapeIdentifier(schema)}.pg_stat_statements_reset`;
    await client.query(`select ${fn}(0, (select oid from pg_database where datname = $1), 0)`, [projectDatabase(ref)]);
  });
}

/** The highest $n placeholder of a normalized statement (0 when it has none). */
export function parameterCount(text: string): number {
  let max = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) max = Math.max(max, Number(match[1]));
  return max;
}

const STATEMENT_NAME = 'strata_query_performance_plan';

/**
 * The plan of a normalized statement, never executed, as the project's own role in a read-only transaction. With
 * $n placeholders: Postgres 16+ has EXPLAIN (GENERIC_PLAN); before that, the statement is prepared and its generic
 * plan (plan_cache_mode = force_generic_plan) is explained with NULL arguments, which the generic plan does not
 * depend on. Sent with the extended protocol: exactly one statement, or Postgres refuses it.
 */
export async function explainStatement(client: pg.ClientBase, text: string): Promise<string> {
  const params = parameterCount(text);
  const version = Number((await client.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0]!.v);
  let prepared = false;
  await client.query('begin read only');
  try {
    await client.query("set local statement_timeout = '10s'");
    let rows: Array<Record<string, string>>;
    if (params === 0) {
      rows = (await client.query({ text: `explain ${text}`, queryMode: 'extended' } as pg.QueryConfig)).rows;
    } else if (version >= 160000) {
      rows = (await client.query({ text: `explain (generic_plan) ${text}`, queryMode: 'extended' } as pg.QueryConfig)).rows;
    } else {
      await client.query("set local plan_cache_mode = 'force_generic_plan'");
      await client.query({ text: `prepare ${STATEMENT_NAME} as ${text}`, queryMode: 'extended' } as pg.QueryConfig);
      prepared = true;
      const nulls = Array.from({ length: params }, () => 'null').join(', ');
      rows = (await client.query(`explain execute ${STATEMENT_NAME}(${nulls})`)).rows;
    }
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback').catch(() => {});
    // Prepared statements outlive the transaction: the pooled connection must not keep it.
    if (prepared) await client.query(`deallocate ${STATEMENT_NAME}`).catch(() => {});
  }
}
