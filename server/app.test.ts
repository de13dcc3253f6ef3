// The route table: every /api route refuses a missing or bad token (401) and a non-member (404/403), and no
// input, however odd, gets a 5xx or a stack trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listApiRoutes, type ApiRoute } from './app.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from './testing/platform.ts';

let h: PlatformHarness;
let owner: TestUser;
let stranger: TestUser;
let slug: string;
let ref: string;
/** Lifecycle calls (pause, restart, upgrade…) really change a project's status: fuzzing sends them to this one. */
let spareRef: string;
let routes: ApiRoute[];

/** Routes about the caller's own data: a stranger is simply another user there. */
const USER_SCOPED = new Set([
  'GET /api/platform/profile',
  'POST /api/platform/profile',
  'GET /api/platform/organizations',
  'POST /api/platform/organizations',
  'GET /api/platform/profile/permissions',
  // The exit survey arrives as the project goes away; without orgSlug it names nothing of anyone else's.
  'POST /api/platform/feedback/downgrade',
  // Without ?ref= or ?slug= the caller's own projects' warnings (a stranger's ref: 404, metrics/resource-warnings.test.ts).
  'GET /api/platform/projects-resource-warnings',
  // The assistant (a project only with ?ref, checked: assistant.test.ts) and the feedback widget (a named project or
  // organization must be the caller's: feedback.test.ts) are the caller's own.
  'GET /api/platform/assistant/status',
  'POST /api/platform/assistant/chat',
  'POST /api/platform/feedback/send',
  // The caller's own notifications: every query is limited to the signed-in user (another user's ids: 404 and nothing
  // changed, notifications.test.ts).
  'GET /api/platform/notifications',
  'GET /api/platform/notifications/summary',
  'PATCH /api/platform/notifications',
  'PATCH /api/platform/notifications/archive-all',
  // Flags are the platform's, the same for every signed-in user; the telemetry a user sends and reads is their own
  // (another user's events: 403; flag writes by non-admins: 403, telemetry.test.ts).
  'GET /api/platform/telemetry/remote-flags',
  'GET /api/platform/telemetry/feature-flags',
  'GET /api/platform/telemetry/admin',
  'POST /api/platform/telemetry/feature-flags/track',
  'POST /api/platform/telemetry/collect',
  'POST /api/platform/telemetry/identify',
  'POST /api/platform/telemetry/event',
  'POST /api/platform/telemetry/errors',
  'GET /api/platform/telemetry/events',
  // The caller's own personal access tokens (/account/tokens), like the profile.
  'GET /api/platform/profile/access-tokens',
  'POST /api/platform/profile/access-tokens',
]);

const MOVES_STATUS = /\/(pause|restore|restart|resize|upgrade)$/;

// toWellFormed: a URL cannot carry a lone surrogate (clients send its bytes percent-encoded, tested separately).
const encode = (segment: string) => encodeURIComponent(segment.toWellFormed());
const fill = (path: string, params: { slug: string; ref: string }) =>
  path.replace(':slug', encode(params.slug)).replace(':ref', encode(params.ref));

function validBody(route: ApiRoute): unknown {
  const key = `${route.method} ${route.path}`;
  if (key === 'POST /api/platform/projects') {
    return { organization_slug: slug, name: 'x', db_pass: 'long enough', db_region: 'local', cloud_provider: 'AWS', postgres_engine: '15' };
  }
  if (key.endsWith('/available-versions')) return { provider: 'AWS', region: 'local' };
  if (key.endsWith('/query')) return { query: 'select $1::text as v', parameters: ['x'] };
  if (key.endsWith('/resize')) return { compute_size: 'ci_small' };
  if (key.endsWith('/restore')) return { postgres_engine: '15', release_channel: 'ga' };
  if (key.endsWith('/upgrade')) return { target_version: '15', release_channel: 'ga' };
  if (key.endsWith('/backups/download')) return { id: 1 };
  if (key.endsWith('/oauth/authorizations/:id/consent')) return { action: 'deny' };
  if (key.endsWith('/feedback/downgrade')) return { projectRef: ref, orgSlug: slug, reasons: '- Too expensive', additionalFeedback: '', exitAction: 'delete' };
  if (route.method === 'PATCH') return { name: 'renamed', plan: 'pro', organization_requires_mfa: false, usage_billing_enabled: false };
  if (key === 'POST /api/platform/organizations') return { name: 'Mine', plan: 'free' };
  return undefined;
}

const noStack = (text: string) => !/\n\s+at |node_modules|\.ts:\d+/.test(text);

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user();
  stranger = await h.user();
  slug = (await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Owned' } })).body.slug;
  const project = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: slug, name: 'Owned project', db_pass: 'long enough', db_region: 'local' },
  });
  ref = project.body.ref;
  const spare = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: slug, name: 'Spare project', db_pass: 'long enough', db_region: 'local' },
  });
  spareRef = spare.body.ref;
  await h.waitForStatus(ref, owner.token, 'ACTIVE_HEALTHY');
  await h.waitForStatus(spareRef, owner.token, 'ACTIVE_HEALTHY');
  routes = listApiRoutes(h.app);
});
afterAll(async () => h?.close());

