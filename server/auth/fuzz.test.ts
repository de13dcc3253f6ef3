// Property: whatever a client sends to any route — any JSON, wrong types, NUL bytes, lone surrogates, broken JSON,
// odd path ids and query values, with or without a valid token — the service answers 2xx/3xx/4xx, never 5xx
// (DESIGN §5), and every 4xx carries GoTrue's {code, error_code, msg} shape.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, startAuthHarness, uniqueEmail, type AuthHarness } from './testing.ts';

let h: AuthHarness;
let fuzzEmail: string;
let fuzzUserId: string;
let factorId: string;
let victimId: string;
beforeAll(async () => {
  h = await startAuthHarness();
  fuzzEmail = uniqueEmail('fuzz');
  const { client, data } = await h.signUp(fuzzEmail);
  fuzzUserId = data.user.id;
  factorId = (await client.mfa.enroll({ factorType: 'totp', friendlyName: 'fuzz' })).data!.id;
  // The admin routes' target: its id is among the generated path ids, so updates and deletes really happen.
  victimId = (await h.admin().createUser({ email: uniqueEmail('victim') })).data.user!.id;
});
afterAll(async () => {
  await h?.close();
});

/**
 * A fresh session for the fuzz user without paying for a password hash: admin link + token_hash. Its address is
 * looked up each time, since PUT /user runs may have changed it.
 */
async function freshAccessToken(): Promise<string> {
  const email = (await h.admin().getUserById(fuzzUserId)).data.user!.email!;
  const { data } = await h.admin().generateLink({ type: 'magiclink', email });
  const { data: verified } = await h.client().verifyOtp({ token_hash: data.properties!.hashed_token, type: 'magiclink' });
  return verified.session!.access_token;
}

const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\uD800', 'a\u0000b', '0'.repeat(300), '../../etc', '%00', 'null'),
);
const anyValue = fc.oneof(
  nasty,
  fc.emailAddress(),
  fc.constant(STRONG_PASSWORD),
  fc.uuid(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (id: string) => string;
  fields: string[];
  auth: 'user' | 'admin' | 'inbox' | 'none';
  query?: string[];
}

const ROUTES: Route[] = [
  { method: 'POST', path: () => '/signup', fields: ['email', 'password', 'data', 'phone', 'code_challenge', 'code_challenge_method'], auth: 'none', query: ['redirect_to'] },
  { method: 'POST', path: () => '/token', fields: ['email', 'password', 'refresh_token', 'auth_code', 'code_verifier'], auth: 'none', query: ['grant_type'] },
  { method: 'POST', path: () => '/otp', fields: ['email', 'phone', 'data', 'create_user', 'code_challenge', 'code_challenge_method'], auth: 'none', query: ['redirect_to'] },
  { method: 'POST', path: () => '/verify', fields: ['type', 'email', 'token', 'token_hash', 'phone', 'redirect_to'], auth: 'none' },
  { method: 'GET', path: () => '/verify', fields: [], auth: 'none', query: ['token', 'type', 'redirect_to'] },
  { method: 'POST', path: () => '/recover', fields: ['email', 'code_challenge', 'code_challenge_method'], auth: 'none' },
  { method: 'GET', path: () => '/user', fields: [], auth: 'user' },
  { method: 'PUT', path: () => '/user', fields: ['email', 'password', 'data', 'phone', 'nonce'], auth: 'user' },
  { method: 'POST', path: () => '/logout', fields: [], auth: 'user', query: ['scope'] },
  { method: 'POST', path: () => '/factors', fields: ['factor_type', 'friendly_name', 'issuer', 'phone'], auth: 'user' },
  { method: 'POST', path: (id) => `/factors/${id}/challenge`, fields: ['channel', 'factorId'], auth: 'user' },
  { method: 'POST', path: (id) => `/factors/${id}/verify`, fields: ['challenge_id', 'code'], auth: 'user' },
  { method: 'DELETE', path: (id) => `/factors/${id}`, fields: [], auth: 'user' },
  { method: 'POST', path: () => '/admin/users', fields: ['email', 'password', 'email_confirm', 'user_metadata', 'app_metadata', 'phone'], auth: 'admin' },
  { method: 'GET', path: () => '/admin/users', fields: [], auth: 'admin', query: ['page', 'per_page'] },
  { method: 'GET', path: (id) => `/admin/users/${id}`, fields: [], auth: 'admin' },
  { method: 'PUT', path: (id) => `/admin/users/${id}`, fields: ['email', 'password', 'email_confirm', 'user_metadata', 'app_metadata'], auth: 'admin' },
  { method: 'DELETE', path: (id) => `/admin/users/${id}`, fields: ['should_soft_delete'], auth: 'admin' },
  { method: 'GET', path: (id) => `/admin/users/${id}/factors`, fields: [], auth: 'admin' },
  { method: 'POST', path: () => '/admin/generate_link', fields: ['type', 'email', 'password', 'data', 'redirect_to'], auth: 'admin' },
  { method: 'POST', path: () => '/invite', fields: ['email', 'data'], auth: 'admin' },
  { method: 'GET', path: () => '/local/inbox', fields: [], auth: 'inbox', query: ['email', 'format'] },
  { method: 'GET', path: () => '/settings', fields: [], auth: 'none' },
  { method: 'GET', path: () => '/.well-known/jwks.json', fields: [], auth: 'none' },
];

/** Plausible values, so that most requests get past validation into the handlers. */
const plausible: Record<string, fc.Arbitrary<unknown>> = {
  grant_type: fc.constantFrom('password', 'refresh_token', 'pkce', 'id_token', ''),
  type: fc.constantFrom('email', 'magiclink', 'recovery', 'signup', 'invite', 'sms', 'email_change', 'bogus'),
  scope: fc.constantFrom('global', 'local', 'others', 'all', ''),
  factor_type: fc.constantFrom('totp', 'phone', 'webauthn', 'sms'),
  code_challenge: fc.constantFrom(null, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 'plain-challenge-value'),
  code_challenge_method: fc.constantFrom(null, 's256', 'S256', 'plain', 'md5'),
  email: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9]{0,8}@example\.(com|org)$/), fc.constant('fuzz-target')),
  phone: fc.constantFrom('', '+15555550100'),
  password: fc.constantFrom(STRONG_PASSWORD, 'short', 'Password123', 'Another-Strong-77'),
  data: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  user_metadata: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  app_metadata: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  create_user: fc.boolean(),
  email_confirm: fc.boolean(),
  should_soft_delete: fc.boolean(),
  token: fc.stringMatching(/^\d{6}$/),
  code: fc.stringMatching(/^\d{6}$/),
  token_hash: fc.stringMatching(/^[0-9a-f]{64}$/),
  refresh_token: fc.string({ minLength: 1, maxLength: 50 }),
  auth_code: fc.string({ minLength: 1, maxLength: 50 }),
  code_verifier: fc.string({ minLength: 43, maxLength: 60 }),
  challenge_id: fc.uuid(),
  friendly_name: fc.string({ maxLength: 20 }),
  issuer: fc.string({ maxLength: 20 }),
  redirect_to: fc.oneof(fc.webUrl(), fc.constant('http://localhost:3000/after')),
  page: fc.oneof(fc.integer({ min: -5, max: 5 }).map(String), nasty),
  per_page: fc.integer({ min: -5, max: 2000 }).map(String),
  format: fc.constantFrom('json', 'html'),
};

