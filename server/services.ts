// What the API needs once the database is up: the platform pool, project pools and the provisioner.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import type { DatabaseServer } from './db/server.ts';
import { openPlatformDatabase, PLATFORM_DATABASE } from './db/platformDb.ts';
import { createProjectPools, type ProjectPools } from './projects/pools.ts';
import { createProvisioner, type Provisioner, type ProvisionStep } from './projects/provision.ts';
import { createArchiveStore, type ArchiveStore } from './lifecycle/archive.ts';
import type { OperationKind } from './lifecycle/operations.ts';
import { createLifecycle, type Lifecycle } from './lifecycle/runner.ts';
import { noPoolers, type Poolers } from './projects/poolers.ts';
import { startPgbouncerPoolers } from './projects/pgbouncer.ts';
import type { StorageConfig } from './config.ts';
import { localBackend, type StorageBackend } from './storage/backend.ts';

export interface Services {
  server: DatabaseServer;
  /** The platform database. */
  pool: pg.Pool;
  pools: ProjectPools;
  provisioner: Provisioner;
  /** Pause, restore, restart, resize and upgrade (server/lifecycle), resumed at start-up like provisioning. */
  lifecycle: Lifecycle;
  /** Storage archives of projects' stored objects (spec A4.3). */
  archives: ArchiveStore;
  /** Server version, e.g. '15.18' (spec A3 Postgres version, without the product prefix). */
  postgresVersion: string;
  /**
   * Folder of the projects' files (stored objects, backups, archives): `{filesDir}/{ref}/...`. Under the data
   * folder in a running platform, a temporary folder in tests.
   */
  filesDir: string;
  /** Where object bytes and tus uploads live (issue 23): the local folder under filesDir, or an S3 bucket. */
  storage: StorageBackend;
  /** The connection poolers in front of the project databases (spec A2.10, A4.6); they may not run. */
  poolers: Poolers;
  /** Closes pools after provisioning settles; the server itself is stopped by its owner. */
  close(): Promise<void>;
}

export interface ServicesOptions {
  /** Name of the platform database; tests sharing one server use their own. */
  platformDatabase?: string;
  beforeProvisionStep?: (ref: string, step: ProvisionStep) => Promise<void> | void;
  /** Test seam of lifecycle operations (see server/lifecycle/runner.ts OperationStopped). */
  beforeLifecycleStep?: (ref: string, kind: OperationKind, step: string) => Promise<void> | void;
  /** Lease of a lifecycle operation between platform processes (server/lifecycle/runner.ts; tests shorten it). */
  lifecycleLeaseMs?: number;
  /** See Services.filesDir; when omitted (tests), a fresh temporary folder that close() removes. */
  filesDir?: string;
  /** STRATA_STORAGE_BACKEND and its S3 settings (server/config.ts); the local folder when omitted. */
  storage?: StorageConfig;
  /** Run Debian's pgbouncer as the transaction and session poolers when it is installed (the platform does; tests
   *  that need them ask). Without it every pooler method says why it is unavailable. */
  poolers?: boolean;
}

export async function createServices(server: DatabaseServer, options: ServicesOptions = {}): Promise<Services> {
  const { pool } = await openPlatformDatabase(server, options.platformDatabase ?? PLATFORM_DATABASE);
  const { rows } = await pool.query<{ server_version: string }>('show server_version');
  const postgresVersion = /^\d+(\.\d+)?/.exec(rows[0]?.server_version ?? '')?.[0] ?? 'unknown';
  const ownsFilesDir = options.filesDir === undefined;
  const filesDir = options.filesDir ?? mkdtempSync(join(tmpdir(), 'strata-files-'));
  mkdirSync(filesDir, { recursive: true });
  const pools = createProjectPools({ server, platform: pool });
  // The AWS SDK (~30 MB of the platform's memory once loaded) is imported only by a platform that stores in S3.
  const storage = options.storage?.backend === 's3' ? (await import('./storage/s3Backend.ts')).s3Backend(options.storage) : localBackend(filesDir);
  const provisioner = createProvisioner({
    server,
    platform: pool,
    pools,
    filesDir,
    storage,
    ...(options.beforeProvisionStep ? { beforeStep: options.beforeProvisionStep } : {}),
  });
  const lifecycle = createLifecycle({
    server,
    platform: pool,
    pools,
    filesDir,
    storage,
    postgresVersion,
    ...(options.beforeLifecycleStep ? { beforeStep: options.beforeLifecycleStep } : {}),
    ...(options.lifecycleLeaseMs ? { leaseMs: options.lifecycleLeaseMs } : {}),
  });
  const archives = createArchiveStore(storage);
  const poolers: Poolers = options.poolers ? await startPgbouncerPoolers({ server, platform: pool }) : noPoolers();
  // Anything a previous run left half-done is finished now (DESIGN §5: nothing is lost on restart).
  await provisioner.resumePending();
  await lifecycle.resumePending();
  return {
    server,
    pool,
    pools,
    provisioner,
    lifecycle,
    archives,
    postgresVersion,
    filesDir,
    storage,
    poolers,
    async close() {
      await poolers.stop();
      await provisioner.settled();
      lifecycle.close();
      await lifecycle.settled();
      await archives.settled();
      await pools.closeAll();
      await pool.end().catch(() => {});
      if (ownsFilesDir) rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
