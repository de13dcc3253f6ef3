// Lifecycle operations on a real Postgres (issue 5): pause refuses queries and keeps every row, restore reopens,
// restart ends sessions, resize changes the compute size and the connection limit, wrong statuses are 409s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLifecycleHarness, watchStatus, type LifecycleHarness } from './testing.ts';

let t: LifecycleHarness;

beforeAll(async () => {
  t = await startLifecycleHarness();
});
afterAll(async () => t?.close());

const post = (path: string, body?: unknown) => t.h.call('POST', `/api/platform${path}`, { token: t.owner.token, body });
const get = (path: string) => t.h.call('GET', `/api/platform${path}`, { token: t.owner.token });

async function seed(ref: string): Promise<void> {
  const created = await t.sql(ref, `create table notes (id int primary key, body text);
    insert into notes select g, 'note ' || g from generate_series(1, 50) g`);
  expect(created.status).toBe(200);
}

async function notes(ref: string): Promise<unknown[]> {
  const result = await t.sql(ref, 'select id, body from notes order by id');
  expect(result.status).toBe(200);
  return result.body;
}

async function anonKey(ref: string): Promise<string> {
  const settings = await get(`/projects/${ref}/settings`);
  return settings.body.service_api_keys.find((k: { tags: string }) => k.tags === 'anon').api_key;
}