describe('route table', () => {
  it('lists every API route of the issue', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/platform/profile',
        'POST /api/platform/organizations',
        'DELETE /api/platform/organizations/:slug',
        'GET /api/platform/organizations/:slug/members/reached-free-project-limit',
        'GET /api/platform/organizations/:slug/projects',
        'GET /api/platform/organizations/:slug/usage',
        'POST /api/platform/organizations/:slug/available-versions',
        'POST /api/platform/projects',
        'GET /api/platform/projects/:ref/settings',
        'GET /api/platform/projects/:ref/api/rest',
        'GET /api/platform/projects/:ref/api-keys/last-used',
        'POST /api/platform/pg-meta/:ref/query',
        'GET /api/platform/pg-meta/:ref/extensions',
        // issue 8: storage
        'POST /api/platform/projects/:ref/api-keys/temporary',
        'GET /api/platform/projects/:ref/config/storage',
        'PATCH /api/platform/projects/:ref/config/storage',
        'GET /api/platform/projects/:ref/storage/endpoints',
        'GET /api/platform/storage/:ref/buckets',
        'POST /api/platform/storage/:ref/buckets',
        'PATCH /api/platform/storage/:ref/buckets/:id',
        'DELETE /api/platform/storage/:ref/buckets/:id',
        'POST /api/platform/storage/:ref/buckets/:id/empty',
        'POST /api/platform/storage/:ref/buckets/:id/objects/list',
        'POST /api/platform/storage/:ref/buckets/:id/objects/move',
        'POST /api/platform/storage/:ref/buckets/:id/objects/copy',
        'DELETE /api/platform/storage/:ref/buckets/:id/objects',
        'POST /api/platform/storage/:ref/buckets/:id/objects/delete-prefix',
        'POST /api/platform/storage/:ref/buckets/:id/objects/download',
        'POST /api/platform/storage/:ref/buckets/:id/objects/sign',
        'POST /api/platform/projects/:ref/pause',
        'GET /api/platform/projects/:ref/pause/status',
        'POST /api/platform/projects/:ref/restore',
        'GET /api/platform/projects/:ref/restore/versions',
        'POST /api/platform/projects/:ref/restart',
        'POST /api/platform/projects/:ref/resize',
        'GET /api/platform/database/:ref/backups/downloadable-backups',
        'POST /api/platform/database/:ref/backups',
        'POST /api/platform/database/:ref/backups/download',
        'POST /api/platform/storage/:ref/archive',
        'GET /api/platform/storage/:ref/archive',
        'POST /api/platform/feedback/downgrade',
        'GET /api/platform/profile/permissions',
        'GET /api/v1/projects/:ref/upgrade/eligibility',
        'POST /api/v1/projects/:ref/upgrade',
        'GET /api/v1/projects/:ref/upgrade/status',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(25);
  });

  it('answers 401 with a JSON message to a missing, malformed or invalid token on every route', async () => {
    for (const route of routes) {
      const path = fill(route.path, { slug, ref });
      for (const token of [null, 'not-a-jwt', owner.token.slice(0, -4) + 'AAAA']) {
        const response = await h.call(route.method, path, { token, body: validBody(route) });
        expect(response.status, `${route.method} ${route.path} token=${token?.slice(0, 8)}`).toBe(401);
        expect(typeof response.body.message).toBe('string');
      }
      const basic = await h.app.request(path, { method: route.method, headers: { authorization: 'Basic abc' } });
      expect(basic.status).toBe(401);
    }
  });

  it('answers 404 (or 403) to a signed-in non-member on every organization or project route', async () => {
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (USER_SCOPED.has(key)) continue;
      const response = await h.call(route.method, fill(route.path, { slug, ref }), { token: stranger.token, body: validBody(route) });
      expect([403, 404], `${key} → ${response.status} ${JSON.stringify(response.body)}`).toContain(response.status);
    }
    // The owner's resources are untouched and still visible to the owner only.
    expect((await h.call('GET', '/api/platform/organizations', { token: stranger.token })).body).toEqual([]);
    expect((await h.call('GET', `/api/platform/projects/${ref}`, { token: owner.token })).status).toBe(200);
  });

  it('answers unknown /api paths with a JSON 404, never a page', async () => {
    for (const path of ['/api', '/api/nope', '/api/platform/nope', '/api/v1/projects']) {
      const response = await h.call('GET', path, { token: owner.token });
      expect(response.status, path).toBe(404);
      expect(response.body.message).toMatch(/No API route/);
    }
  });
});

