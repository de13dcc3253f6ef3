// Issue 13 finding 9: service_role bypasses row level security, as on the platform we imitate (the role has
// BYPASSRLS). New projects get it at provisioning; a cluster whose role was made before gets it at the next start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdminClient } from '../db/platformDb.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

const sql = (body: Record<string, unknown>) => h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body });
const as = (role: string) => ({ role, claims: { role, ref } });
const bypasses = async () =>
  withAdminClient(h.services.server, async (admin) => {
    const { rows } = await admin.query<{ bypass: boolean }>(`select rolbypassrls as bypass from pg_roles where rolname = 'service_role'`);
    return rows[0]?.bypass;
  });

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user();
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'RLS' } });
  const created = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: org.body.slug, name: 'rls', db_pass: 'long enough', db_region: 'local' },
  });
  ref = created.body.ref;
  await h.waitForStatus(ref, owner.token, 'ACTIVE_HEALTHY');
  const setup = await sql({
    query: `create table secrets (id int primary key);
      insert into secrets values (1), (2);
      alter table secrets enable row level security;
      grant select on secrets to anon, authenticated, service_role;`,
  });
  expect(setup.status).toBe(200);
}, 60_000);
afterAll(async () => h?.close());

describe('service_role and row level security', () => {
  it('sees every row of a table with RLS on and no policy; anon sees none', async () => {
    const select = 'select id from secrets order by id';
    expect((await sql({ query: select, impersonation: as('service_role') })).body).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await sql({ query: select, impersonation: as('anon') })).body).toEqual([]);
    expect((await sql({ query: select, impersonation: as('authenticated') })).body).toEqual([]);
  });

  it('is given BYPASSRLS again when a platform starts on a cluster whose role lacks it', async () => {
    await withAdminClient(h.services.server, (admin) => admin.query('alter role service_role nobypassrls'));
    expect(await bypasses()).toBe(false);
    // A platform starting on this cluster (its migrations run) brings the role up to date.
    const next = await startPlatformHarness({ cluster: h.cluster });
    try {
      expect(await bypasses()).toBe(true);
    } finally {
      await next.close();
    }
    expect((await sql({ query: 'select count(*)::int as n from secrets', impersonation: as('service_role') })).body).toEqual([{ n: 2 }]);
  });
});
