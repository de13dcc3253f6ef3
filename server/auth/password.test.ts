// Sign-up, password sign-in, refresh rotation and reuse detection, user updates and sign-out scopes, through the
// official auth-js client against the service on a real database (spec A4.11, A7, A8).
import { isAuthSessionMissingError, isAuthWeakPasswordError } from '@supabase/auth-js';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from './index.ts';
import { STRONG_PASSWORD, startAuthHarness, uniqueEmail, type AuthHarness } from './testing.ts';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A confirmed account: signed up, then confirmed with the mailed code (the client holds the session). */
async function signedUp(password = STRONG_PASSWORD) {
  return h.signUp(uniqueEmail(), { password, data: { name: 'Ada' } });
}

/** The auth service with mailer_autoconfirm on (STRATA_AUTH_AUTOCONFIRM=1), on the same database, in-process. */
async function autoconfirmService() {
  const service = await createAuthService({ pool: h.pool, issuer: h.url, dataDir: h.dataDir, mode: 'platform', autoconfirm: true });
  return (path: string, body?: unknown) =>
    service.app.request(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('sign-up', () => {
  it('mails a confirmation and returns the user without a session; the mailed code confirms and signs in', async () => {
    const email = uniqueEmail('confirm');
    const client = h.client();
    const { data, error } = await client.signUp({ email, password: STRONG_PASSWORD, options: { data: { name: 'Ada' } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { name: 'Ada' }, confirmation_sent_at: expect.any(String) });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities?.[0]).toMatchObject({ identity_id: expect.stringMatching(/^[0-9a-f-]{36}$/), identity_data: { email_verified: false } });
    const mail = (await h.latestMail(email))!;
    expect(mail).toMatchObject({ subject: 'Confirm your sign-up', code: expect.stringMatching(/^\d{6}$/) });
    expect(new URL(mail.link!).searchParams.get('type')).toBe('signup');
    // GoTrue's answer to a password sign-in before the address is confirmed (spec A8: the message verbatim).
    const early = await h.client().signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
    expect(early.data.session).toBeNull();
    // A wrong code does not confirm.
    expect((await h.client().verifyOtp({ email, token: mail.code === '000000' ? '111111' : '000000', type: 'signup' })).error?.status).toBe(403);

    const confirmed = await client.verifyOtp({ email, token: mail.code!, type: 'signup' });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy();
    expect(confirmed.data.user?.identities?.[0]?.identity_data).toMatchObject({ email_verified: true });
    const session = confirmed.data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: 'ES256' });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({ sub: data.user!.id, email, role: 'authenticated', aud: 'authenticated', aal: 'aal1', iss: h.url });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect((claims.amr as { method: string }[])[0]?.method).toBe('email/signup');
    const verified = await h.service.verifyAccessToken(session.access_token);
    expect(verified).toEqual({ sub: data.user!.id, email, aal: 'aal1', session_id: claims.session_id });
    // Now the password signs in.
    const later = await h.client().signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(later.error).toBeNull();
    expect((decodeJwt(later.data.session!.access_token).amr as { method: string }[])[0]?.method).toBe('password');
  });

  it('the mailed link confirms too and lands on redirect_to with the session (implicit) or a code (pkce)', async () => {
    const redirect = `${new URL(h.url).origin}/dashboard/sign-in`;
    const email = uniqueEmail('link');
    expect((await h.client().signUp({ email, password: STRONG_PASSWORD, options: { emailRedirectTo: redirect } })).error).toBeNull();
    const opened = await fetch((await h.latestMail(email))!.link!, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const landing = new URL(opened.headers.get('location')!);
    expect(`${landing.origin}${landing.pathname}`).toBe(redirect);
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(decodeJwt(fragment.get('access_token')!).email).toBe(email);
    expect((await h.client().signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();

    const pkceEmail = uniqueEmail('pkce');
    const pkce = h.client({ flowType: 'pkce' });
    expect((await pkce.signUp({ email: pkceEmail, password: STRONG_PASSWORD, options: { emailRedirectTo: redirect } })).error).toBeNull();
    const location = new URL((await fetch((await h.latestMail(pkceEmail))!.link!, { redirect: 'manual' })).headers.get('location')!);
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const exchanged = await pkce.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('/settings reports mailer_autoconfirm false; with STRATA_AUTH_AUTOCONFIRM=1 a sign-up is confirmed at once', async () => {
    expect((await (await fetch(`${h.url}/settings`)).json()).mailer_autoconfirm).toBe(false);
    const call = await autoconfirmService();
    expect((await (await call('/settings')).json()).mailer_autoconfirm).toBe(true);
    const email = uniqueEmail('demo');
    const reply = await call('/signup', { email, password: STRONG_PASSWORD });
    expect(reply.status).toBe(200);
    const body = await reply.json();
    expect(body).toMatchObject({ access_token: expect.any(String), user: { email, email_confirmed_at: expect.any(String) } });
    expect(await h.latestMail(email)).toBeNull();
    // There, a second sign-up for the address says so (GoTrue's user_already_exists with autoconfirm).
    const again = await call('/signup', { email, password: STRONG_PASSWORD });
    expect(again.status).toBe(422);
    expect((await again.json()).error_code).toBe('user_already_exists');
  });

  it('STRATA_AUTH_AUTOCONFIRM: only "1" turns it on; another value is logged and leaves it off', async () => {
    const before = process.env.STRATA_AUTH_AUTOCONFIRM;
    const settingsWith = async (value: string) => {
      process.env.STRATA_AUTH_AUTOCONFIRM = value;
      const logs: string[] = [];
      const service = await createAuthService({ pool: h.pool, issuer: h.url, dataDir: h.dataDir, mode: 'platform', log: (l) => logs.push(l) });
      return { autoconfirm: (await (await service.app.request('/settings')).json()).mailer_autoconfirm, logs };
    };
    try {
      expect((await settingsWith('1')).autoconfirm).toBe(true);
      expect((await settingsWith('0')).autoconfirm).toBe(false);
      const typo = await settingsWith('yes');
      expect(typo.autoconfirm).toBe(false);
      expect(typo.logs.some((l) => l.includes("STRATA_AUTH_AUTOCONFIRM must be '1' (on) or '0' (off)"))).toBe(true);
    } finally {
      if (before === undefined) delete process.env.STRATA_AUTH_AUTOCONFIRM;
      else process.env.STRATA_AUTH_AUTOCONFIRM = before;
    }
  });

  it('refuses weak passwords with GoTrue reasons', async () => {
    const cases: [string, string[]][] = [
      ['Ab1', ['length']],
      ['alllowercase', ['characters']],
      ['Password123', ['pwned']],
      ['password', ['characters', 'pwned']],
    ];
    for (const [password, reasons] of cases) {
      const { error } = await h.client().signUp({ email: uniqueEmail('weak'), password });
      expect(isAuthWeakPasswordError(error), password).toBe(true);
      expect(error?.status).toBe(422);
      expect(error?.code).toBe('weak_password');
      expect(isAuthWeakPasswordError(error) && error.reasons).toEqual(reasons);
    }
  });

  it('a second sign-up for a confirmed address changes nothing and tells nothing (GoTrue without autoconfirm)', async () => {
    const { email, data: original } = await signedUp();
    const mailsBefore = (await h.pool.query('SELECT 1 FROM auth.mail_outbox WHERE to_email = $1', [email])).rowCount;
    const { data, error } = await h.client().signUp({ email: email.toUpperCase(), password: 'Another-Strong-Password-77' });
    // The same reply as for a new address: a user without a session — but an obfuscated one, with no identities.
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.id).not.toBe(original.user.id);
    expect((await h.pool.query('SELECT 1 FROM auth.mail_outbox WHERE to_email = $1', [email])).rowCount).toBe(mailsBefore);
    // The account keeps its password.
    expect((await h.client().signInWithPassword({ email, password: 'Another-Strong-Password-77' })).error?.code).toBe('invalid_credentials');
    expect((await h.client().signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();
  });

  it('signs up over an address that was never confirmed (an unanswered OTP mail); the address still has to confirm', async () => {
    const email = uniqueEmail('otp-first');
    expect((await h.client().signInWithOtp({ email })).error).toBeNull();
    const { data, error } = await h.client().signUp({ email, password: STRONG_PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect((await h.client().signInWithPassword({ email, password: STRONG_PASSWORD })).error?.code).toBe('email_not_confirmed');
    // Only the newest mail's code works.
    const code = (await h.latestMail(email))!.code!;
    expect((await h.client().verifyOtp({ email, token: code, type: 'signup' })).error).toBeNull();
    expect((await h.client().signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();
  });

  it('refuses anonymous sign-up', async () => {
    const { error } = await h.client().signInAnonymously();
    expect(error?.code).toBe('anonymous_provider_disabled');
  });
});

describe('password sign-in', () => {
  it('signs in with the right password and records last_sign_in_at', async () => {
    const { email } = await signedUp();
    const client = h.client();
    const { data, error } = await client.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.last_sign_in_at).toBeTruthy();
    const user = await client.getUser();
    expect(user.data.user?.email).toBe(email);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const { email } = await signedUp();
    const wrong = await h.client().signInWithPassword({ email, password: 'Not-The-Password-1' });
    const unknown = await h.client().signInWithPassword({ email: uniqueEmail('nobody'), password: STRONG_PASSWORD });
    for (const { error } of [wrong, unknown]) {
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('verifies access tokens against the published JWKS (getClaims)', async () => {
    const { client } = await signedUp();
    const { data, error } = await client.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.role).toBe('authenticated');
    const jwks = await (await fetch(`${h.url}/.well-known/jwks.json`)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(JSON.stringify(jwks)).not.toContain('"d"'); // the private part never leaves
  });
});

describe('refresh tokens', () => {
  it('rotates, and a reused token revokes the whole family', async () => {
    const { client, data } = await signedUp();
    const first = data.session!;
    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);

    // The first token again once the grace window is over (a thief's copy): refused, and its session ends.
    await h.pool.query(`UPDATE auth.refresh_tokens SET rotated_at = now() - interval '1 minute' WHERE rotated_at IS NOT NULL`);
    const replay = await h.client().refreshSession({ refresh_token: first.refresh_token });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    const afterTheft = await h.client().refreshSession({ refresh_token: second.refresh_token });
    expect(afterTheft.error?.code).toBe('refresh_token_not_found');
    expect(await h.service.verifyAccessToken(second.access_token)).toBeNull();
  });

  it('two tabs refreshing with the same token at once both keep the session (10 s grace)', async () => {
    const { data } = await signedUp();
    const token = data.session!.refresh_token;
    const [a, b] = await Promise.all([
      h.client().refreshSession({ refresh_token: token }),
      h.client().refreshSession({ refresh_token: token }),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data.session!.refresh_token).not.toBe(b.data.session!.refresh_token);
    expect(await h.service.verifyAccessToken(a.data.session!.access_token)).not.toBeNull();
  });

  it('refuses an unknown token', async () => {
    const { error } = await h.client().refreshSession({ refresh_token: 'not-a-token' });
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.status).toBe(400);
  });
});

describe('user updates', () => {
  it('changes metadata, password and e-mail; the old password stops working', async () => {
    const { client, email } = await signedUp();
    const data = await client.updateUser({ data: { theme: 'dark' } });
    expect(data.data.user?.user_metadata).toEqual({ name: 'Ada', theme: 'dark' });
    const same = await client.updateUser({ password: STRONG_PASSWORD });
    expect(same.error?.code).toBe('same_password');
    const weak = await client.updateUser({ password: 'short' });
    expect(weak.error?.code).toBe('weak_password');
    expect((await client.updateUser({ password: 'Another-Strong-99' })).error).toBeNull();
    const newEmail = uniqueEmail('moved');
    // GoTrue's secure e-mail change (issue 13 finding 6): pending until the new address confirms it.
    const moved = await client.updateUser({ email: newEmail });
    expect(moved.data.user?.email).toBe(email);
    expect(moved.data.user?.new_email).toBe(newEmail);
    const code = (await h.latestMail(newEmail))!.code!;
    expect((await client.verifyOtp({ email: newEmail, token: code, type: 'email_change' })).data.user?.email).toBe(newEmail);
    expect((await h.latestMail(email))?.subject).toMatch(/changed/);
    expect((await h.client().signInWithPassword({ email: newEmail, password: STRONG_PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await h.client().signInWithPassword({ email: newEmail, password: 'Another-Strong-99' })).error).toBeNull();
  });

  it('refuses an e-mail that belongs to someone else', async () => {
    const other = await signedUp();
    const { client } = await signedUp();
    const { error } = await client.updateUser({ email: other.email });
    expect(error?.code).toBe('email_exists');
  });
});

describe('sign-out scopes (spec A4.11)', () => {
  async function sessionsOfOneUser(count: number) {
    const { email } = await signedUp();
    const clients = [];
    for (let i = 0; i < count; i++) {
      const client = h.client();
      expect((await client.signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();
      clients.push(client);
    }
    return clients;
  }
  const tokenOf = async (client: ReturnType<AuthHarness['client']>) =>
    (await client.getSession()).data.session?.access_token ?? '';

  it('local ends only this session', async () => {
    const [a, b] = await sessionsOfOneUser(2);
    const aToken = await tokenOf(a!);
    expect((await a!.signOut({ scope: 'local' })).error).toBeNull();
    expect(await h.service.verifyAccessToken(aToken)).toBeNull();
    expect((await a!.getSession()).data.session).toBeNull();
    expect((await b!.getUser()).error).toBeNull();
  });

  it('others keeps the current session and ends the rest', async () => {
    const [a, b, c] = await sessionsOfOneUser(3);
    expect((await a!.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a!.getUser()).error).toBeNull();
    for (const other of [b!, c!]) {
      const { error } = await other.getUser();
      expect(isAuthSessionMissingError(error)).toBe(true);
      expect(error?.message).toBe('Auth session missing!');
    }
  });

  it('global ends every session; getUser afterwards fails', async () => {
    const [a, b] = await sessionsOfOneUser(2);
    const bToken = await tokenOf(b!);
    expect((await a!.signOut()).error).toBeNull();
    const { error } = await b!.getUser();
    expect(isAuthSessionMissingError(error)).toBe(true);
    expect((await b!.getSession()).data.session).toBeNull(); // auth-js clears a session the server no longer has
    expect(await h.service.verifyAccessToken(bToken)).toBeNull();
    const raw = await fetch(`${h.url}/user`, { headers: { Authorization: `Bearer ${bToken}` } });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({ error_code: 'session_not_found', msg: 'Auth session missing!' });
  });

  it('an unknown scope is a 400', async () => {
    const [a] = await sessionsOfOneUser(1);
    const response = await fetch(`${h.url}/logout?scope=everyone`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await tokenOf(a!)}` },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error_code).toBe('validation_failed');
  });

  it('GET /user without a token is refused', async () => {
    const response = await fetch(`${h.url}/user`);
    expect(response.status).toBe(401);
    expect((await response.json()).msg).toBe('Auth session missing!');
  });
});

describe('logging', () => {
  it('never writes passwords or tokens to the log', async () => {
    const { client, data } = await signedUp();
    await client.refreshSession();
    const text = h.logs.join('\n');
    expect(text).not.toContain(STRONG_PASSWORD);
    expect(text).not.toContain(data.session!.refresh_token);
    expect(text).not.toContain(data.session!.access_token);
  });
});
