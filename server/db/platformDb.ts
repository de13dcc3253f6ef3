// The platform database (`strata_platform` by default): created when missing, migrated, then pooled.
import pg from 'pg';
import type { DatabaseServer } from './server.ts';
import { migrate } from './migrate.ts';

export const PLATFORM_DATABASE = 'strata_platform';

/**
 * How long the platform pool keeps a connection nobody uses. Each is a Postgres backend (17-28 MB RSS, ~5 MB of its
 * own), so a burst's extra connections are given back after 10 s (pg's default) rather than 30; the background lane
 * (server/metrics/background.ts) keeps one in use every few seconds, and a new one costs a few milliseconds.
 */
export const PLATFORM_IDLE_CONNECTION_MS = 10_000;

/** Runs `work` on a short-lived connection to the server's maintenance database (cluster-wide statements). */
export function withAdminClient<T>(server: DatabaseServer, work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withDatabaseClient(server, server.maintenanceDatabase, work);
}

/**
 * Runs `work` on a short-lived connection, as the server's platform user, to one database of the server (a project's,
 * a branch's, a replica's); `options` are the session's startup options (`-c name=value`).
 */
export async function withDatabaseClient<T>(server: DatabaseServer, database: string, work: (client: pg.Client) => Promise<T>, options?: string): Promise<T> {
  const client = new pg.Client({ connectionString: server.url(database), ...(options ? { options } : {}) });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Arbitrary constant key of the advisory lock (on the maintenance database) that serialises platform database creation. */
const CREATE_LOCK_KEY = 7_361_524_018;

async function ensureDatabase(server: DatabaseServer, name: string): Promise<void> {
  await withAdminClient(server, async (client) => {
    // Several platform processes may start at the same moment on one server (issue 23): one creates the database
    // while the others wait here, then find it. The lock ends with the session at the latest.
    await client.query('select pg_advisory_lock($1)', [CREATE_LOCK_KEY]);
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) {
        try {
          await client.query(`create database ${client.escapeIdentifier(name)}`);
        } catch (error) {
          // Created by a process that does not take the lock (an older platform version): it exists, go on.
          if ((error as { code?: string }).code !== '42P04') throw error;
        }
      }
      // Project roles can log in to the cluster: keep them out of the platform's own metadata.
      await client.query(`revoke connect on database ${client.escapeIdentifier(name)} from public`);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [CREATE_LOCK_KEY]).catch(() => {});
    }
  });
}

export async function openPlatformDatabase(
  server: DatabaseServer,
  name: string = PLATFORM_DATABASE,
): Promise<{ pool: pg.Pool; migrationsApplied: string[] }> {
  await ensureDatabase(server, name);
  const pool = new pg.Pool({ connectionString: server.url(name), max: 10, idleTimeoutMillis: PLATFORM_IDLE_CONNECTION_MS });
  // A dropped idle connection (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    const migrationsApplied = await migrate(pool);
    return { pool, migrationsApplied };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}