describe('pause and restore', () => {
  it('pauses: backup, closed to connections, queries refused with a clear message; restore keeps every row', async () => {
    const ref = await t.createProject('Paused');
    await seed(ref);
    const before = await notes(ref);
    const key = await anonKey(ref);

    const pauseStarted = performance.now();
    const paused = await post(`/projects/${ref}/pause`);
    expect(paused).toEqual({ status: 200, body: { status: 'PAUSING' } });
    const seen = await watchStatus(t.h, ref, t.owner.token, 'INACTIVE');
    const pauseMs = performance.now() - pauseStarted;
    expect(seen.every((status) => ['PAUSING', 'INACTIVE'].includes(status))).toBe(true);

    // Queries are refused: the SQL endpoint, the project's REST root, and a direct login.
    const query = await t.sql(ref, 'select 1');
    expect(query.status).toBe(503);
    expect(query.body.message).toMatch(/paused/);
    const rest = await t.h.call('GET', `/p/${ref}/rest/v1/`, { token: null, body: undefined });
    expect(rest.status).toBe(401);
    const restKeyed = await t.h.app.request(`/p/${ref}/rest/v1/`, { headers: { apikey: key } });
    expect(restKeyed.status).toBe(503);
    expect(((await restKeyed.json()) as { message: string }).message).toMatch(/paused/);
    await expect(t.ownerClient(ref)).rejects.toThrow(/not currently accepting connections/);
    expect((await get(`/projects/${ref}/api/rest`)).status).toBe(503);
    const project = await get(`/projects/${ref}`);
    expect(project.body).toMatchObject({ status: 'INACTIVE', postgrestStatus: 'OFFLINE', databases: [{ status: 'INACTIVE' }] });

    const status = await get(`/projects/${ref}/pause/status`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ can_restore: true, remaining_days_till_restore_disabled: 90, max_days_till_restore_disabled: 90 });
    const backups = await get(`/database/${ref}/backups/downloadable-backups`);
    expect(backups.body.status).toBe('backups-enabled');
    expect(backups.body.backups).toEqual([expect.objectContaining({ kind: 'pause', isPhysicalBackup: false })]);
    expect(backups.body.backups[0].size_bytes).toBeGreaterThan(1000);
    expect(status.body.latest_downloadable_backup_id).toBe(backups.body.backups[0].id);

    // Wrong status: 409, never 500.
    for (const path of ['pause', 'restart']) {
      const refused = await post(`/projects/${ref}/${path}`);
      expect(refused.status, path).toBe(409);
      expect(refused.body.message).toMatch(/while it is INACTIVE/);
    }
    expect((await post(`/projects/${ref}/resize`, { compute_size: 'ci_small' })).status).toBe(409);
    expect((await t.h.call('POST', `/api/v1/projects/${ref}/upgrade`, { token: t.owner.token, body: { target_version: '15' } })).status).toBe(409);

    const versions = await get(`/projects/${ref}/restore/versions`);
    expect(versions.body.available_versions).toEqual([
      { version: expect.stringMatching(/^strata-postgres-15\.\d+$/), release_channel: 'ga', postgres_engine: '15' },
    ]);
    const wrongEngine = await post(`/projects/${ref}/restore`, { postgres_engine: '17', release_channel: 'ga' });
    expect(wrongEngine.status).toBe(400);
    expect(wrongEngine.body.message).toMatch(/postgres_engine 17 is not available: this platform runs Postgres 15/);
    expect((await post(`/projects/${ref}/restore`, { release_channel: 'beta' })).status).toBe(400);

    const restoreStarted = performance.now();
    const restored = await post(`/projects/${ref}/restore`, { postgres_engine: '15', release_channel: 'ga' });
    expect(restored).toEqual({ status: 200, body: { status: 'RESTORING' } });
    const restoring = await watchStatus(t.h, ref, t.owner.token, 'ACTIVE_HEALTHY');
    console.log(`[timing] pause (backup + close) ${pauseMs.toFixed(0)} ms, restore ${(performance.now() - restoreStarted).toFixed(0)} ms`);
    expect(restoring.every((s) => ['RESTORING', 'ACTIVE_HEALTHY'].includes(s))).toBe(true);
    expect(await notes(ref)).toEqual(before);
    const owner = await t.ownerClient(ref);
    expect((await owner.query('select count(*)::int as n from notes')).rows[0].n).toBe(50);
    expect((await get(`/projects/${ref}/pause/status`)).status).toBe(409);
    expect((await post(`/projects/${ref}/restore`)).status).toBe(409);
    expect((await t.h.app.request(`/p/${ref}/rest/v1/`, { headers: { apikey: key } })).status).toBe(200);
  });

  it('computes the restore window from paused_at: 90 days on the free plan, always on paid plans', async () => {
    const ref = await t.createProject('Window');
    await post(`/projects/${ref}/pause`);
    await watchStatus(t.h, ref, t.owner.token, 'INACTIVE');
    const day = 24 * 3600 * 1000;
    const at = (days: number) => new Date(Date.now() - days * day - 60_000).toISOString();

    expect((await post(`/dev/projects/${ref}`, { paused_at: at(30) })).status).toBe(200);
    expect((await get(`/projects/${ref}/pause/status`)).body).toMatchObject({ can_restore: true, remaining_days_till_restore_disabled: 60 });
    await post(`/dev/projects/${ref}`, { paused_at: at(89) });
    expect((await get(`/projects/${ref}/pause/status`)).body).toMatchObject({ can_restore: true, remaining_days_till_restore_disabled: 1 });
    await post(`/dev/projects/${ref}`, { paused_at: at(120) });
    expect((await get(`/projects/${ref}/pause/status`)).body).toMatchObject({ can_restore: false, remaining_days_till_restore_disabled: 0 });
    const refused = await post(`/projects/${ref}/restore`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/can no longer be restored/);

    await t.h.call('PATCH', `/api/platform/organizations/${t.slug}`, { token: t.owner.token, body: { plan: 'pro' } });
    try {
      expect((await get(`/projects/${ref}/pause/status`)).body).toMatchObject({ can_restore: true, remaining_days_till_restore_disabled: null });
      expect((await post(`/projects/${ref}/restore`)).status).toBe(200);
      await watchStatus(t.h, ref, t.owner.token, 'ACTIVE_HEALTHY');
    } finally {
      await t.h.call('PATCH', `/api/platform/organizations/${t.slug}`, { token: t.owner.token, body: { plan: 'free' } });
    }
  });
});

