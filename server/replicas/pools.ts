// Connection pools to read replica databases (issue 20, spec A4.5): the console's queries through a replica (the SQL
// editor's database picker) connect as the project's `strata_<ref>_api` role, like the primary's console pool
// (server/projects/pools.ts), with the same statement timeout; a replica's database is read-only to that role.
import pg from 'pg';
import type { DatabaseServer } from '../db/server.ts';
import { apiRole } from '../projects/names.ts';
import { IDLE_CONNECTION_MS, projectTypes, queryTimeoutMs } from '../projects/pools.ts';

const pools = new Map<string, pg.Pool>();

/** The console's pool of a replica database (one per database name, made when first asked for). */
export function replicaPool(server: DatabaseServer, ref: string, database: string, apiPassword: string): pg.Pool {
  let pool = pools.get(database);
  if (!pool) {
    pool = new pg.Pool({
      connectionString: server.urlAs(database, apiRole(ref), apiPassword),
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      min: 0,
      max: 3,
      connectionTimeoutMillis: 30_000,
      application_name: 'strata-console',
      statement_timeout: queryTimeoutMs(),
      types: projectTypes,
    });
    pool.on('error', () => {});
    pools.set(database, pool);
  }
  return pool;
}

export async function closeReplicaPool(database: string): Promise<void> {
  const pool = pools.get(database);
  if (!pool) return;
  pools.delete(database);
  await pool.end().catch(() => {});
}
