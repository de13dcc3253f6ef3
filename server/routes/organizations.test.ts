import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { slugFromName } from '../organizations/queries.ts';
import { newProjectRef } from '../projects/names.ts';

let h: PlatformHarness;
let alice: TestUser;

beforeAll(async () => {
  h = await startPlatformHarness();
  alice = await h.user('Alice.Smith@Example.com');
});
afterAll(async () => h?.close());

/** Inserts project rows directly (no provisioning): listing and limits only read the platform tables. */
async function seedProjects(orgSlug: string, projects: { name: string; status?: string; minutesAgo?: number }[]) {
  const { rows } = await h.services.pool.query('select id from organizations where slug = $1', [orgSlug]);
  const refs: string[] = [];
  for (const [index, p] of projects.entries()) {
    const ref = newProjectRef();
    await h.services.pool.query(
      `insert into projects (ref, name, organization_id, status, region, db_version, inserted_at)
       values ($1, $2, $3, $4, 'local', 'strata-postgres-15.18', now() - make_interval(mins => $5))`,
      [ref, p.name, rows[0].id, p.status ?? 'ACTIVE_HEALTHY', p.minutesAgo ?? index],
    );
    refs.push(ref);
  }
  return refs;
}

describe('profile', () => {
  it('is created on first GET from the token e-mail, then returned as is', async () => {
    const first = await h.call('GET', '/api/platform/profile', { token: alice.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: alice.id, username: 'alice.smith', primary_email: 'alice.smith@example.com', free_project_limit: 2 });
    const again = await h.call('POST', '/api/platform/profile', { token: alice.token });
    expect(again.status).toBe(200);
    const bob = await h.user('bob@example.com');
    expect((await h.call('POST', '/api/platform/profile', { token: bob.token })).status).toBe(201);
  });
});

