// Compute and disk, disk enforcement, add-ons, infrastructure (issue 20) on real Postgres: the disk call's validation
// (per-type and per-compute limits, no shrinking) and its 6 h cooldown; a database filling a tiny disk goes read-only
// (writes fail), members get one notification per crossing, and growing the disk lifts it; add-ons are stored and
// read, owners only; branching is refused on the free plan; the infrastructure figures are measured.
import { ident } from '@scaleleap/pg-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDatabase } from '../projects/names.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { enforceDiskLimits, measureDiskUse } from './disk-enforcement.ts';

let h: PlatformHarness;
let owner: TestUser;
let developer: TestUser;
let stranger: TestUser;
let ref: string;

const disk = (as = owner) => h.call('GET', `/api/platform/projects/${ref}/disk`, { token: as.token });
const postDisk = (attributes: Record<string, unknown>, as = owner) =>
  h.call('POST', `/api/platform/projects/${ref}/disk`, { token: as.token, body: { attributes } });
const sql = (query: string) => h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query } });
const clearCooldown = () => h.services.pool.query(`update project_disks set last_modified_at = null where project_id = (select id from projects where ref = $1)`, [ref]);

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user();
  developer = await h.user();
  stranger = await h.user();
  ref = await h.activeProject(owner);
  await h.call('GET', '/api/platform/profile', { token: developer.token });
  await h.services.pool.query(
    `insert into members (organization_id, profile_id, role) select organization_id, $2, 'developer' from projects where ref = $1`,
    [ref, developer.id],
  );
}, 120_000);
afterAll(async () => h?.close());

describe('disk attributes', () => {
  it('reads the default disk: 8 GB gp3, 3000 IOPS, 125 MBps, never changed', async () => {
    const read = await disk();
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ attributes: { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 }, last_modified_at: null });
    expect((await disk(stranger)).status).toBe(404);
  });

  it('refuses strangers, members below administrator, and attributes outside the limits', async () => {
    expect((await postDisk({ type: 'gp3', size_gb: 10, iops: 3000 }, stranger)).status).toBe(404);
    const denied = await postDisk({ type: 'gp3', size_gb: 10, iops: 3000 }, developer);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You need additional permissions to update disk attributes');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ type: 'ssd', size_gb: 10, iops: 3000 }, /type/],
      [{ type: 'gp3', size_gb: 0, iops: 3000 }, /between 1 and 16384/],
      [{ type: 'gp3', size_gb: 20000, iops: 3000 }, /between 1 and 16384/],
      [{ type: 'gp3', size_gb: 4, iops: 3000 }, /cannot be reduced below the current 8 GB/],
      [{ type: 'gp3', size_gb: 10, iops: 2000 }, /IOPS must be a whole number between 3000 and 16000/],
      // spec B9: micro's IOPS ceiling is 500, so nothing above gp3's 3000 baseline.
      [{ type: 'gp3', size_gb: 10, iops: 4000 }, /IOPS cannot exceed 3000 on this compute size/],
      [{ type: 'gp3', size_gb: 10, iops: 3000, throughput_mbps: 2000 }, /Throughput must be a whole number between 125 and 1000/],
      [{ type: 'io2', size_gb: 10, iops: 1500, throughput_mbps: 200 }, /Throughput applies to gp3 disks only/],
      [{ type: 'io2', size_gb: 10, iops: 1000 }, /between 1500 and 256000/],
      [{ type: 'gp3', size_gb: 10.5, iops: 3000 }, /integer/],
    ];
    for (const [attributes, message] of cases) {
      const answer = await postDisk(attributes);
      expect(answer.status, JSON.stringify(attributes)).toBe(400);
      expect(answer.body.message, JSON.stringify(attributes)).toMatch(message);
    }
    expect((await disk()).body.last_modified_at).toBeNull();
  });

  it('applies a change, then refuses the next one for 6 hours', async () => {
    const changed = await postDisk({ type: 'gp3', size_gb: 12, iops: 3000, throughput_mbps: 250 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.attributes).toEqual({ type: 'gp3', size_gb: 12, iops: 3000, throughput_mbps: 250 });
    expect(Date.now() - Date.parse(changed.body.last_modified_at)).toBeLessThan(60_000);
    const again = await postDisk({ type: 'gp3', size_gb: 14, iops: 3000 });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/can be changed again in 5 h 59 min|can be changed again in 6 h/);
    // Five hours later: still inside; six hours and a minute later: allowed.
    await h.services.pool.query(`update project_disks set last_modified_at = now() - interval '5 hours' where project_id = (select id from projects where ref = $1)`, [ref]);
    expect((await postDisk({ type: 'gp3', size_gb: 14, iops: 3000 })).body.message).toMatch(/can be changed again in 1 h/);
    await h.services.pool.query(`update project_disks set last_modified_at = now() - interval '6 hours 1 minute' where project_id = (select id from projects where ref = $1)`, [ref]);
    const io2 = await postDisk({ type: 'io2', size_gb: 14, iops: 1500 });
    expect(io2.status, JSON.stringify(io2.body)).toBe(200);
    expect(io2.body.attributes).toEqual({ type: 'io2', size_gb: 14, iops: 1500 });
  });
});

