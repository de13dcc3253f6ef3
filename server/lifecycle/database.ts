// Real operations on a project's database (DESIGN §5), each idempotent so an operation interrupted by a platform
// restart can run its step again. They run as the platform's administrative user.
//
// Two ways of refusing connections:
// - paused: `allow_connections false` — nobody may connect, the platform included (the backup is taken first);
// - maintenance (restart, upgrade): `CONNECTION LIMIT 0` — the project's roles are refused while the platform's
//   superuser still connects to update extensions and vacuum; reopening restores the compute size's limit.
import pg from 'pg';
import type { DatabaseServer } from '../db/server.ts';
import { withAdminClient } from '../db/platformDb.ts';
import { projectDatabase } from '../projects/names.ts';
import type { ProjectPools } from '../projects/pools.ts';

export interface DatabaseDeps {
  server: DatabaseServer;
  pools: ProjectPools;
}

/** Ends every session on the project's database and waits (up to 5 s each) for them to be gone. */
async function terminateBackends(admin: pg.Client, ref: string): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    `select pg_terminate_backend(pid, 5000) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [projectDatabase(ref)],
  );
  return rows.length;
}

/** Pause: close the database to everyone, end its sessions and the platform's pool. */
export async function closeDatabase(deps: DatabaseDeps, ref: string): Promise<void> {
  await deps.pools.close(ref);
  await withAdminClient(deps.server, async (admin) => {
    await admin.query(`alter database ${admin.escapeIdentifier(projectDatabase(ref))} allow_connections false`);
    await terminateBackends(admin, ref);
  });
}

/** Maintenance: refuse the project's roles (not the platform), end their sessions and the platform's pool. */
export async function holdConnections(deps: DatabaseDeps, ref: string): Promise<void> {
  await deps.pools.close(ref);
  await withAdminClient(deps.server, async (admin) => {
    await admin.query(`alter database ${admin.escapeIdentifier(projectDatabase(ref))} connection limit 0`);
    await terminateBackends(admin, ref);
  });
}

/** Reopens the database to its roles with the compute size's connection limit. */
export async function openDatabase(deps: DatabaseDeps, ref: string, limit: number): Promise<void> {
  await withAdminClient(deps.server, async (admin) => {
    const database = admin.escapeIdentifier(projectDatabase(ref));
    await admin.query(`alter database ${database} allow_connections true`);
    // Utility statements take no bind parameters; the limit is an integer we computed.
    await admin.query(`alter database ${database} connection limit ${Math.trunc(limit)}`);
  });
}

/** The connection limit and whether connections are allowed, as the cluster has them. */
export async function databaseSettings(server: DatabaseServer, ref: string): Promise<{ allow: boolean; limit: number } | null> {
  return withAdminClient(server, async (admin) => {
    const { rows } = await admin.query<{ allow: boolean; limit: number }>(
      'select datallowconn as allow, datconnlimit as limit from pg_database where datname = $1',
      [projectDatabase(ref)],
    );
    return rows[0] ?? null;
  });
}

/** The database answers a query through the platform's own (non-superuser) pool, like the REST ping. */
export async function checkAnswers(deps: DatabaseDeps, ref: string, timeoutMs = 5000): Promise<void> {
  const pool = await deps.pools.get(ref);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([pool.query('select 1'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `work` on an administrative connection to the project's database itself. */
export async function withProjectAdmin<T>(server: DatabaseServer, ref: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server.url(projectDatabase(ref)) });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export interface ExtensionState {
  name: string;
  installed_version: string;
  default_version: string | null;
}

/** Installed extensions with the version the server offers (null: the server no longer ships it). */
export async function installedExtensions(server: DatabaseServer, ref: string): Promise<ExtensionState[]> {
  return withProjectAdmin(server, ref, async (client) => {
    const { rows } = await client.query<ExtensionState>(
      `select e.extname as name, e.extversion as installed_version, a.default_version
         from pg_extension e left join pg_available_extensions a on a.name = e.extname order by e.extname`,
    );
    return rows;
  });
}

/** `ALTER EXTENSION … UPDATE` for every installed extension behind the server's default version. */
export async function updateExtensions(server: DatabaseServer, ref: string): Promise<string[]> {
  return withProjectAdmin(server, ref, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select e.extname as name from pg_extension e join pg_available_extensions a on a.name = e.extname
        where a.default_version is not null and a.default_version <> e.extversion order by e.extname`,
    );
    for (const { name } of rows) await client.query(`alter extension ${client.escapeIdentifier(name)} update`);
    return rows.map((row) => row.name);
  });
}

/** `VACUUM ANALYZE` of the whole project database (fresh planner statistics after an upgrade). */
export async function vacuumAnalyze(server: DatabaseServer, ref: string): Promise<void> {
  await withProjectAdmin(server, ref, (client) => client.query('vacuum analyze').then(() => undefined));
}
