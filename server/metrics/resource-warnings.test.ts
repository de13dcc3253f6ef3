// Issue 21: the resource warnings (spec A2.12, A3) come from real measurements of the project's database — its size
// against a smaller disk given by the developer switch, read-only mode set on the database, refused auth mails —
// and only members read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { projectDatabase } from '../projects/names.ts';

let h: PlatformHarness;
let owner: TestUser;
let stranger: TestUser;
let ref: string;

beforeAll(async () => {
  h = await startPlatformHarness({ devSwitches: true });
  owner = await h.user('warnings-owner@example.com');
  stranger = await h.user('warnings-stranger@example.com');
  await h.call('GET', '/api/platform/profile', { token: stranger.token });
  ref = await h.activeProject(owner);
}, 120_000);
afterAll(async () => h?.close());

const warnings = (token = owner.token, query = `ref=${ref}`) => h.call('GET', `/api/platform/projects-resource-warnings?${query}`, { token });
const setDisk = (bytes: number | null) => h.call('POST', `/api/platform/dev/projects/${ref}`, { token: owner.token, body: { disk_size_bytes: bytes } });
const databaseBytes = async () =>
  Number((await h.services.pool.query('select pg_database_size($1)::text as b', [projectDatabase(ref)])).rows[0].b);

describe('projects-resource-warnings', () => {
  it('is quiet for a fresh project on its 8 GB disk', async () => {
    const { status, body } = await warnings();
    expect(status).toBe(200);
    expect(body).toEqual([
      expect.objectContaining({ project: ref, disk_space_exhaustion: null, is_readonly_mode_enabled: null, multiple_resource_warnings: null }),
    ]);
  });

  it('measures the database against the disk: warning from 80 %, critical from 90 %', async () => {
    const used = await databaseBytes();
    expect((await setDisk(Math.floor(used / 0.85))).status).toBe(200);
    expect((await warnings()).body[0].disk_space_exhaustion).toBe('warning');
    expect((await setDisk(Math.floor(used / 0.93))).status).toBe(200);
    expect((await warnings()).body[0].disk_space_exhaustion).toBe('critical');
    // Filling the database moves it from below the threshold to above it.
    expect((await setDisk(Math.floor((used + 3 * 1024 * 1024) / 0.82))).status).toBe(200);
    expect((await warnings()).body[0].disk_space_exhaustion).toBeNull();
    const fill = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, {
      token: owner.token,
      body: { query: "create table filler as select g, md5(g::text) || md5((g * 7)::text) as t from generate_series(1, 60000) g" },
    });
    expect(fill.status).toBe(200);
    expect((await warnings()).body[0].disk_space_exhaustion).not.toBeNull();
    await setDisk(null);
    expect((await warnings()).body[0].disk_space_exhaustion).toBeNull();
  });

  it('reports read-only mode set on the database, and both warnings together as multiple', async () => {
    await h.services.pool.query(`alter database ${projectDatabase(ref)} set default_transaction_read_only = on`);
    try {
      expect((await warnings()).body[0]).toMatchObject({ is_readonly_mode_enabled: 'critical', multiple_resource_warnings: null });
      await setDisk(Math.floor((await databaseBytes()) / 0.85));
      expect((await warnings()).body[0]).toMatchObject({ is_readonly_mode_enabled: 'critical', disk_space_exhaustion: 'warning', multiple_resource_warnings: 'critical' });
    } finally {
      await h.services.pool.query(`alter database ${projectDatabase(ref)} reset default_transaction_read_only`);
      await setDisk(null);
    }
  });

  it('reports refused auth mails of the past 24 hours', async () => {
    const pool = await h.services.pools.console(ref);
    await pool.query("create schema if not exists auth");
    const exists = (await pool.query("select to_regclass('auth.rate_limit_counters') is not null as e")).rows[0].e;
    if (!exists) {
      await pool.query('create table auth.rate_limit_counters (name text, key text, window_start timestamptz default now(), hits int, primary key (name, key))');
    }
    await pool.query("insert into auth.rate_limit_counters (name, key, window_start, hits) values ('email_sent', 'x@example.com', now() - interval '25 hours', 999)");
    expect((await warnings()).body[0].auth_rate_limit_exhaustion).toBeNull();
    await pool.query("insert into auth.rate_limit_counters (name, key, window_start, hits) values ('email_sent', 'y@example.com', now() - interval '1 hour', 31)");
    expect((await warnings()).body[0].auth_rate_limit_exhaustion).toBe('warning');
    await pool.query('delete from auth.rate_limit_counters');
  });

  it('answers only members: a stranger gets 404, bad input 400, the list holds only own projects', async () => {
    expect((await warnings(stranger.token)).status).toBe(404);
    expect((await warnings(owner.token, 'ref=NOT-A-REF')).status).toBe(400);
    expect((await warnings(owner.token, 'slug=Bad_Slug')).status).toBe(400);
    const all = await warnings(stranger.token, '');
    expect(all.status).toBe(200);
    expect(all.body).toEqual([]);
    expect((await warnings(owner.token, '')).body.map((w: { project: string }) => w.project)).toContain(ref);
    expect((await h.call('GET', `/api/platform/projects-resource-warnings?ref=${ref}`, { token: null })).status).toBe(401);
  });
});
