// Upgrade (spec A4.2) and the developer switch's failures (issue 5): every progress value in order with a real
// action, a backup at the end; fail_next makes pause, restore and upgrade fail with the data intact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPGRADE_PROGRESS } from '../../src/api/schemas/lifecycle.ts';
import { startPlatformHarness } from '../testing/platform.ts';
import { startLifecycleHarness, watchStatus, type LifecycleHarness } from './testing.ts';

let t: LifecycleHarness;

beforeAll(async () => {
  t = await startLifecycleHarness();
});
afterAll(async () => t?.close());

const post = (path: string, body?: unknown) => t.h.call('POST', `/api/platform${path}`, { token: t.owner.token, body });
const get = (path: string) => t.h.call('GET', `/api/platform${path}`, { token: t.owner.token });
const v1 = (method: string, path: string, body?: unknown) => t.h.call(method, `/api/v1${path}`, { token: t.owner.token, body });

async function seed(ref: string) {
  expect((await t.sql(ref, `create table items (id int primary key); insert into items select generate_series(1, 20)`)).status).toBe(200);
}
const count = async (ref: string) => (await t.sql(ref, 'select count(*)::int as n from items')).body[0].n;

async function waitForUpgrade(ref: string, trackingId: string) {
  for (let i = 0; i < 800; i++) {
    const { body } = await v1('GET', `/projects/${ref}/upgrade/status?tracking_id=${trackingId}`);
    if (body.databaseUpgradeStatus.status !== 'Upgrading') return body.databaseUpgradeStatus;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('upgrade never finished');
}

describe('upgrade', () => {
  it('walks every progress value in order, updates extensions, records the version and ends with a backup', async () => {
    const ref = await t.createProject('Upgrade');
    await seed(ref);
    const server = t.h.services.postgresVersion;
    expect((await v1('GET', `/projects/${ref}/upgrade/eligibility`)).body).toMatchObject({ eligible: false, target_upgrade_versions: [] });
    expect((await v1('POST', `/projects/${ref}/upgrade`, { target_version: '15' })).status).toBe(409);
    expect((await v1('GET', `/projects/${ref}/upgrade/status`)).body).toEqual({ databaseUpgradeStatus: null });

    // An extension installed at an older version is updated by the upgrade (when the server ships one).
    const admin = await t.adminClient(ref);
    const { rows: versions } = await admin.query(`select version from pg_available_extension_versions where name = 'pg_trgm' order by version`);
    const older = versions.length > 1 ? versions[0].version : null;
    if (older) await admin.query(`create extension pg_trgm version '${older}'`);
    await admin.end();

    const old = 'strata-postgres-15.1';
    expect((await post(`/dev/projects/${ref}`, { db_version: old })).body).toMatchObject({ db_version: old });
    const eligibility = await v1('GET', `/projects/${ref}/upgrade/eligibility`);
    expect(eligibility.body).toEqual({
      eligible: true,
      current_app_version: old,
      latest_app_version: `strata-postgres-${server}`,
      target_upgrade_versions: [{ postgres_version: '15', release_channel: 'ga', app_version: `strata-postgres-${server}` }],
      duration_estimate_hours: 1,
      legacy_auth_custom_roles: [],
      objects_to_be_dropped: [],
      unsupported_extensions: [],
    });

    const bad = await v1('POST', `/projects/${ref}/upgrade`, { target_version: '17' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/target_version 17 is not available/);
    expect((await v1('POST', `/projects/${ref}/upgrade`, {})).status).toBe(400);
    expect((await v1('GET', `/projects/${ref}/upgrade/status?tracking_id=nope`)).status).toBe(400);

    // Before each step: the progress the console would read then, and the project status.
    const observed: { step: string; progress: string; status: string; project: string }[] = [];
    t.hooks.set(ref, async (_kind, step) => {
      const { body } = await v1('GET', `/projects/${ref}/upgrade/status`);
      const project = await get(`/projects/${ref}/status`);
      observed.push({ step, progress: body.databaseUpgradeStatus.progress, status: body.databaseUpgradeStatus.status, project: project.body.status });
    });
    const upgradeStarted = performance.now();
    const started = await v1('POST', `/projects/${ref}/upgrade`, { target_version: '15', release_channel: 'ga' });
    expect(started.status).toBe(200);
    const trackingId: string = started.body.tracking_id;
    expect(trackingId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await v1('POST', `/projects/${ref}/upgrade`, { target_version: '15' })).status).toBe(409);

    const final = await waitForUpgrade(ref, trackingId);
    console.log(`[timing] upgrade (10 steps + backup, observed over HTTP at each step) ${(performance.now() - upgradeStarted).toFixed(0)} ms`);
    t.hooks.delete(ref);
    expect(final).toMatchObject({ tracking_id: trackingId, status: 'Upgraded', progress: '9_completed_upgrade', target_version: server, error: null });
    expect(Date.parse(final.initiated_at)).toBeLessThanOrEqual(Date.parse(final.latest_status_at));
    expect(observed.map((o) => o.progress)).toEqual([...UPGRADE_PROGRESS]);
    expect(observed.map((o) => o.step)).toEqual([...UPGRADE_PROGRESS.slice(1), 'backup']);
    expect(observed.every((o) => o.status === 'Upgrading' && o.project === 'UPGRADING')).toBe(true);

    await t.h.waitForStatus(ref, t.owner.token, 'ACTIVE_HEALTHY');
    expect((await get(`/projects/${ref}`)).body.dbVersion).toBe(`strata-postgres-${server}`);
    expect((await v1('GET', `/projects/${ref}/upgrade/eligibility`)).body.eligible).toBe(false);
    expect(await count(ref)).toBe(20);
    const backups = await get(`/database/${ref}/backups/downloadable-backups`);
    expect(backups.body.backups.map((b: { kind: string }) => b.kind)).toEqual(['upgrade']);
    if (older) {
      const ext = await t.sql(ref, `select extversion from pg_extension where extname = 'pg_trgm'`);
      expect(ext.body[0].extversion).not.toBe(older);
    }
    const { rows } = await t.h.services.pool.query('select datconnlimit, datallowconn from pg_database where datname = $1', [`project_${ref}`]);
    expect(rows[0]).toEqual({ datconnlimit: 60, datallowconn: true });
    // Latest without tracking_id is the same upgrade.
    expect((await v1('GET', `/projects/${ref}/upgrade/status`)).body.databaseUpgradeStatus.tracking_id).toBe(trackingId);
  });
});

describe('developer switch', () => {
  it('fails the next pause: PAUSE_FAILED with the database still open and every row there', async () => {
    const ref = await t.createProject('Pause fails');
    await seed(ref);
    expect((await post(`/dev/projects/${ref}`, { fail_next: 'pause' })).body).toMatchObject({ fail_next: 'pause' });
    await post(`/projects/${ref}/pause`);
    const seen = await watchStatus(t.h, ref, t.owner.token, 'PAUSE_FAILED');
    expect(seen).not.toContain('INACTIVE');
    const owner = await t.ownerClient(ref);
    expect((await owner.query('select count(*)::int as n from items')).rows[0].n).toBe(20);
    // The backup of the failed pause is there to download (the failure screen's 'Download backup').
    expect((await get(`/database/${ref}/backups/downloadable-backups`)).body.backups).toHaveLength(1);
    const { rows } = await t.h.services.pool.query(
      `select o.status, o.error from project_operations o join projects p on p.id = o.project_id where p.ref = $1`,
      [ref],
    );
    expect(rows).toEqual([{ status: 'failed', error: expect.stringMatching(/developer switch/) }]);
    // The switch is used up: pausing again works; so does restoring from PAUSE_FAILED.
    await post(`/projects/${ref}/restore`);
    await watchStatus(t.h, ref, t.owner.token, 'ACTIVE_HEALTHY');
    await post(`/projects/${ref}/pause`);
    await watchStatus(t.h, ref, t.owner.token, 'INACTIVE');
  });

  it('fails the next restore: RESTORE_FAILED, then a second restore brings every row back', async () => {
    const ref = await t.createProject('Restore fails');
    await seed(ref);
    await post(`/projects/${ref}/pause`);
    await watchStatus(t.h, ref, t.owner.token, 'INACTIVE');
    await post(`/dev/projects/${ref}`, { fail_next: 'restore' });
    await post(`/projects/${ref}/restore`);
    const seen = await watchStatus(t.h, ref, t.owner.token, 'RESTORE_FAILED');
    expect(seen).not.toContain('ACTIVE_HEALTHY');
    expect((await post(`/projects/${ref}/pause`)).status).toBe(409);
    await post(`/projects/${ref}/restore`);
    await watchStatus(t.h, ref, t.owner.token, 'ACTIVE_HEALTHY');
    expect(await count(ref)).toBe(20);
  });

  it('fails the next upgrade: status Failed with the error, project running on its old version, data intact', async () => {
    const ref = await t.createProject('Upgrade fails');
    await seed(ref);
    await post(`/dev/projects/${ref}`, { fail_next: 'upgrade', db_version: 'strata-postgres-15.2' });
    const started = await v1('POST', `/projects/${ref}/upgrade`, { target_version: 'strata-postgres-' + t.h.services.postgresVersion });
    expect(started.status).toBe(200);
    const final = await waitForUpgrade(ref, started.body.tracking_id);
    expect(final).toMatchObject({ status: 'Failed', progress: '4_attached_volume_to_original_instance', error: expect.stringMatching(/developer switch/) });
    await t.h.waitForStatus(ref, t.owner.token, 'ACTIVE_HEALTHY');
    expect((await get(`/projects/${ref}`)).body.dbVersion).toBe('strata-postgres-15.2');
    expect(await count(ref)).toBe(20);
    const { rows } = await t.h.services.pool.query('select datconnlimit, datallowconn from pg_database where datname = $1', [`project_${ref}`]);
    expect(rows[0]).toEqual({ datconnlimit: 60, datallowconn: true });
    // Still eligible: a second upgrade succeeds.
    const again = await v1('POST', `/projects/${ref}/upgrade`, { target_version: '15' });
    expect((await waitForUpgrade(ref, again.body.tracking_id)).status).toBe('Upgraded');
  });

  it('validates its body and is not mounted without STRATA_DEV_SWITCHES=1', async () => {
    const ref = await t.createProject('Switch');
    for (const body of [{}, { fail_next: 'restart' }, { paused_at: 'yesterday' }, { db_version: '' }]) {
      const response = await post(`/dev/projects/${ref}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await post(`/dev/projects/${ref}`, { fail_next: null })).body).toMatchObject({ fail_next: null });
    const stranger = await t.h.user();
    expect((await t.h.call('POST', `/api/platform/dev/projects/${ref}`, { token: stranger.token, body: { fail_next: 'pause' } })).status).toBe(404);

    const off = await startPlatformHarness({ cluster: t.h.cluster });
    try {
      const user = await off.user();
      const response = await off.call('POST', `/api/platform/dev/projects/${ref}`, { token: user.token, body: { fail_next: 'pause' } });
      expect(response.status).toBe(404);
      expect(response.body.message).toMatch(/No API route/);
    } finally {
      await off.close();
    }
  });
});
