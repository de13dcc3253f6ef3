import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness } from '../testing/platform.ts';

// The project's own API URL answers to the project's keys (and only those), and describes its public tables.
let h: PlatformHarness;
let ref = '';
let otherRef = '';
let keys: Record<string, string> = {};
let otherAnon = '';
let ownerToken = '';

beforeAll(async () => {
  h = await startPlatformHarness();
  const owner = await h.user();
  ownerToken = owner.token;
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Key Org' } });
  const make = async (name: string) => {
    const created = await h.call('POST', '/api/platform/projects', {
      token: owner.token,
      body: { organization_slug: org.body.slug, name, db_pass: 'Strong-db-pass-123', db_region: 'local' },
    });
    await h.waitForStatus(created.body.ref, owner.token, 'ACTIVE_HEALTHY');
    return created.body.ref as string;
  };
  ref = await make('Keys');
  otherRef = await make('Other');
  const settings = await h.call('GET', `/api/platform/projects/${ref}/settings`, { token: owner.token });
  keys = Object.fromEntries(settings.body.service_api_keys.map((k: { tags: string; api_key: string }) => [k.tags, k.api_key]));
  const other = await h.call('GET', `/api/platform/projects/${otherRef}/settings`, { token: owner.token });
  otherAnon = other.body.service_api_keys.find((k: { tags: string }) => k.tags === 'anon').api_key;
  await h.call('POST', `/api/platform/pg-meta/${ref}/query`, {
    token: owner.token,
    body: { query: "create table public.todos (id int primary key); comment on table public.todos is 'Things to do'" },
  });
}, 120_000);

afterAll(async () => h?.close());

const rest = (path: string, headers: Record<string, string> = {}) => Promise.resolve(h.app.request(path, { headers }));

describe('project REST root /p/{ref}/rest/v1/', () => {
  it('answers to the anon and service_role keys with an OpenAPI document of the public tables', async () => {
    for (const key of [keys.anon!, keys.service_role!]) {
      const response = await rest(`/p/${ref}/rest/v1/`, { apikey: key });
      expect(response.status).toBe(200);
      const doc = await response.json();
      expect(doc.swagger).toBe('2.0');
      expect(doc.basePath).toBe(`/p/${ref}/rest/v1`);
      expect(doc.paths['/todos'].get.summary).toBe('Things to do');
    }
    const bearer = await rest(`/p/${ref}/rest/v1/`, { authorization: `Bearer ${keys.anon}` });
    expect(bearer.status).toBe(200);
  });

  it('refuses a missing key, a forged key and another project’s key', async () => {
    expect((await rest(`/p/${ref}/rest/v1/`)).status).toBe(401);
    expect((await rest(`/p/${ref}/rest/v1/`, { apikey: 'not-a-jwt' })).status).toBe(401);
    const [head, , sig] = keys.anon!.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ role: 'service_role', ref, iss: 'strata' })).toString('base64url');
    expect((await rest(`/p/${ref}/rest/v1/`, { apikey: `${head}.${forgedBody}.${sig}` })).status).toBe(401);
    expect((await rest(`/p/${ref}/rest/v1/`, { apikey: otherAnon })).status).toBe(401);
    expect((await rest(`/p/unknownref/rest/v1/`, { apikey: keys.anon! })).status).toBe(401);
  });

  it('records when each key was last used', async () => {
    await rest(`/p/${ref}/rest/v1/`, { apikey: keys.service_role! });
    const { rows } = await h.services.pool.query(
      `select k.name from key_usage k join projects p on p.id = k.project_id where p.ref = $1 order by k.name`,
      [ref],
    );
    expect(rows.map((r) => r.name)).toEqual(['anon', 'service_role']);
  });

  it('records key use on each platform of one process, though their project ids are the same', async () => {
    // A second platform in this process, on a platform database of its own: its first project has the id of ours.
    const second = await startPlatformHarness();
    try {
      const owner = await second.user();
      const org = await second.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Second' } });
      const created = await second.call('POST', '/api/platform/projects', {
        token: owner.token,
        body: { organization_slug: org.body.slug, name: 'Twin', db_pass: 'Strong-db-pass-123', db_region: 'local' },
      });
      await second.waitForStatus(created.body.ref, owner.token, 'ACTIVE_HEALTHY');
      const idOf = async (harness: PlatformHarness, project: string) =>
        (await harness.services.pool.query<{ id: number }>('select id from projects where ref = $1', [project])).rows[0]!.id;
      expect(await idOf(second, created.body.ref)).toBe(await idOf(h, ref));
      // Our anon key was recorded within the minute (the first test), under the same project id.
      const settings = await second.call('GET', `/api/platform/projects/${created.body.ref}/settings`, { token: owner.token });
      const anon = settings.body.service_api_keys.find((k: { tags: string }) => k.tags === 'anon').api_key as string;
      expect((await second.app.request(`/p/${created.body.ref}/rest/v1/`, { headers: { apikey: anon } })).status).toBe(200);
      const { rows } = await second.services.pool.query(
        `select k.name from key_usage k join projects p on p.id = k.project_id where p.ref = $1`,
        [created.body.ref],
      );
      expect(rows.map((r) => r.name)).toEqual(['anon']);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('tells the console when the keys were last used in the past 24 hours (spec A2.13)', async () => {
    const lastUsed = async (project: string) =>
      (await h.call('GET', `/api/platform/projects/${project}/api-keys/last-used`, { token: ownerToken })).body.last_used_at;
    expect(await lastUsed(otherRef)).toBeNull();
    const recent = await lastUsed(ref);
    expect(Date.now() - Date.parse(recent)).toBeLessThan(60_000);
    await h.services.pool.query(
      `update key_usage set last_used_at = now() - interval '25 hours' where project_id = (select id from projects where ref = $1)`,
      [ref],
    );
    expect(await lastUsed(ref)).toBeNull();
    const stranger = await h.user();
    expect((await h.call('GET', `/api/platform/projects/${ref}/api-keys/last-used`, { token: stranger.token })).status).toBe(404);
  });
});
