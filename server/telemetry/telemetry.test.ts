// The flag service and telemetry collector attacked (issue 21): no session → 401, another user's events unreadable,
// oversized or garbage payloads → 400 (never 500), secrets scrubbed before they are stored, flags changed only by
// platform admins and seen by everyone's next read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { TELEMETRY_EVENTS } from '../../src/domain/telemetry-events.ts';
import { platformAdminRule } from './admins.ts';

let h: PlatformHarness;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
const previousAdmins = process.env.STRATA_PLATFORM_ADMINS;

beforeAll(async () => {
  process.env.STRATA_PLATFORM_ADMINS = 'ops@example.com, @admins.test';
  h = await startPlatformHarness();
  alice = await h.user('alice-telemetry@example.com');
  bob = await h.user('bob-telemetry@example.com');
  admin = await h.user('flags@admins.test');
}, 120_000);
afterAll(async () => {
  if (previousAdmins === undefined) delete process.env.STRATA_PLATFORM_ADMINS;
  else process.env.STRATA_PLATFORM_ADMINS = previousAdmins;
  await h?.close();
});

const page = (pathname: string, extra: Record<string, unknown> = {}) => ({ kind: 'page', payload: { pathname, page_url: `http://x${pathname}`, ...extra } });

describe('telemetry collector', () => {
  it('refuses calls without a session', async () => {
    for (const [method, path] of [
      ['POST', '/api/platform/telemetry/collect'],
      ['GET', '/api/platform/telemetry/events'],
      ['GET', '/api/platform/telemetry/remote-flags'],
      ['PUT', '/api/platform/telemetry/flags/remote/unifiedLogs'],
      ['POST', '/api/platform/telemetry/errors'],
    ] as const) {
      expect((await h.call(method, path, { token: null, ...(method === 'GET' ? {} : { body: { items: [page('/x')] } }) })).status).toBe(401);
    }
  });

  it("stores the caller's events, readable by them and admins only", async () => {
    const sent = await h.call('POST', '/api/platform/telemetry/collect', { token: alice.token, body: { items: [page('/project/abc'), { kind: 'identify', payload: { user_id: alice.id } }] } });
    expect(sent.status).toBe(201);
    const own = await h.call('GET', '/api/platform/telemetry/events', { token: alice.token });
    expect(own.body.map((e: { kind: string }) => e.kind)).toEqual(['identify', 'page']);
    // Bob sees none of Alice's, and cannot ask for them.
    expect((await h.call('GET', '/api/platform/telemetry/events', { token: bob.token })).body).toEqual([]);
    expect((await h.call('GET', `/api/platform/telemetry/events?profile_id=${alice.id}`, { token: bob.token })).status).toBe(403);
    const asAdmin = await h.call('GET', `/api/platform/telemetry/events?profile_id=${alice.id}&kind=page`, { token: admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toHaveLength(1);
  });

  it('answers oversized and garbage payloads with 400, never 500', async () => {
    const post = (body: unknown) => h.request('POST', '/api/platform/telemetry/collect', { token: bob.token, body });
    const cases: unknown[] = [
      '{not json',
      'null',
      { items: [] },
      { items: Array.from({ length: 21 }, (_, n) => page(`/p${n}`)) },
      { items: [{ kind: 'rm -rf', payload: {} }] },
      { items: [{ kind: 'page', payload: 'a string' }] },
      { items: [page('/x', { blob: 'x'.repeat(9000) })] },
      'x'.repeat(300 * 1024),
      { items: [{ kind: 'identify', payload: { user_id: 42 } }] },
      `{"items":[{"kind":"page","payload":{"deep":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}]}`,
    ];
    for (const body of cases) {
      const response = await post(body);
      expect(response.status, String(typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 60)).toBe(400);
      expect((await response.json()).message).toEqual(expect.any(String));
    }
    for (const [path, body] of [
      ['/api/platform/telemetry/errors', { message: '' }],
      ['/api/platform/telemetry/feature-flags/track', { feature_flag_name: '<script>', feature_flag_value: true }],
      ['/api/platform/telemetry/identify', {}],
    ] as const) {
      expect((await h.call('POST', path, { token: bob.token, body })).status).toBe(400);
    }
    expect((await h.call('GET', '/api/platform/telemetry/events?limit=abc', { token: bob.token })).status).toBe(400);
    expect((await h.call('GET', '/api/platform/telemetry/events?profile_id=1;drop', { token: bob.token })).status).toBe(400);
  });

  it('scrubs tokens, keys, e-mails and passwords from urls, payloads and client errors before storing', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const secrets = [jwt, 'carol@example.org', 'hunter2-pass', 'strata_secret_0123456789abcdef', 'refresh-xyz'];
    await h.call('POST', '/api/platform/telemetry/collect', {
      token: bob.token,
      body: {
        items: [
          page('/project/abc/settings/api-keys', {
            page_url: `http://127.0.0.1/dashboard/sign-in#access_token=${jwt}&refresh_token=refresh-xyz`,
            page_title: 'carol@example.org',
            custom: { password: 'hunter2-pass', note: 'key strata_secret_0123456789abcdef' },
          }),
        ],
      },
    });
    await h.call('POST', '/api/platform/telemetry/errors', {
      token: bob.token,
      body: { message: `Failed for carol@example.org with Bearer ${jwt}`, stack: 'at postgres://u:hunter2-pass@db/x', url: '/x?apikey=strata_secret_0123456789abcdef' },
    });
    const stored = JSON.stringify((await h.call('GET', '/api/platform/telemetry/events', { token: bob.token })).body);
    for (const secret of secrets) expect(stored).not.toContain(secret);
    expect(stored).toContain('/project/abc/settings/api-keys');
    expect(stored).toContain('client_error');
    // Straight from the table too.
    const raw = await h.services.pool.query("select payload::text from telemetry_events where profile_id = $1", [bob.id]);
    for (const secret of secrets) expect(raw.rows.map((r) => r.payload).join('\n')).not.toContain(secret);
  });
  it("stores the console's custom events under their own names (the merge-request button's 42-character name was scrubbed)", async () => {
    const items = Object.values(TELEMETRY_EVENTS).map((action) => ({ kind: 'event', payload: { action, custom_properties: {}, pathname: '/dashboard/project/abc' } }));
    expect((await h.call('POST', '/api/platform/telemetry/collect', { token: alice.token, body: { items } })).status).toBe(201);
    const stored = (await h.call('GET', '/api/platform/telemetry/events?kind=event', { token: alice.token })).body as { payload: { action: string } }[];
    expect(stored.map((e) => e.payload.action).sort()).toEqual(Object.values(TELEMETRY_EVENTS).sort());
  });
});

describe('flag service', () => {
  it('only platform admins change flags; every user reads the change at the next read', async () => {
    expect((await h.call('PUT', '/api/platform/telemetry/flags/remote/unifiedLogs', { token: alice.token, body: { value: true } })).status).toBe(403);
    expect((await h.call('GET', '/api/platform/telemetry/admin', { token: alice.token })).body).toEqual({ admin: false });
    expect((await h.call('GET', '/api/platform/telemetry/admin', { token: admin.token })).body).toEqual({ admin: true });
    expect((await h.call('PUT', '/api/platform/telemetry/flags/remote/unifiedLogs', { token: admin.token, body: { value: true } })).status).toBe(200);
    expect((await h.call('PUT', '/api/platform/telemetry/flags/analytics/homeNew', { token: admin.token, body: { value: 'test' } })).status).toBe(200);
    // The platform's default (replicationEnabled on: replicas are built here) beside what the admin stored.
    expect((await h.call('GET', '/api/platform/telemetry/remote-flags', { token: bob.token })).body).toEqual([
      { settingKey: 'replicationEnabled', settingValue: true },
      { settingKey: 'unifiedLogs', settingValue: true },
    ]);
    expect((await h.call('GET', '/api/platform/telemetry/feature-flags', { token: bob.token })).body).toEqual({ homeNew: 'test' });
    await h.call('PUT', '/api/platform/telemetry/flags/remote/unifiedLogs', { token: admin.token, body: { value: false } });
    expect((await h.call('GET', '/api/platform/telemetry/remote-flags', { token: alice.token })).body).toEqual([
      { settingKey: 'replicationEnabled', settingValue: true },
      { settingKey: 'unifiedLogs', settingValue: false },
    ]);
    expect((await h.call('DELETE', '/api/platform/telemetry/flags/remote/unifiedLogs', { token: alice.token })).status).toBe(403);
    expect((await h.call('DELETE', '/api/platform/telemetry/flags/remote/unifiedLogs', { token: admin.token })).status).toBe(204);
  });

  it("serves replicationEnabled on by default; an admin can turn it off, and a reset returns to the default", async () => {
    const served = async () => (await h.call('GET', '/api/platform/telemetry/remote-flags', { token: bob.token })).body as { settingKey: string; settingValue: unknown }[];
    expect(await served()).toEqual([{ settingKey: 'replicationEnabled', settingValue: true }]);
    expect((await h.call('PUT', '/api/platform/telemetry/flags/remote/replicationEnabled', { token: admin.token, body: { value: false } })).status).toBe(200);
    expect(await served()).toEqual([{ settingKey: 'replicationEnabled', settingValue: false }]);
    expect((await h.call('DELETE', '/api/platform/telemetry/flags/remote/replicationEnabled', { token: admin.token })).status).toBe(204);
    expect(await served()).toEqual([{ settingKey: 'replicationEnabled', settingValue: true }]);
  });

  it('refuses bad flag writes with 400', async () => {
    for (const [path, body] of [
      ['/api/platform/telemetry/flags/remote/has%20space', { value: true }],
      ['/api/platform/telemetry/flags/elsewhere/x', { value: true }],
      ['/api/platform/telemetry/flags/remote/x', { value: { nested: true } }],
      ['/api/platform/telemetry/flags/remote/x', {}],
    ] as const) {
      expect((await h.call('PUT', path, { token: admin.token, body })).status, path).toBe(400);
    }
  });

  it('admins by address or domain, only confirmed ones', () => {
    const rule = platformAdminRule({ STRATA_PLATFORM_ADMINS: 'ops@example.com, @admins.test' });
    expect(rule('OPS@example.com')).toBe(true);
    expect(rule('x@admins.test')).toBe(true);
    expect(rule('x@evil-admins.test')).toBe(false);
    expect(rule('ops@example.com.evil')).toBe(false);
    expect(platformAdminRule({})('ops@example.com')).toBe(false);
  });
});