describe('fuzzing', () => {
  // Characters that break naive code often: NUL and lone surrogates (Postgres refuses them), quotes, LIKE
  // wildcards, separators; mixed with ordinary ones.
  const unit = fc.oneof(
    fc.constantFrom('\u0000', '\ud800', '\udc00', "'", '"', '\\', '%', '_', ',', '\n', ' ', '-', 'é', '😀'),
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
  );
  const json = fc.jsonValue({ maxDepth: 3, stringUnit: unit });
  const value = fc.oneof(fc.string({ unit }), json);
  /** Mostly a valid body with some fields replaced by odd values (reaches the database), sometimes anything. */
  const bodyFor = (route: ApiRoute) => {
    const base = validBody(route);
    const anything = fc.oneof(json, fc.string({ unit }));
    if (!base || typeof base !== 'object') return anything;
    const fields = Object.fromEntries(Object.keys(base).map((key) => [key, value]));
    const mutated = fc.record(fields, { requiredKeys: [] }).map((override) => ({ ...base, ...override }));
    return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: anything });
  };

  /** Deeply nested JSON as text: `[[[…]]]` or `{"a":{"a":…}}` (issue 13 §9: a stack overflow must be a 400). */
  const deepJson = fc.tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean()).map(([depth, arrays]) =>
    arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );
  /** Large strings, up to the API's body limit's neighbourhood. */
  const bigString = fc.integer({ min: 10_000, max: 4_000_000 }).map((n) => JSON.stringify('x'.repeat(n)));
  /** A body as text: a valid one with one field replaced by deep or big JSON text, or deep/big JSON alone. */
  const hostileBodyFor = (route: ApiRoute) => {
    const base = validBody(route);
    const hostile = fc.oneof(deepJson, bigString);
    if (!base || typeof base !== 'object') return hostile;
    const keys = Object.keys(base);
    return fc.oneof(
      hostile,
      fc.tuple(fc.constantFrom(...keys), hostile).map(([key, text]) =>
        JSON.stringify({ ...base, [key]: '__HOSTILE__' }).replace('"__HOSTILE__"', text),
      ),
    );
  };

  async function expectNoServerError(route: ApiRoute, body: unknown) {
    const target = MOVES_STATUS.test(route.path) ? spareRef : ref;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await h.request(route.method, fill(route.path, { slug, ref: target }), { token: owner.token, body: text });
    const answer = await response.text();
    expect(response.status, `${route.method} ${route.path} ${text.slice(0, 200)} → ${answer.slice(0, 300)}`).toBeLessThan(500);
    expect(noStack(answer)).toBe(true);
  }

  // Every POST/PATCH/PUT route gets its own runs (issue 13, "Done when"): a random pick could skip one.
  it('never answers 5xx or a stack trace to random bodies, on every write route', async () => {
    const writable = routes.filter((r) => r.method === 'POST' || r.method === 'PATCH' || r.method === 'PUT');
    expect(writable.length).toBeGreaterThanOrEqual(20);
    for (const route of writable) {
      await fc.assert(
        fc.asyncProperty(bodyFor(route), (body) => expectNoServerError(route, body)),
        { numRuns: 12 },
      );
    }
  }, 240_000);

  it('never answers 5xx to deeply nested or very large JSON, in every field of every write route', async () => {
    const writable = routes.filter((r) => r.method === 'POST' || r.method === 'PATCH' || r.method === 'PUT');
    const hostile = [
      `${'['.repeat(20_000)}1${']'.repeat(20_000)}`,
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
      `[${'['.repeat(20_000)}1${']'.repeat(20_000)}]`,
      JSON.stringify('x'.repeat(3_000_000)),
    ];
    for (const route of writable) {
      const body = validBody(route);
      const base = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      const keys = Object.keys(base);
      for (const text of hostile) {
        await expectNoServerError(route, text);
        for (const key of keys) {
          await expectNoServerError(route, JSON.stringify({ ...base, [key]: '__HOSTILE__' }).replace('"__HOSTILE__"', text));
        }
      }
      await fc.assert(
        fc.asyncProperty(hostileBodyFor(route), (body) => expectNoServerError(route, body)),
        { numRuns: 3 },
      );
    }
  }, 300_000);

  it('never answers 5xx to random path parameters and query strings', async () => {
    const segment = fc.oneof(
      fc.string({ minLength: 1, maxLength: 40, unit }),
      // Already-encoded garbage: invalid UTF-8, a lone surrogate's bytes, broken escapes, dot segments.
      fc.constantFrom('%ED%A0%80', '%FF%FE', '%E0%A4%A', '%zz', '..', '%2e%2e', '%00'),
    );
    const query = fc.dictionary(
      fc.constantFrom('limit', 'offset', 'sort', 'search', 'statuses', 'project_ref', 'start', 'end', 'included_schemas', 'excluded_schemas', 'include_columns', 'table_id'),
      fc.string({ maxLength: 30, unit }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), segment, query, fc.boolean(), async (route, param, search, realParams) => {
        const raw = /^%|^\.\.$/.test(param);
        const params = realParams ? { slug, ref } : { slug: param, ref: param };
        const qs = new URLSearchParams(search).toString();
        const filled = raw ? route.path.replace(':slug', param).replace(':ref', param) : fill(route.path, params);
        const path = `${filled}${qs ? `?${qs}` : ''}`;
        // Writes with real parameters could rename or delete the fixtures: only reads get real ones.
        if (realParams && route.method !== 'GET') return;
        const response = await h.request(route.method, path, { token: owner.token });
        const text = await response.text();
        expect(response.status, `${route.method} ${path} → ${text}`).toBeLessThan(500);
        expect(noStack(text)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
