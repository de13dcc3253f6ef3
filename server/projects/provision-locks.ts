// A lock for cluster-wide work (the shared API roles) that holds across every platform of a database server. Postgres's
// advisory locks are per database: one taken in a platform's own database does not stop another platform (with its
// own platform database on the same server) from creating or altering the same roles at the same moment. So it is
// taken in one database that all platforms use for it, `strata_provision_locks`, which only the platform's user may
// connect to: not the maintenance database, where any project owner could hold the key and stop every tenant's
// provisioning (provision-lock.test.ts).
import pg from 'pg';
import type { DatabaseServer } from '../db/server.ts';
import { withAdminClient, withDatabaseClient } from '../db/platformDb.ts';

export const PROVISION_LOCKS_DATABASE = 'strata_provision_locks';

/** Servers whose lock database is known to exist with CONNECT closed to others (once per process and server). */
const ready = new WeakMap<DatabaseServer, Promise<void>>();

function ensureLockDatabase(server: DatabaseServer): Promise<void> {
  let done = ready.get(server);
  if (!done) {
    done = withAdminClient(server, async (admin) => {
      const database = admin.escapeIdentifier(PROVISION_LOCKS_DATABASE);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [PROVISION_LOCKS_DATABASE]);
      if (!rowCount) {
        // Two platforms starting together: the second one's create fails as a duplicate (42P04, or 23505 on the catalog).
        await admin.query(`create database ${database}`).catch((error: { code?: string }) => {
          if (error.code !== '42P04' && error.code !== '23505') throw error;
        });
      }
      // CONNECT is granted to PUBLIC on a new database: closed again at every start (a second platform may be running the
      // same statement: "tuple concurrently updated" is retried), and any session that got in meanwhile is ended.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await admin.query(`revoke connect, temporary on database ${database} from public`);
          break;
        } catch (error) {
          if (attempt >= 5 || (error as { code?: string }).code !== 'XX000') throw error;
          await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
        }
      }
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and usename <> current_user`,
        [PROVISION_LOCKS_DATABASE],
      );
    });
    ready.set(server, done);
    done.catch(() => ready.delete(server));
  }
  return done;
}

/**
 * Runs `work` in a transaction on a connection to the lock database, holding the advisory lock `key` until it commits:
 * at most one such `work` per key at a time on the whole server, whichever platform runs it.
 */
export async function withProvisionLock<T>(server: DatabaseServer, key: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  await ensureLockDatabase(server);
  return withDatabaseClient(server, PROVISION_LOCKS_DATABASE, async (client) => {
    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock($1)', [key]);
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  });
}
