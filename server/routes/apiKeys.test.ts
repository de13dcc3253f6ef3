import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { jwtSecretUpdatesSettled } from '../projects/jwtSecret.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';

// Issue 16: the legacy JWT secret's rotation, publishable / secret keys and asymmetric signing keys, attacked
// through the project API (storage and REST) the way a client would use them.
let h: PlatformHarness;
let owner: TestUser;
let ref = '';

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('keys-owner@example.com');
  ref = await h.activeProject(owner);
}, 120_000);
afterAll(async () => {
  await jwtSecretUpdatesSettled();
  await h?.close();
});

const legacyKeys = async () => {
  const settings = await h.call('GET', `/api/platform/projects/${ref}/settings`, { token: owner.token });
  return Object.fromEntries(settings.body.service_api_keys.map((k: { tags: string; api_key: string }) => [k.tags, k.api_key])) as Record<'anon' | 'service_role', string>;
};
const storage = (key: string) => h.app.request(`/p/${ref}/storage/v1/bucket`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
const rest = (key: string, bearer = key) => h.app.request(`/p/${ref}/rest/v1/`, { headers: { apikey: key, authorization: `Bearer ${bearer}` } });

async function waitForUpdate(): Promise<{ status: string; error: string | null; seen: string[] }> {
  const seen: string[] = [];
  for (let i = 0; i < 200; i++) {
    const { body } = await h.call('GET', `/api/platform/projects/${ref}/config/secrets/update-status`, { token: owner.token });
    seen.push(body.update_status?.status);
    if (body.update_status?.status !== 'Updating') return { ...body.update_status, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the JWT secret update never finished');
}

describe('legacy JWT secret rotation', () => {
  it('issues new anon and service_role keys; the old ones are refused by storage and REST', async () => {
    const before = await legacyKeys();
    expect((await storage(before.service_role)).status).toBe(200);
    expect((await rest(before.anon)).status).toBe(200);
    expect((await h.call('GET', `/api/platform/projects/${ref}/config/secrets/update-status`, { token: owner.token })).body).toEqual({ update_status: null });

    const started = await h.call('PATCH', `/api/platform/projects/${ref}/config/secrets`, { token: owner.token, body: {} });
    expect(started.status).toBe(202);
    expect(started.body.update_status).toMatchObject({ status: 'Updating', error: null });
    // A second rotation while one runs is refused, not queued.
    expect((await h.call('PATCH', `/api/platform/projects/${ref}/config/secrets`, { token: owner.token, body: {} })).status).toBe(409);
    const done = await waitForUpdate();
    expect(done.status).toBe('Updated');
    expect(done.seen[0]).toBe('Updating');

    const after = await legacyKeys();
    expect(after.anon).not.toBe(before.anon);
    expect(after.service_role).not.toBe(before.service_role);
    expect(decodeJwt(after.anon)).toMatchObject({ role: 'anon', ref });
    // Old keys: refused everywhere (storage, the Data API, the project's auth).
    expect((await storage(before.service_role)).status).toBe(401);
    expect((await storage(before.anon)).status).toBe(401);
    expect((await rest(before.anon)).status).toBe(401);
    expect((await rest(before.service_role)).status).toBe(401);
    expect((await h.app.request(`/p/${ref}/auth/v1/settings`, { headers: { apikey: before.anon } })).status).toBe(401);
    // New keys: accepted.
    expect((await storage(after.service_role)).status).toBe(200);
    expect((await rest(after.anon)).status).toBe(200);
    expect((await h.app.request(`/p/${ref}/auth/v1/settings`, { headers: { apikey: after.anon } })).status).toBe(200);
  });

  it('takes a secret of the user\'s own of at least 32 characters; bad input is a 400', async () => {
    const short = await h.call('PATCH', `/api/platform/projects/${ref}/config/secrets`, { token: owner.token, body: { jwt_secret: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 32 characters/);
    expect((await h.call('PATCH', `/api/platform/projects/${ref}/config/secrets`, { token: owner.token, body: { nope: 1 } })).status).toBe(400);
    expect((await h.call('PATCH', `/api/platform/projects/${ref}/config/secrets`, { token: owner.token, body: '{' })).status).toBe(400);
    const own = 'a-very-long-secret-of-my-own-0123456789';
    expect((await h.call('PATCH', `/api/platform/projects/${ref}/config/secrets`, { token: owner.token, body: { jwt_secret: own } })).status).toBe(202);
    expect((await waitForUpdate()).status).toBe('Updated');
    const { anon } = await legacyKeys();
    await expect(jwtVerify(anon, new TextEncoder().encode(own))).resolves.toBeTruthy();
  });

  it('reads an update cut short by a stopped platform (Updating for over a minute) as Failed, and allows a new one', async () => {
    const { rows } = await h.services.pool.query<{ id: number }>('select id from projects where ref = $1', [ref]);
    await h.services.pool.query(
      `update jwt_secret_updates set status = 'Updating', progress = 'Issuing new API keys', updated_at = now() - interval '2 minutes' where project_id = $1`,
      [rows[0]!.id],
    );
    const read = await h.call('GET', `/api/platform/projects/${ref}/config/secrets/update-status`, { token: owner.token });
    expect(read.body.update_status).toMatchObject({ status: 'Failed', error: 'The update was interrupted; the previous secret is still in use' });
    await h.services.pool.query(
      `update jwt_secret_updates set progress = 'Waiting for the project API to use the new secret' where project_id = $1`,
      [rows[0]!.id],
    );
    const after = await h.call('GET', `/api/platform/projects/${ref}/config/secrets/update-status`, { token: owner.token });
    expect(after.body.update_status).toMatchObject({ status: 'Failed', error: 'The update was interrupted after the new keys were issued' });
    expect((await h.call('PATCH', `/api/platform/projects/${ref}/config/secrets`, { token: owner.token, body: {} })).status).toBe(202);
    expect((await waitForUpdate()).status).toBe('Updated');
  });

  it('needs a member: others get 404, read-only members 403', async () => {
    const stranger = await h.user();
    expect((await h.call('PATCH', `/api/platform/projects/${ref}/config/secrets`, { token: stranger.token, body: {} })).status).toBe(404);
    expect((await h.call('GET', `/api/platform/projects/${ref}/config/secrets/update-status`, { token: stranger.token })).status).toBe(404);
    expect((await h.call('GET', `/api/platform/projects/${ref}/api-keys`, { token: stranger.token })).status).toBe(404);
    expect((await h.call('PATCH', `/api/platform/projects/${ref}/config/secrets`, { token: null, body: {} })).status).toBe(401);
    const { rows } = await h.services.pool.query<{ organization_id: number }>('select organization_id from projects where ref = $1', [ref]);
    const reader = await h.user();
    await h.call('GET', '/api/platform/profile', { token: reader.token });
    await h.services.pool.query(`insert into members (organization_id, profile_id, role) values ($1, $2, 'read_only')`, [rows[0]!.organization_id, reader.id]);
    const member = await h.call('GET', `/api/platform/projects/${ref}/api-keys`, { token: reader.token });
    expect(member.status).toBe(200);
    // Read-only members see the anon key and no secret, and change nothing.
    const byName = Object.fromEntries(member.body.map((k: { name: string; api_key: string | null }) => [k.name, k.api_key]));
    expect(byName.anon).toMatch(/^ey/);
    expect(byName.service_role).toBeNull();
    expect((await h.call('PATCH', `/api/platform/projects/${ref}/config/secrets`, { token: reader.token, body: {} })).status).toBe(403);
    expect((await h.call('GET', `/api/platform/projects/${ref}/api-keys/service_role?reveal=true`, { token: reader.token })).status).toBe(403);
    expect((await h.call('POST', `/api/platform/projects/${ref}/api-keys`, { token: reader.token, body: { type: 'secret', name: 'mine' } })).status).toBe(403);
  });
});

describe('publishable and secret keys', () => {
  it('are created, listed (the secret masked), revealed, accepted by storage and REST, and refused once revoked', async () => {
    const publishable = await h.call('POST', `/api/platform/projects/${ref}/api-keys`, { token: owner.token, body: { type: 'publishable', name: 'default' } });
    expect(publishable.status).toBe(201);
    expect(publishable.body.api_key).toMatch(/^strata_publishable_/);
    const secret = await h.call('POST', `/api/platform/projects/${ref}/api-keys`, { token: owner.token, body: { type: 'secret', name: 'backend', description: 'server' } });
    expect(secret.status).toBe(201);
    const secretKey: string = secret.body.api_key;
    expect(secretKey).toMatch(/^strata_secret_/);

    const list = await h.call('GET', `/api/platform/projects/${ref}/api-keys`, { token: owner.token });
    const listed = list.body.find((k: { id: string }) => k.id === secret.body.id);
    expect(listed.api_key).not.toBe(secretKey);
    expect(listed.api_key).toMatch(/^strata_secret_•+.{4}$/);
    expect(list.body.map((k: { type: string }) => k.type).sort()).toEqual(['legacy', 'legacy', 'publishable', 'secret']);
    const revealed = await h.call('GET', `/api/platform/projects/${ref}/api-keys/${secret.body.id}?reveal=true`, { token: owner.token });
    expect(revealed.body.api_key).toBe(secretKey);

    // The secret key is service_role: it manages buckets; the publishable key is anon: it may not.
    expect((await storage(secretKey)).status).toBe(200);
    expect((await storage(publishable.body.api_key)).status).toBe(403);
    expect((await rest(secretKey)).status).toBe(200);
    expect((await rest(publishable.body.api_key)).status).toBe(200);
    // Only in the apikey header, without a bearer: still that key's role.
    expect((await h.app.request(`/p/${ref}/rest/v1/`, { headers: { apikey: secretKey } })).status).toBe(200);

    // The project's auth takes them too: the publishable key as a client key, the secret key for the admin API.
    const auth = (path: string, key: string) => h.app.request(`/p/${ref}/auth/v1${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
    expect((await auth('/settings', publishable.body.api_key)).status).toBe(200);
    expect((await auth('/admin/users', secretKey)).status).toBe(200);
    expect((await auth('/admin/users', publishable.body.api_key)).status).toBe(403);

    // Forged: right prefix, wrong body; another project's key; a revoked one.
    expect((await storage('strata_secret_' + 'A'.repeat(43))).status).toBe(401);
    expect((await rest('strata_secret_' + 'A'.repeat(43))).status).toBe(401);
    const revoke = await h.call('DELETE', `/api/platform/projects/${ref}/api-keys/${secret.body.id}`, { token: owner.token });
    expect(revoke.status).toBe(200);
    expect((await storage(secretKey)).status).toBe(401);
    expect((await rest(secretKey)).status).toBe(401);
    expect((await auth('/settings', secretKey)).status).toBe(401);
    expect((await h.call('DELETE', `/api/platform/projects/${ref}/api-keys/${secret.body.id}`, { token: owner.token })).status).toBe(404);
    const afterRevoke = await h.call('GET', `/api/platform/projects/${ref}/api-keys`, { token: owner.token });
    expect(afterRevoke.body.some((k: { id: string }) => k.id === secret.body.id)).toBe(false);
  });

  it('answers bad input with a clear 4xx', async () => {
    const post = (body: unknown) => h.call('POST', `/api/platform/projects/${ref}/api-keys`, { token: owner.token, body });
    expect((await post({ type: 'root', name: 'x_key' })).status).toBe(400);
    const bad = await post({ type: 'secret', name: 'Bad Name!' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/lowercase letters/);
    expect((await post({ type: 'secret', name: 'dup_key' })).status).toBe(201);
    const dup = await post({ type: 'secret', name: 'dup_key' });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('An API key named dup_key already exists');
    expect((await h.call('DELETE', `/api/platform/projects/${ref}/api-keys/anon`, { token: owner.token })).status).toBe(400);
    expect((await h.call('DELETE', `/api/platform/projects/${ref}/api-keys/not-a-uuid`, { token: owner.token })).status).toBe(404);
    expect((await h.call('GET', `/api/platform/projects/${ref}/api-keys/00000000-0000-0000-0000-000000000000`, { token: owner.token })).status).toBe(404);
  });
});

describe('asymmetric signing keys', () => {
  it('standby → in use → previously used → revoked, published at the JWKS URL, tokens verify against it', async () => {
    const jwksUrl = `/p/${ref}/auth/v1/.well-known/jwks.json`;
    expect(await (await h.app.request(jwksUrl)).json()).toEqual({ keys: [] });
    const created = await h.call('POST', `/api/platform/projects/${ref}/config/auth/signing-keys`, { token: owner.token, body: { algorithm: 'ES256' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'standby', algorithm: 'ES256' });
    expect(created.body.public_jwk.d).toBeUndefined();
    const jwks = (await (await h.app.request(jwksUrl)).json()) as { keys: JWK[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([created.body.id]);
    expect(jwks.keys[0]!.d).toBeUndefined();

    const rotated = await h.call('PATCH', `/api/platform/projects/${ref}/config/auth/signing-keys/${created.body.id}`, { token: owner.token, body: { status: 'in_use' } });
    expect(rotated.body.status).toBe('in_use');

    // A session token signed with the key in use (as the project's auth server would), verified against the JWKS.
    const { rows } = await h.services.pool.query<{ private_jwk: JWK }>('select private_jwk from project_signing_keys where id = $1', [created.body.id]);
    const token = await new SignJWT({ role: 'authenticated', sub: '00000000-0000-0000-0000-000000000001' })
      .setProtectedHeader({ alg: 'ES256', kid: created.body.id })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(await importJWK(rows[0]!.private_jwk, 'ES256'));
    const published = (await (await h.app.request(jwksUrl)).json()) as { keys: JWK[] };
    await expect(jwtVerify(token, createLocalJWKSet(published))).resolves.toBeTruthy();
    const { anon } = await legacyKeys();
    expect((await rest(anon, token)).status).toBe(200);

    // A second key takes over: the first is previously used, still published, its tokens still verify.
    const second = await h.call('POST', `/api/platform/projects/${ref}/config/auth/signing-keys`, { token: owner.token, body: {} });
    await h.call('PATCH', `/api/platform/projects/${ref}/config/auth/signing-keys/${second.body.id}`, { token: owner.token, body: { status: 'in_use' } });
    const list = await h.call('GET', `/api/platform/projects/${ref}/config/auth/signing-keys`, { token: owner.token });
    expect(list.body.keys.map((k: { id: string; status: string }) => [k.id, k.status])).toEqual([
      [second.body.id, 'in_use'],
      [created.body.id, 'previously_used'],
    ]);
    expect((await rest(anon, token)).status).toBe(200);

    // Revoked: gone from the JWKS, its tokens refused.
    const revoked = await h.call('PATCH', `/api/platform/projects/${ref}/config/auth/signing-keys/${created.body.id}`, { token: owner.token, body: { status: 'revoked' } });
    expect(revoked.body.status).toBe('revoked');
    const after = (await (await h.app.request(jwksUrl)).json()) as { keys: JWK[] };
    expect(after.keys.map((k) => k.kid)).toEqual([second.body.id]);
    await expect(jwtVerify(token, createLocalJWKSet(after))).rejects.toThrow();
    expect((await rest(anon, token)).status).toBe(401);

    // Illegal moves are 400s, unknown ids 404s; the key in use cannot be deleted.
    const patch = (id: string, status: string) => h.call('PATCH', `/api/platform/projects/${ref}/config/auth/signing-keys/${id}`, { token: owner.token, body: { status } });
    expect((await patch(created.body.id, 'in_use')).status).toBe(400);
    expect((await patch(second.body.id, 'revoked')).status).toBe(400);
    expect((await patch(second.body.id, 'bogus')).status).toBe(400);
    expect((await patch('00000000-0000-0000-0000-000000000000', 'in_use')).status).toBe(404);
    expect((await h.call('DELETE', `/api/platform/projects/${ref}/config/auth/signing-keys/${second.body.id}`, { token: owner.token })).status).toBe(400);
    expect((await h.call('DELETE', `/api/platform/projects/${ref}/config/auth/signing-keys/${created.body.id}`, { token: owner.token })).status).toBe(204);
    expect((await h.app.request(`/p/nosuchprojectrefxxxxx/auth/v1/.well-known/jwks.json`)).status).toBe(404);
  });
});