describe('organizations', () => {
  it('creates an organization with a derived, unique slug and the caller as owner', async () => {
    const a = await h.call('POST', '/api/platform/organizations', { token: alice.token, body: { name: 'Ünïcode Labs!' } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ slug: 'unicode-labs', name: 'Ünïcode Labs!', plan: { id: 'free', name: 'Free' }, is_owner: true, managed_by: 'strata' });
    const b = await h.call('POST', '/api/platform/organizations', { token: alice.token, body: { name: 'Unicode Labs', plan: 'pro' } });
    expect(b.body.slug).toMatch(/^unicode-labs-[a-z]{4}$/);
    expect(b.body.plan).toEqual({ id: 'pro', name: 'Pro' });
    const list = await h.call('GET', '/api/platform/organizations', { token: alice.token });
    expect(list.body.map((o: { slug: string }) => o.slug)).toEqual(expect.arrayContaining([a.body.slug, b.body.slug]));
    const members = await h.call('GET', `/api/platform/organizations/${a.body.slug}/members`, { token: alice.token });
    expect(members.body).toEqual([expect.objectContaining({ gotrue_id: alice.id, role: 'owner', primary_email: 'alice.smith@example.com' })]);
  });

  it('reports the partner managing an organization as its row says (spec A1, A3 managed_by)', async () => {
    const org = await h.call('POST', '/api/platform/organizations', { token: alice.token, body: { name: 'Partnered' } });
    await h.services.pool.query(`update organizations set managed_by = 'VERCEL_MARKETPLACE' where slug = $1`, [org.body.slug]);
    const read = await h.call('GET', `/api/platform/organizations/${org.body.slug}`, { token: alice.token });
    expect(read.body.managed_by).toBe('VERCEL_MARKETPLACE');
  });

  it('derives slugs from any name', () => {
    expect(slugFromName('Acme Corp')).toBe('acme-corp');
    expect(slugFromName('  --Hello__World--  ')).toBe('hello-world');
    expect(slugFromName('日本')).toBe('org');
  });

  it('updates and deletes an organization; a stranger sees 404 and a developer 403', async () => {
    const org = await h.call('POST', '/api/platform/organizations', { token: alice.token, body: { name: 'Temp' } });
    const slug = org.body.slug;
    const patched = await h.call('PATCH', `/api/platform/organizations/${slug}`, { token: alice.token, body: { name: 'Temp 2', plan: 'team' } });
    expect(patched.body).toMatchObject({ name: 'Temp 2', plan: { id: 'team', name: 'Team' }, slug });
    expect((await h.call('PATCH', `/api/platform/organizations/${slug}`, { token: alice.token, body: {} })).body.message).toMatch(/must change at least one/);

    const stranger = await h.user();
    expect((await h.call('GET', `/api/platform/organizations/${slug}`, { token: stranger.token })).status).toBe(404);
    const dev = await h.user();
    await h.call('GET', '/api/platform/profile', { token: dev.token });
    await h.services.pool.query(`insert into members select id, $2, 'developer' from organizations where slug = $1`, [slug, dev.id]);
    expect((await h.call('GET', `/api/platform/organizations/${slug}`, { token: dev.token })).status).toBe(200);
    expect((await h.call('PATCH', `/api/platform/organizations/${slug}`, { token: dev.token, body: { name: 'x' } })).status).toBe(403);
    expect((await h.call('DELETE', `/api/platform/organizations/${slug}`, { token: dev.token })).status).toBe(403);

    await seedProjects(slug, [{ name: 'blocker' }]);
    const refused = await h.call('DELETE', `/api/platform/organizations/${slug}`, { token: alice.token });
    expect(refused.status).toBe(409);
    await h.services.pool.query('delete from projects where organization_id = (select id from organizations where slug = $1)', [slug]);
    expect((await h.call('DELETE', `/api/platform/organizations/${slug}`, { token: alice.token })).status).toBe(200);
    expect((await h.call('GET', `/api/platform/organizations/${slug}`, { token: alice.token })).status).toBe(404);
  });

  it('lists projects with paging, sorting, search and status filters (spec A7)', async () => {
    const org = await h.call('POST', '/api/platform/organizations', { token: alice.token, body: { name: 'Lister' } });
    const slug = org.body.slug;
    await seedProjects(slug, [
      { name: 'bravo', minutesAgo: 3 },
      { name: 'Alpha', minutesAgo: 1 },
      { name: 'charlie_50%', status: 'INACTIVE', minutesAgo: 2 },
      { name: 'delta', status: 'COMING_UP', minutesAgo: 4 },
    ]);
    const page = (query: string) => h.call('GET', `/api/platform/organizations/${slug}/projects${query}`, { token: alice.token });
    const names = (r: { body: { projects: { name: string }[] } }) => r.body.projects.map((p) => p.name);

    const all = await page('');
    expect(all.body.pagination).toEqual({ count: 4, limit: 96, offset: 0 });
    expect(names(all)).toEqual(['Alpha', 'bravo', 'charlie_50%', 'delta']);
    expect(names(await page('?sort=name_desc'))).toEqual(['delta', 'charlie_50%', 'bravo', 'Alpha']);
    expect(names(await page('?sort=created_desc'))).toEqual(['Alpha', 'charlie_50%', 'bravo', 'delta']);
    expect(names(await page('?sort=created_asc&limit=2&offset=2'))).toEqual(['charlie_50%', 'Alpha']);
    const second = await page('?limit=3&offset=3');
    expect(second.body.pagination).toEqual({ count: 4, limit: 3, offset: 3 });
    expect(names(second)).toEqual(['delta']);
    // search is a literal, case-insensitive substring: % and _ are not wildcards.
    expect(names(await page('?search=ALP'))).toEqual(['Alpha']);
    expect(names(await page('?search=50%25'))).toEqual(['charlie_50%']);
    expect(names(await page('?search=%25'))).toEqual(['charlie_50%']);
    expect(names(await page('?search=&statuses='))).toHaveLength(4);
    expect(names(await page('?statuses=INACTIVE,COMING_UP'))).toEqual(['charlie_50%', 'delta']);
    expect((await page('?statuses=NOPE')).body.message).toMatch(/^statuses\.0 must be one of/);
    expect((await page('?limit=0')).body.message).toBe('limit must be at least 1');
    expect((await page('?sort=random')).status).toBe(400);
  });

  it('lists administrators and owners who reached the free project limit (spec A2.9)', async () => {
    const carol = await h.user('carol@example.com');
    const org = await h.call('POST', '/api/platform/organizations', { token: carol.token, body: { name: 'Limits' } });
    const slug = org.body.slug;
    const reached = () => h.call('GET', `/api/platform/organizations/${slug}/members/reached-free-project-limit`, { token: carol.token });
    await seedProjects(slug, [{ name: 'one' }, { name: 'paused', status: 'INACTIVE' }]);
    expect((await reached()).body).toEqual([]);
    await seedProjects(slug, [{ name: 'two' }]);
    expect((await reached()).body).toEqual([{ username: 'carol', primary_email: 'carol@example.com', free_project_limit: 2 }]);
    await h.call('PATCH', `/api/platform/organizations/${slug}`, { token: carol.token, body: { plan: 'pro' } });
    expect((await reached()).body).toEqual([]);
  });

  it('reports usage with DB_SIZE measured from the project databases', async () => {
    const org = await h.call('POST', '/api/platform/organizations', { token: alice.token, body: { name: 'Usage' } });
    const slug = org.body.slug;
    const project = await h.call('POST', '/api/platform/projects', {
      token: alice.token,
      body: { organization_slug: slug, name: 'measured', db_pass: 'long enough', db_region: 'local' },
    });
    await h.waitForStatus(project.body.ref, alice.token, 'ACTIVE_HEALTHY');
    const { rows } = await h.services.pool.query('select id from organizations where slug = $1', [slug]);
    await h.services.pool.query(`insert into usage_events (organization_id, metric, amount) values ($1, 'EGRESS', 100), ($1, 'EGRESS', 23)`, [rows[0].id]);

    const usage = await h.call('GET', `/api/platform/organizations/${slug}/usage`, { token: alice.token });
    expect(usage.status).toBe(200);
    const byMetric = Object.fromEntries(usage.body.usages.map((u: { metric: string }) => [u.metric, u]));
    expect(byMetric.DB_SIZE.usage).toBeGreaterThan(1_000_000);
    expect(byMetric.DB_SIZE).toMatchObject({ pricing_free_units: 524288000, capped: true, available_in_plan: true, unlimited: false });
    expect(byMetric.EGRESS.usage).toBe(123);
    expect(byMetric.MONTHLY_ACTIVE_SSO_USERS.available_in_plan).toBe(false);
    expect(byMetric.DISK_IOPS_GP3).toBeUndefined();

    const scoped = await h.call('GET', `/api/platform/organizations/${slug}/usage?project_ref=${project.body.ref}&start=2000-01-01T00:00:00Z`, { token: alice.token });
    expect(scoped.status).toBe(200);
    expect((await h.call('GET', `/api/platform/organizations/${slug}/usage?project_ref=abcdefghijklmnopqrst`, { token: alice.token })).status).toBe(404);
    expect((await h.call('GET', `/api/platform/organizations/${slug}/usage?start=yesterday`, { token: alice.token })).body.message).toBe('start must be an ISO date');
    expect((await h.call('GET', `/api/platform/organizations/${slug}/usage?start=2030-01-01&end=2020-01-01`, { token: alice.token })).status).toBe(400);
  });

  it('offers the running Postgres version (spec A3 Postgres version)', async () => {
    const org = await h.call('POST', '/api/platform/organizations', { token: alice.token, body: { name: 'Versions' } });
    const versions = await h.call('POST', `/api/platform/organizations/${org.body.slug}/available-versions`, {
      token: alice.token,
      body: { provider: 'AWS', region: 'local' },
    });
    expect(versions.body.available_versions).toEqual([{ version: expect.stringMatching(/^strata-postgres-15\.\d+$/), release_channel: 'ga', postgres_engine: '15' }]);
    const bad = await h.call('POST', `/api/platform/organizations/${org.body.slug}/available-versions`, { token: alice.token, body: { provider: 'AWS' } });
    expect(bad).toEqual({ status: 400, body: { message: 'region is required' } });
  });
});