describe('disk enforcement', () => {
  const notifications = async () =>
    (await h.call('GET', '/api/platform/notifications?status=new', { token: owner.token })).body.filter?.((n: { data: { title: string } }) =>
      /read-only mode: its disk limit is near/.test(n.data.title),
    ) ?? [];

  it('puts a database at 95 % of a tiny disk in read-only mode, and growing the disk lifts it', async () => {
    expect((await sql('create table public.filler (id int primary key, body text)')).status).toBe(200);
    const [use] = await measureDiskUse(h.services.pool, ref);
    expect(use!.databaseBytes).toBeGreaterThan(1_000_000);
    // A disk just 2 % larger than the database (the developer switch's smaller disk, in bytes): 98 % full.
    await h.services.pool.query(`update project_disks set dev_size_bytes = $2 where project_id = (select id from projects where ref = $1)`, [
      ref,
      Math.ceil(use!.databaseBytes / 0.98),
    ]);
    expect(await enforceDiskLimits(h.services.pool, h.services.pools, ref)).toEqual({ [ref]: 'set' });
    const refused = await sql(`insert into public.filler values (1, 'x')`);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(refused.body)).toMatch(/read-only transaction/);
    // The banner's read-only warning and the infrastructure page see it.
    const warnings = await h.call('GET', `/api/platform/projects-resource-warnings?ref=${ref}`, { token: owner.token });
    expect(warnings.body[0].is_readonly_mode_enabled).toBe('critical');
    const figures = await h.call('GET', `/api/platform/projects/${ref}/infrastructure`, { token: owner.token });
    expect(figures.body.disk).toMatchObject({ read_only: true, read_only_enforced: true });
    // Measured again while still full: nothing changes and no second notification.
    expect(await enforceDiskLimits(h.services.pool, h.services.pools, ref)).toEqual({});
    expect(await notifications()).toHaveLength(1);
    // The setting lost under the platform's mark (as a restore into a fresh database would): set again, no new notice.
    await h.services.pool.query(`alter database ${ident(projectDatabase(ref))} reset default_transaction_read_only`);
    expect(await enforceDiskLimits(h.services.pool, h.services.pools, ref)).toEqual({ [ref]: 'set' });
    expect(JSON.stringify((await sql(`insert into public.filler values (1, 'x')`)).body)).toMatch(/read-only transaction/);
    expect(await notifications()).toHaveLength(1);

    await clearCooldown();
    const grown = await postDisk({ type: 'io2', size_gb: 20, iops: 1500 });
    expect(grown.status, JSON.stringify(grown.body)).toBe(200);
    const accepted = await sql(`insert into public.filler values (1, 'x') returning id`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await h.call('GET', `/api/platform/projects/${ref}/infrastructure`, { token: owner.token })).body.disk).toMatchObject({
      read_only: false,
      read_only_enforced: false,
    });
  });

  it('lifts it when space is freed, and notifies again at the next crossing', async () => {
    await sql(`insert into public.filler select g, repeat('x', 2000) from generate_series(2, 3000) g`);
    const [use] = await measureDiskUse(h.services.pool, ref);
    await h.services.pool.query(`update project_disks set dev_size_bytes = $2 where project_id = (select id from projects where ref = $1)`, [
      ref,
      Math.ceil(use!.databaseBytes / 0.96),
    ]);
    expect(await enforceDiskLimits(h.services.pool, h.services.pools, ref)).toEqual({ [ref]: 'set' });
    expect(await notifications()).toHaveLength(2);
    // Freeing space needs read-only mode overridden for the session (spec A2.12's 'manually override').
    const freed = await sql('set transaction read write; drop table public.filler;');
    expect(freed.status, JSON.stringify(freed.body)).toBe(200);
    expect(await enforceDiskLimits(h.services.pool, h.services.pools, ref)).toEqual({ [ref]: 'lifted' });
    expect((await sql('create table public.after_free (id int)')).status).toBe(200);
    // A read-only mode set by hand is not the platform's to lift.
    await h.services.pool.query(`update project_disks set dev_size_bytes = null where project_id = (select id from projects where ref = $1)`, [ref]);
    expect(await enforceDiskLimits(h.services.pool, h.services.pools, ref)).toEqual({});
  });
});

