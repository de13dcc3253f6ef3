// A project's owner can log in to the cluster with the database password it chose. It must not be able to stop
// other tenants' provisioning: the lock that serialises the cluster-wide role work lives in the platform database,
// which project roles cannot connect to, not in the maintenance database, which they can (Postgres grants CONNECT
// on it to PUBLIC).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness } from '../testing/platform.ts';
import { ownerRole } from './names.ts';

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
});
