// Several platform processes over one platform database (issue 23): two sets of services (as two processes would
// hold) on one Postgres server. Start-up at the same moment on a fresh server; a query started through one is
// cancelled through the other; a lifecycle operation is run by the holder of its lease only, and one whose holder
// died is taken over by the other after its lease ran out.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { serverFromUrl } from '../db/server.ts';
import { MIGRATIONS_DIR } from '../db/migrate.ts';
import { createServices, type Services, type ServicesOptions } from '../services.ts';
import { startTestCluster, type TestCluster } from '../testing/database.ts';
import { provisionTestProject } from '../testing/projects.ts';
import { runQueryJson } from '../pgmeta/query.ts';
import { cancelRun, finishRun, startRun } from '../pgmeta/runs.ts';
import { BACKUP_LOCK_CLASS, failInterruptedBackups } from '../lifecycle/backups.ts';

let cluster: TestCluster;
let platformDatabase: string;
let filesDir: string;
const LEASE_MS = 900;
const booted: Services[] = [];

beforeAll(async () => {
  cluster = await startTestCluster();
  platformDatabase = `strata_platform_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
  // One files folder for both, as a shared volume would be (the storage backend's object store in production).
  filesDir = mkdtempSync(join(tmpdir(), 'strata-cluster-files-'));
});
afterAll(async () => {
  const services = booted[0];
  if (services) {
    const { rows } = await services.pool.query<{ ref: string }>('select ref from projects');
    for (const { ref } of rows) await services.provisioner.remove(ref).catch(() => {});
  }
  for (const one of booted) await one.close().catch(() => {});
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${admin.escapeIdentifier(platformDatabase)} with (force)`);
  await admin.end();
  await cluster.close();
  rmSync(filesDir, { recursive: true, force: true });
}, 60_000);

async function boot(options: ServicesOptions = {}): Promise<Services> {
  const services = await createServices(serverFromUrl(cluster.url('postgres'), 'external'), {
    platformDatabase,
    filesDir,
    lifecycleLeaseMs: LEASE_MS,
    ...options,
  });
  booted.push(services);
  return services;
}

let first: Services;
let second: Services;
let project: { id: number; ref: string };