describe('add-ons', () => {
  const addons = (as = owner) => h.call('GET', `/api/platform/projects/${ref}/billing/addons`, { token: as.token });
  const select = (body: unknown, as = owner) => h.call('POST', `/api/platform/projects/${ref}/billing/addons`, { token: as.token, body });

  it('stores and reads selected add-ons; only owners may change them', async () => {
    expect((await addons()).body).toEqual({ selected_addons: [] });
    expect((await addons(stranger)).status).toBe(404);
    const denied = await select({ addon_type: 'pitr', addon_variant: 'pitr_7' }, developer);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You need additional permissions to amend subscriptions');
    expect((await select({ addon_type: 'pitr', addon_variant: 'pitr_99' })).status).toBe(400);
    expect((await select({ addon_type: 'compute_instance', addon_variant: 'ci_small' })).status).toBe(400);
    expect((await select({ addon_type: 'pitr', addon_variant: 'pitr_7' })).status).toBe(201);
    expect((await select({ addon_type: 'pitr', addon_variant: 'pitr_14' })).status).toBe(201);
    expect((await select({ addon_type: 'ipv4', addon_variant: 'ipv4_default' })).status).toBe(201);
    expect((await addons(developer)).body.selected_addons).toEqual([
      { type: 'ipv4', variant: { identifier: 'ipv4_default' } },
      { type: 'pitr', variant: { identifier: 'pitr_14' } },
    ]);
    expect((await h.call('DELETE', `/api/platform/projects/${ref}/billing/addons/ipv4_default`, { token: developer.token })).status).toBe(403);
    expect((await h.call('DELETE', `/api/platform/projects/${ref}/billing/addons/ipv4_default`, { token: owner.token })).status).toBe(200);
    expect((await h.call('DELETE', `/api/platform/projects/${ref}/billing/addons/ipv4_default`, { token: owner.token })).status).toBe(404);
    expect((await addons()).body.selected_addons).toEqual([{ type: 'pitr', variant: { identifier: 'pitr_14' } }]);
  });
});

describe('branching on the free plan', () => {
  it('is refused on the server until the organization is on a paid plan', async () => {
    const refused = await h.call('POST', `/api/v1/projects/${ref}/branches`, { token: owner.token, body: { branch_name: 'main', is_default: true } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Preview branches are available on paid plans: upgrade the organization first');
    await h.services.pool.query(`update organizations set plan_id = 'pro' where id = (select organization_id from projects where ref = $1)`, [ref]);
    const enabled = await h.call('POST', `/api/v1/projects/${ref}/branches`, { token: owner.token, body: { branch_name: 'main', is_default: true } });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(201);
  });
});

describe('infrastructure figures', () => {
  it("measures the database's size, disk, connections and backend memory", async () => {
    // Hold one connection open so there is a backend to measure.
    const pool = await h.services.pools.console(ref);
    const client = await pool.connect();
    try {
      const figures = await h.call('GET', `/api/platform/projects/${ref}/infrastructure`, { token: owner.token });
      expect(figures.status).toBe(200);
      expect(figures.body.compute_size).toBe('ci_micro');
      expect(figures.body.disk.database_bytes).toBeGreaterThan(1_000_000);
      expect(figures.body.disk.disk_bytes).toBe(20 * 1024 ** 3);
      expect(figures.body.connections.limit).toBe(60);
      expect(figures.body.connections.total).toBeGreaterThanOrEqual(1);
      expect(figures.body.memory.backends).toBe(figures.body.connections.total);
      expect(figures.body.memory.backend_bytes).toBeGreaterThan(0);
      expect(figures.body.cpu.cores).toBeGreaterThan(0);
      expect(figures.body.disk_io.blocks_hit).toBeGreaterThan(0);
    } finally {
      client.release();
    }
    expect((await h.call('GET', `/api/platform/projects/${ref}/infrastructure`, { token: stranger.token })).status).toBe(404);
  });
});
