// TOTP enrolment, challenge and verify → aal2 (spec A4.11), the assurance level as auth-js computes it, and the
// aal2 requirements once MFA is on.
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, startAuthHarness, uniqueEmail, type AuthHarness } from './testing.ts';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => {
  await h?.close();
});

const codeFor = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

async function signedIn() {
  const email = uniqueEmail('mfa');
  await h.signUp(email);
  // A password sign-in of the confirmed account (the sign-up's own session would carry email/signup in amr).
  const client = h.client();
  expect((await client.signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();
  return { email, client };
}

async function enrolled(client: ReturnType<AuthHarness['client']>, friendlyName = 'Phone') {
  const { data, error } = await client.mfa.enroll({ factorType: 'totp', friendlyName });
  expect(error).toBeNull();
  if (!data || data.type !== 'totp') throw new Error('expected a TOTP factor');
  return data;
}

describe('TOTP enrolment and verification', () => {
  it('enrols, challenges and verifies to aal2 with totp in amr', async () => {
    const { client, email } = await signedIn();
    const before = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const factor = await enrolled(client);
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/Strata:/);
    expect(factor.totp.uri).toContain(encodeURIComponent(email));
    const listed = await client.mfa.listFactors();
    expect(listed.data?.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
    expect(listed.data?.totp).toEqual([]); // only verified factors are listed by type

    const challenge = await client.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000 + 250);
    const wrong = await client.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: '000000' === codeFor(factor.totp.secret) ? '111111' : '000000' });
    expect(wrong.error?.code).toBe('mfa_verification_failed');

    const verified = await client.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeFor(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((e) => e.method)).toEqual(['totp', 'password']);

    const after = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(after.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toContain('totp');
    expect((await client.getUser()).data.user?.factors?.map((f) => f.status)).toEqual(['verified']);
    // A challenge answers once.
    const replay = await client.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeFor(factor.totp.secret),
    });
    expect(replay.error?.status).toBe(404);
    // Refreshing keeps the level.
    const refreshed = await client.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2');
    expect(await h.service.verifyAccessToken(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal2' });
  });

  it('a new sign-in of an MFA user starts at aal1 and needs the challenge for aal2', async () => {
    const { client, email } = await signedIn();
    const factor = await enrolled(client);
    await client.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });

    const second = h.client();
    await second.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect((await second.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    // aal1 cannot change the password, enrol another factor or remove the verified one.
    expect((await second.updateUser({ password: 'Other-Strong-Pass-5' })).error?.code).toBe('insufficient_aal');
    expect((await second.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' })).error?.code).toBe('insufficient_aal');
    expect((await second.mfa.unenroll({ factorId: factor.id })).error?.code).toBe('insufficient_aal');

    const { error } = await second.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    expect(error).toBeNull();
    expect((await second.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
    expect((await second.updateUser({ password: 'Other-Strong-Pass-5' })).error).toBeNull();
  });

  it('unenrolling drops the factor and the session back to aal1', async () => {
    const { client } = await signedIn();
    const factor = await enrolled(client);
    await client.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    expect((await client.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    expect((await client.getUser()).data.user?.factors ?? []).toEqual([]);
    const refreshed = await client.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal1');
  });

  it('refuses duplicate names, other users’ factors and unsupported types', async () => {
    const { client } = await signedIn();
    const factor = await enrolled(client, 'Laptop');
    expect((await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Laptop' })).error?.code).toBe(
      'mfa_factor_name_conflict',
    );
    expect((await client.mfa.enroll({ factorType: 'phone', phone: '+15555550100' })).error?.code).toBe(
      'mfa_phone_enroll_not_enabled',
    );
    const stranger = (await signedIn()).client;
    expect((await stranger.mfa.challenge({ factorId: factor.id })).error?.code).toBe('mfa_factor_not_found');
    expect((await stranger.mfa.unenroll({ factorId: factor.id })).error?.status).toBe(404);
  });

  it('accepts the neighbouring period (clock drift) but not older codes', async () => {
    const { client } = await signedIn();
    const factor = await enrolled(client);
    const old = await client.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret, -120) });
    expect(old.error?.code).toBe('mfa_verification_failed');
    // Not in the last seconds of a period: the previous period's code must still be one step old at the server.
    const intoPeriod = Date.now() % 30_000;
    if (intoPeriod > 27_000) await new Promise((resolve) => setTimeout(resolve, 30_500 - intoPeriod));
    const drifted = await client.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret, -30) });
    expect(drifted.error).toBeNull();
  });
});
