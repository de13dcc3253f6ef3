// A project's owner can log in to the cluster with the database password it chose. It must not be able to stop
// other tenants' provisioning: the lock that serialises the cluster-wide role work lives in the platform database,
// which project roles cannot connect to, not in the maintenance database, which they can (Postgres grants CONNECT
// on it to PUBLIC).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness } from '../testing/platform.ts';
import { ownerRole } from './names.ts';
import { PROVISION_LOCKS_DATABASE } from './provision-locks.ts';

const DB_PASS = 'Strong-db-pass-123';
let h: PlatformHarness;
let token = '';
let slug = '';

const createProject = async (name: string) => {
  const created = await h.call('POST', '/api/platform/projects', {
    token,
    body: { organization_slug: slug, name, db_pass: DB_PASS, db_region: 'local' },
  });
  expect(created.status).toBe(201);
  return created.body.ref as string;
};

beforeAll(async () => {
  h = await startPlatformHarness();
  const owner = await h.user();
  token = owner.token;
  slug = (await h.call('POST', '/api/platform/organizations', { token, body: { name: 'Lock Org' } })).body.slug;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('provisioning cannot be blocked by a tenant', () => {
  it("a project owner holding every advisory lock it can reach does not stop another project's provisioning", async () => {
    const first = await createProject('Tenant');
    await h.waitForStatus(first, token, 'ACTIVE_HEALTHY');

    // The tenant logs in to the maintenance database (allowed to PUBLIC) as its own role and takes the
    // provisioning lock's key there.
    const url = new URL(h.cluster.url('postgres'));
    const attacker = new pg.Client({
      host: url.hostname,
      port: Number(url.port),
      database: 'postgres',
      user: ownerRole(first),
      password: DB_PASS,
    });
    attacker.on('error', () => {});
    await attacker.connect();
    try {
      await attacker.query('select pg_advisory_lock($1)', [7_361_524_020]);
      const second = await createProject('Victim');
      await h.waitForStatus(second, token, 'ACTIVE_HEALTHY', 30_000);
    } finally {
      await attacker.end().catch(() => {});
    }
  }, 120_000);

  it('the lock holds across platforms: it lives in a database every platform of the server shares, closed to tenants', async () => {
    const first = await createProject('Shared lock');
    await h.waitForStatus(first, token, 'ACTIVE_HEALTHY');
    // Another platform on the same server (its own platform database) holds the role lock in the shared database:
    // this platform's provisioning waits for it instead of altering the same roles at the same moment.
    const other = new pg.Client({ connectionString: h.cluster.url(PROVISION_LOCKS_DATABASE) });
    other.on('error', () => {});
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [7_361_524_020]);
      const waiting = await createProject('Waits');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const status = await h.call('GET', `/api/platform/projects/${waiting}/status`, { token });
      expect(status.body.status).toBe('COMING_UP');
      await other.query('commit');
      await h.waitForStatus(waiting, token, 'ACTIVE_HEALTHY', 30_000);
    } finally {
      await other.end().catch(() => {});
    }
    // A project owner cannot get into that database to hold the key itself.
    const url = new URL(h.cluster.url('postgres'));
    const tenant = new pg.Client({ host: url.hostname, port: Number(url.port), database: PROVISION_LOCKS_DATABASE, user: ownerRole(first), password: DB_PASS });
    tenant.on('error', () => {});
    await expect(tenant.connect()).rejects.toMatchObject({ code: '42501' });
    await tenant.end().catch(() => {});
  }, 120_000);
});