describe('two platform processes on one Postgres', () => {
  it('start at the same moment on a server without the platform database: both come up, migrations run once', async () => {
    [first, second] = await Promise.all([boot(), boot()]);
    const migrations = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'));
    const { rows } = await first.pool.query<{ n: number; distinct: number }>('select count(*)::int as n, count(distinct name)::int as distinct from strata_migrations');
    expect(rows[0]).toEqual({ n: migrations.length, distinct: migrations.length });
    // Both answer from the same database.
    await first.pool.query(`insert into organizations (slug, name) values ('cluster', 'Cluster')`);
    expect((await second.pool.query(`select name from organizations where slug = 'cluster'`)).rows).toEqual([{ name: 'Cluster' }]);
  }, 60_000);

  it('cancels through one process a query started through the other', async () => {
    project = await provisionTestProject(first, { org: 'cluster', name: 'cluster', dbPass: 'cluster password' });
    const { ref } = project;

    const runId = randomUUID();
    const userId = randomUUID();
    let registered: Promise<void> | undefined;
    const started = Date.now();
    const query = runQueryJson(await first.pools.get(ref), { query: 'select pg_sleep(20)' }, {
      readOnly: false,
      onBackend: (pid) => {
        registered = startRun(first.pool, runId, { pid, ref, userId });
      },
    });
    const outcome = query.then(
      () => 'finished',
      (error: { body?: { code?: string } }) => error.body?.code ?? String(error),
    );
    while (!registered) await new Promise((resolve) => setTimeout(resolve, 20));
    await registered;
    const secondPool = await second.pools.get(ref);
    // Another user's or another project's cancel is refused; the author's, through the other process, is done.
    expect(await cancelRun(second.pool, secondPool, runId, ref, randomUUID())).toBe(false);
    expect(await cancelRun(second.pool, secondPool, runId, 'otherref', userId)).toBe(false);
    expect(await cancelRun(second.pool, secondPool, runId, ref, userId)).toBe(true);
    expect(await outcome).toBe('57014');
    expect(Date.now() - started).toBeLessThan(15_000);
    await finishRun(first.pool, runId);
    expect(await cancelRun(second.pool, secondPool, runId, ref, userId)).toBe(false);
  }, 60_000);

  it('runs an operation in the process holding its lease only, and takes over one whose process died', async () => {
    // A pause as a process that died before its 'close' step leaves it: backup done, lease still held for a while.
    await first.pool.query(`update projects set status = 'PAUSING' where id = $1`, [project.id]);
    const { rows } = await first.pool.query<{ id: string }>(
      `insert into project_operations (project_id, kind, step, params, lease_owner, lease_expires_at)
       values ($1, 'pause', null, '{}', 'dead-process', now() + interval '2 seconds') returning id`,
      [project.id],
    );
    const operation = rows[0]!.id;
    const read = async () =>
      (await first.pool.query<{ status: string; lease_owner: string | null }>('select status, lease_owner from project_operations where id = $1', [operation])).rows[0]!;
    // While the lease is live neither process touches it (their sweeps run every LEASE_MS / 2).
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await read()).toEqual({ status: 'running', lease_owner: 'dead-process' });
    // Then one of them takes it over and finishes it, once.
    const deadline = Date.now() + 30_000;
    while ((await read()).status === 'running' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([first.lifecycle.settled(), second.lifecycle.settled()]);
    const after = await read();
    expect(after.status).toBe('succeeded');
    expect(after.lease_owner).not.toBe('dead-process');
    expect((await first.pool.query('select status from projects where id = $1', [project.id])).rows[0]).toEqual({ status: 'INACTIVE' });
    const backups = await first.pool.query(`select status from backups where project_id = $1`, [project.id]);
    expect(backups.rows).toEqual([{ status: 'completed' }]);
  }, 60_000);

  it('does not run a live operation twice: the other process never starts its steps', async () => {
    const steps: string[] = [];
    // A third process whose steps are slow (longer than the lease): it renews its lease while it runs them.
    const slow = await boot({
      beforeLifecycleStep: async (_ref, _kind, step) => {
        steps.push(`slow:${step}`);
        await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2));
      },
    });
    const watcher = await boot({ beforeLifecycleStep: (_ref, _kind, step) => void steps.push(`watcher:${step}`) });
    await slow.lifecycle.start(project.id, 'restore');
    await slow.lifecycle.settled();
    await watcher.lifecycle.settled();
    expect(steps).toEqual(['slow:open', 'slow:check']);
    expect((await first.pool.query('select status from projects where id = $1', [project.id])).rows[0]).toEqual({ status: 'ACTIVE_HEALTHY' });
  }, 60_000);

  it("start-up leaves another live process's running backup alone and fails a dead one's", async () => {
    const insert = async () =>
      (await first.pool.query<{ id: number }>(`insert into backups (project_id, kind) values ($1, 'manual') returning id`, [project.id])).rows[0]!.id;
    const status = async (id: number) => (await first.pool.query('select status from backups where id = $1', [id])).rows[0]?.status;
    const live = await insert();
    const dead = await insert();
    // The live one's process holds its lock (takeBackup does while it dumps); the dead one's connection is gone.
    const holder = await first.pool.connect();
    await holder.query('select pg_advisory_lock($1, $2)', [BACKUP_LOCK_CLASS, live]);
    try {
      await failInterruptedBackups(second.pool);
      expect(await status(live)).toBe('running');
      expect(await status(dead)).toBe('failed');
    } finally {
      await holder.query('select pg_advisory_unlock($1, $2)', [BACKUP_LOCK_CLASS, live]);
      holder.release();
    }
    await failInterruptedBackups(second.pool);
    expect(await status(live)).toBe('failed');
  }, 30_000);
});
