// Issue 18: the Sessions and MFA settings of a project take effect in its auth service — a session past its
// timebox or its inactivity timeout cannot be refreshed (GoTrue's session_expired), and TOTP enrolment off is
// refused with GoTrue's mfa_totp_enroll_not_enabled.
import { GoTrueClient } from '@supabase/auth-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage, STRONG_PASSWORD, uniqueEmail } from '../auth/testing.ts';
import { startDataApiProject, type DataApiProject } from '../data-api/testing.ts';

let a: DataApiProject;

beforeAll(async () => {
  a = await startDataApiProject('Session settings');
}, 180_000);
afterAll(() => a?.h.close());

const appFetch: typeof fetch = (input, init) =>
  Promise.resolve(a.h.app.request(input instanceof Request ? input : String(input), init as RequestInit));

function client() {
  return new GoTrueClient({
    url: `http://${a.h.publicHost}/p/${a.ref}/auth/v1`,
    headers: { apikey: a.keys.anon, Authorization: `Bearer ${a.keys.anon}` },
    fetch: appFetch,
    storage: memoryStorage(),
    storageKey: `session-settings-${Math.random()}`,
    persistSession: true,
    autoRefreshToken: false,
  });
}

const patchConfig = (body: Record<string, unknown>) =>
  a.h.call('PATCH', `/api/platform/projects/${a.ref}/config/auth`, { token: a.owner, body });

const sessionIdOf = (token: string) => decodeJwt(token).session_id as string;

/** A confirmed user signed in with a password. */
async function signedIn() {
  const email = uniqueEmail('sess');
  await patchConfig({ mailer_autoconfirm: true });
  const auth = client();
  const signUp = await auth.signUp({ email, password: STRONG_PASSWORD });
  expect(signUp.error).toBeNull();
  expect(signUp.data.session).not.toBeNull();
  return { auth, session: signUp.data.session! };
}

describe('session settings', () => {
  it('bad values are a 400: negative or fractional seconds', async () => {
    expect((await patchConfig({ sessions_timebox: -1 })).status).toBe(400);
    expect((await patchConfig({ sessions_inactivity_timeout: 1.5 })).status).toBe(400);
    expect((await patchConfig({ mfa_totp_enroll_enabled: 'yes' })).status).toBe(400);
  });

  it('a session older than the timebox cannot be refreshed; a young one can', async () => {
    await patchConfig({ sessions_timebox: 3600, sessions_inactivity_timeout: 0 });
    const young = await signedIn();
    expect((await young.auth.refreshSession()).error).toBeNull();
    const old = await signedIn();
    await a.sql(`update auth.sessions set created_at = now() - interval '2 hours' where id = '${sessionIdOf(old.session.access_token)}'`);
    const refused = await old.auth.refreshSession();
    expect(refused.error?.code).toBe('session_expired');
    expect(refused.error?.status).toBe(400);
    // The expired session is ended, not kept.
    expect(await a.sql(`select count(*)::int as n from auth.sessions where id = '${sessionIdOf(old.session.access_token)}'`)).toEqual([{ n: 0 }]);
    await patchConfig({ sessions_timebox: 0 });
  });

  it('a session idle past the inactivity timeout cannot be refreshed; without the limit it can', async () => {
    await patchConfig({ sessions_inactivity_timeout: 600 });
    const idle = await signedIn();
    await a.sql(`update auth.sessions set updated_at = now() - interval '11 minutes' where id = '${sessionIdOf(idle.session.access_token)}'`);
    expect((await idle.auth.refreshSession()).error?.code).toBe('session_expired');
    await patchConfig({ sessions_inactivity_timeout: 0 });
    const other = await signedIn();
    await a.sql(`update auth.sessions set updated_at = now() - interval '11 minutes' where id = '${sessionIdOf(other.session.access_token)}'`);
    expect((await other.auth.refreshSession()).error).toBeNull();
  });
});

describe('Advanced settings', () => {
  it('jwt_exp sets the access token lifetime: the token and the session reply agree', async () => {
    expect((await patchConfig({ jwt_exp: 10 })).status).toBe(400);
    await patchConfig({ jwt_exp: 120 });
    const { session } = await signedIn();
    const claims = decodeJwt(session.access_token);
    // iat is jose's clock, exp the service's: a second boundary may fall between them.
    expect(Math.abs(claims.exp! - claims.iat! - 120)).toBeLessThanOrEqual(1);
    expect(session.expires_in).toBe(120);
    await patchConfig({ jwt_exp: 3600 });
    const later = await signedIn();
    expect(later.session.expires_in).toBe(3600);
  });
});

describe('MFA settings', () => {
  it('TOTP enrolment off is refused with GoTrue code; on again, it enrols', async () => {
    await patchConfig({ mfa_totp_enroll_enabled: false });
    const { auth } = await signedIn();
    const refused = await auth.mfa.enroll({ factorType: 'totp' });
    expect(refused.error?.code).toBe('mfa_totp_enroll_not_enabled');
    expect(refused.error?.status).toBe(422);
    await patchConfig({ mfa_totp_enroll_enabled: true });
    const enrolled = await auth.mfa.enroll({ factorType: 'totp' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data?.totp.uri).toMatch(/^otpauth:\/\/totp\//);
  });
});