describe('free project limit', () => {
  it('refuses to resume a free project while an owner is at the free project limit (spec A2.9)', async () => {
    // A fresh user and organization: exactly the projects made here count towards the limit (2).
    const user = await t.h.user();
    const org = await t.h.call('POST', '/api/platform/organizations', { token: user.token, body: { name: 'Limit' } });
    const make = async (name: string) => {
      const created = await t.h.call('POST', '/api/platform/projects', {
        token: user.token,
        body: { organization_slug: org.body.slug, name, db_pass: 'limit password', db_region: 'local' },
      });
      await t.h.waitForStatus(created.body.ref, user.token, 'ACTIVE_HEALTHY');
      return created.body.ref as string;
    };
    const call = (method: string, path: string) => t.h.call(method, `/api/platform${path}`, { token: user.token });
    const [a, b, c] = [await make('A'), await make('B'), await make('C')];
    await call('POST', `/projects/${a}/pause`);
    await watchStatus(t.h, a, user.token, 'INACTIVE');

    // b and c are active: the owner is at the limit, so a stays paused.
    const refused = await call('POST', `/projects/${a}/restore`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Members exceeded free project limit/);
    expect((await call('GET', `/projects/${a}/status`)).body.status).toBe('INACTIVE');

    // Pausing another one makes room.
    await call('POST', `/projects/${b}/pause`);
    await watchStatus(t.h, b, user.token, 'INACTIVE');
    expect((await call('POST', `/projects/${a}/restore`)).status).toBe(200);
    await watchStatus(t.h, a, user.token, 'ACTIVE_HEALTHY');
    expect(c).toBeTruthy();
  });
});