/** Lone surrogates cannot be percent-encoded; a browser would send U+FFFD instead. */
const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Mostly plausible bodies, some with one field swapped for anything, some not objects or not JSON at all. */
const requestArb = (route: Route) => {
  const valueOf = (name: string) => plausible[name] ?? anyValue;
  const withTarget = (value: unknown) => (value === 'fuzz-target' ? fuzzEmail : value);
  const record = fc
    .record(Object.fromEntries(route.fields.map((f) => [f, valueOf(f)])), { requiredKeys: [] })
    .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, withTarget(v)])));
  const mutated = route.fields.length
    ? fc.tuple(record, fc.constantFrom(...route.fields), anyValue).map(([r, key, value]) => ({ ...r, [key]: value }))
    : record;
  const body = fc.oneof(
    { arbitrary: record.map((value) => JSON.stringify(value)), weight: 4 },
    { arbitrary: mutated.map((value) => JSON.stringify(value)), weight: 3 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)), weight: 1 },
    {
      arbitrary: fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('{', '{"email":', '[]', 'null', '')),
      weight: 1,
    },
  );
  const query = fc.record(
    Object.fromEntries(
      (route.query ?? []).map((q) => [
        q,
        fc.oneof({ arbitrary: valueOf(q), weight: 3 }, { arbitrary: nasty, weight: 1 }).map((v) => asText(withTarget(v))),
      ]),
    ),
    { requiredKeys: [] },
  );
  const id = fc.oneof(
    fc.uuid(),
    fc.constant(factorId),
    fc.constant(victimId),
    nasty.map((s) => encodeURIComponent(wellFormed(s)) || 'x'),
  );
  const credential = fc.constantFrom('valid', 'valid', 'garbage', 'none');
  return fc.record({ body, query, id, credential });
};

/** For tuning the generators: AUTH_FUZZ_REPORT=1 (or =msg, with messages) prints which answers the runs reached. */
const statuses: string[] = [];
afterAll(() => {
  if (!process.env.AUTH_FUZZ_REPORT) return;
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  console.log([...counts].sort().map(([k, v]) => `${k}: ${v}`).join('\n'));
});

describe('no route answers 5xx to bad input', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path(':id')}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(route), async ({ body, query, id, credential }) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (credential !== 'none') {
            if (route.auth === 'admin') headers['x-strata-admin-secret'] = credential === 'valid' ? h.service.adminSecret : 'x';
            else if (route.auth === 'inbox') headers['x-strata-inbox-token'] = credential === 'valid' ? h.service.inboxToken : 'x';
            else headers.authorization = `Bearer ${credential === 'valid' ? await freshAccessToken() : 'a.b.c'}`;
          }
          const search = new URLSearchParams(query as Record<string, string>).toString();
          const response = await fetch(`${h.url}${route.path(id)}${search ? `?${search}` : ''}`, {
            method: route.method,
            headers,
            body: route.method === 'GET' ? undefined : body,
            redirect: 'manual',
          });
          const text = await response.text();
          const detail = process.env.AUTH_FUZZ_REPORT === 'msg' && response.status >= 400 ? ` ${text.slice(0, 90)}` : '';
          statuses.push(`${route.method} ${route.path(':id')} ${response.status}${detail}`);
          expect(response.status, `${response.status} ${text}`).toBeLessThan(500);
          if (response.status >= 400) {
            const json = JSON.parse(text);
            expect(typeof json.error_code).toBe('string');
            expect(typeof json.msg).toBe('string');
          }
        }),
        { numRuns: Number(process.env.AUTH_FUZZ_RUNS ?? 25) },
      );
    });
  }
});
