// The platform database (`strata_platform` by default): created when missing, migrated, then pooled.
import pg from 'pg';
import type { DatabaseServer } from './server.ts';
import { migrate } from './migrate.ts';

export const PLATFORM_DATABASE = 'strata_platform';

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

async function ensureDatabase(server: DatabaseServer, name: string): Promise<void> {
  await withAdminClient(server, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`create database ${client.escapeIdentifier(name)}`);
      } catch (error) {
        // Another platform process created it between our check and our CREATE.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
    // Project roles can log in to the cluster: keep them out of the platform's own metadata.
    await client.query(`revoke connect on database ${client.escapeIdentifier(name)} from public`);
  });
}

export async function openPlatformDatabase(
  server: DatabaseServer,
  name: string = PLATFORM_DATABASE,
): Promise<{ pool: pg.Pool; migrationsApplied: string[] }> {
  await ensureDatabase(server, name);
  const pool = new pg.Pool({ connectionString: server.url(name), max: 10, idleTimeoutMillis: 30_000 });
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