describe('restart and resize', () => {
  it('restarts: sessions are ended, the database answers again, rows intact', async () => {
    const ref = await t.createProject('Restart');
    await seed(ref);
    const session = await t.ownerClient(ref);
    await session.query('select 1');
    expect(await post(`/projects/${ref}/restart`)).toEqual({ status: 200, body: { status: 'RESTARTING' } });
    expect((await post(`/projects/${ref}/restart`)).status).toBe(409);
    await watchStatus(t.h, ref, t.owner.token, 'ACTIVE_HEALTHY');
    await expect(session.query('select 1')).rejects.toThrow();
    expect(await notes(ref)).toHaveLength(50);
    const again = await t.ownerClient(ref);
    expect((await again.query('select count(*)::int as n from notes')).rows[0].n).toBe(50);
  });

  it('resizes: the compute size is recorded and the connection limit follows it', async () => {
    const ref = await t.createProject('Resize');
    const bad = await post(`/projects/${ref}/resize`, { compute_size: 'ci_huge' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/compute_size must be one of: ci_micro, ci_small/);
    expect((await post(`/projects/${ref}/resize`)).status).toBe(400);

    expect(await post(`/projects/${ref}/resize`, { compute_size: 'ci_medium' })).toEqual({ status: 200, body: { status: 'RESIZING' } });
    const seen = await watchStatus(t.h, ref, t.owner.token, 'ACTIVE_HEALTHY');
    expect(seen.every((s) => ['RESIZING', 'ACTIVE_HEALTHY'].includes(s))).toBe(true);
    expect((await get(`/projects/${ref}`)).body.databases).toEqual([expect.objectContaining({ infra_compute_size: 'ci_medium', status: 'ACTIVE_HEALTHY' })]);
    // pg_database is cluster-wide: read through the platform's pool (a session on the project database would be
    // ended by the next resize).
    const limit = async () =>
      (await t.h.services.pool.query('select datconnlimit from pg_database where datname = $1', [`project_${ref}`])).rows[0].datconnlimit;
    expect(await limit()).toBe(120);
    const { rows } = await t.h.services.pool.query(
      `select variant_identifier from project_addons a join projects p on p.id = a.project_id where p.ref = $1 and addon_type = 'compute_instance'`,
      [ref],
    );
    expect(rows).toEqual([{ variant_identifier: 'ci_medium' }]);

    await post(`/projects/${ref}/resize`, { compute_size: 'ci_small' });
    await watchStatus(t.h, ref, t.owner.token, 'ACTIVE_HEALTHY');
    expect(await limit()).toBe(90);
    expect((await t.sql(ref, 'select 1 as one')).body).toEqual([{ one: 1 }]);
  });
});

describe('permissions and membership', () => {
  it('refuses developers and read-only members with the spec texts, and strangers with 404', async () => {
    const ref = await t.createProject('Guarded');
    const dev = await t.h.user();
    const reader = await t.h.user();
    const stranger = await t.h.user();
    for (const user of [dev, reader, stranger]) await t.h.call('GET', '/api/platform/profile', { token: user.token });
    const { rows } = await t.h.services.pool.query('select id from organizations where slug = $1', [t.slug]);
    await t.h.services.pool.query(`insert into members values ($1, $2, 'developer'), ($1, $3, 'read_only')`, [rows[0].id, dev.id, reader.id]);

    const attempts: [string, string, unknown, RegExp][] = [
      ['POST', `/api/platform/projects/${ref}/pause`, undefined, /^You need additional permissions to pause this project$/],
      ['POST', `/api/platform/projects/${ref}/restart`, undefined, /^You need additional permissions to restart this project$/],
      ['POST', `/api/platform/projects/${ref}/resize`, { compute_size: 'ci_small' }, /^You need additional permissions to change the compute size/],
      ['POST', `/api/platform/projects/${ref}/restore`, {}, /^You need additional permissions to resume this project$/],
      ['POST', `/api/v1/projects/${ref}/upgrade`, { target_version: '15' }, /^You need additional permissions to upgrade this project$/],
      ['POST', `/api/platform/database/${ref}/backups`, undefined, /^You need additional permissions to create backups/],
      ['DELETE', `/api/platform/projects/${ref}`, undefined, /^You need additional permissions to delete this project$/],
    ];
    for (const user of [dev, reader]) {
      for (const [method, path, body, message] of attempts) {
        const response = await t.h.call(method, path, { token: user.token, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.message).toMatch(message);
      }
      // Reads are open to every member.
      expect((await t.h.call('GET', `/api/platform/projects/${ref}/restore/versions`, { token: user.token })).status).toBe(200);
      expect((await t.h.call('GET', `/api/platform/database/${ref}/backups/downloadable-backups`, { token: user.token })).status).toBe(200);
      expect((await t.h.call('GET', `/api/v1/projects/${ref}/upgrade/eligibility`, { token: user.token })).status).toBe(200);
    }
    for (const [method, path, body] of attempts) {
      expect((await t.h.call(method, path, { token: stranger.token, body })).status, path).toBe(404);
    }
    expect((await t.h.call('GET', `/api/platform/projects/${ref}/pause/status`, { token: stranger.token })).status).toBe(404);
    expect((await get(`/projects/${ref}/status`)).body.status).toBe('ACTIVE_HEALTHY');

    const permissions = await t.h.call('GET', '/api/platform/profile/permissions', { token: reader.token });
    expect(permissions.body).toEqual([{ organization_id: rows[0].id, organization_slug: t.slug, role: 'read_only' }]);
    expect((await t.h.call('GET', '/api/platform/profile/permissions', { token: stranger.token })).body).toEqual([]);
  });
});

describe('exit survey', () => {
  it('stores the downgrade feedback and validates it', async () => {
    const body = { projectRef: 'abcdefghijabcdefghij', orgSlug: t.slug, reasons: '- Too expensive\n- Missing feature', additionalFeedback: 'thanks', exitAction: 'delete' };
    expect(await post('/feedback/downgrade', body)).toEqual({ status: 201, body: {} });
    const { rows } = await t.h.services.pool.query('select project_ref, org_slug, reasons, additional_feedback, exit_action from downgrade_feedback');
    expect(rows).toContainEqual({ project_ref: body.projectRef, org_slug: t.slug, reasons: body.reasons, additional_feedback: 'thanks', exit_action: 'delete' });
    expect((await post('/feedback/downgrade', { reasons: 'x' })).status).toBe(400);
    expect((await post('/feedback/downgrade', { ...body, orgSlug: 'not-mine' })).status).toBe(404);
  });
});
