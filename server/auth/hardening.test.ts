// Issue 13 (Hardening), attacked through HTTP as a page on another origin or a careless client would:
// finding 2 (CORS and the local inbox), finding 6 (secure e-mail change; invitations go by proven addresses) and
// the last item of 9 (a password change ends the user's other sessions).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { ensureProfile } from '../routes/profile.ts';
import { STRONG_PASSWORD, startAuthHarness, uniqueEmail, type AuthHarness } from './testing.ts';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => {
  await h?.close();
});

const EVIL = 'http://evil.example';

describe('finding 2: another origin cannot take an account', () => {
  it('answers CORS only for the console origin, never for another one', async () => {
    const preflight = (origin: string) =>
      fetch(`${h.url}/token?grant_type=password`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const evil = await preflight(EVIL);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const own = await preflight(new URL(h.url).origin);
    expect(own.headers.get('access-control-allow-origin')).toBe(new URL(h.url).origin);
    // A simple request (no preflight) from another origin is refused before it does anything.
    const { email } = await h.signUp(uniqueEmail('cors'));
    const mails = async () => (await h.pool.query('SELECT 1 FROM auth.mail_outbox WHERE to_email = $1', [email])).rowCount;
    const before = await mails();
    const recover = await fetch(`${h.url}/recover`, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'text/plain' },
      body: JSON.stringify({ email }),
    });
    expect(recover.status).toBe(403);
    expect(recover.headers.get('access-control-allow-origin')).toBeNull();
    expect((await recover.json()).error_code).toBe('origin_not_allowed');
    expect(await mails()).toBe(before);
  });

  it('the attack: recover, read the code from the inbox, verify — the inbox refuses without its token', async () => {
    const { email } = await h.signUp(uniqueEmail('victim'));
    expect((await h.client().resetPasswordForEmail(email)).error).toBeNull();
    for (const url of [`${h.url}/local/inbox?format=json&email=${encodeURIComponent(email)}`, `${h.url}/local/inbox`]) {
      const anonymous = await fetch(url, { headers: { origin: EVIL } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('access-control-allow-origin')).toBeNull();
      const body = await anonymous.text();
      expect(body).not.toMatch(/\d{6}/);
      expect(JSON.parse(body).error_code).toBe('inbox_token_required');
    }
    const wrong = await fetch(`${h.url}/local/inbox?format=json&token=not-the-token`);
    expect(wrong.status).toBe(401);
  });

  it('with the token printed at start (and kept in the data folder) the inbox opens, but never cross-origin', async () => {
    const token = h.service.inboxToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const file = join(h.dataDir, 'auth-inbox-token');
    expect(existsSync(file) && readFileSync(file, 'utf8').trim()).toBe(token);
    expect(h.logs.some((line) => line.includes(`/local/inbox?token=${token}`))).toBe(true);

    const email = uniqueEmail('inbox');
    await h.client().signInWithOtp({ email });
    const code = (await h.latestMail(email))!.code!;
    const byHeader = await fetch(`${h.url}/local/inbox?format=json&email=${encodeURIComponent(email)}`, {
      headers: { 'x-strata-inbox-token': token, origin: EVIL },
    });
    expect(byHeader.status).toBe(200);
    expect(byHeader.headers.get('access-control-allow-origin')).toBeNull();
    expect((await byHeader.json()).messages[0]).toMatchObject({ to: email, code });
    const page = await fetch(`${h.url}/local/inbox?token=${token}&email=${encodeURIComponent(email)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(code);
    // Not framable, not cached, and its URL (which holds the token) is never sent on as a referrer.
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // A preflight for the inbox gets no CORS answer either, even from the console's own origin.
    const preflight = await fetch(`${h.url}/local/inbox`, {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-strata-inbox-token' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('finding 6: an e-mail change counts only once the new address has confirmed it', () => {
  let orgId: number;
  beforeAll(async () => {
    // The platform's own tables in the same database, so the real invitation acceptance can be run.
    await migrate(h.pool);
    const org = await h.pool.query<{ id: number }>(
      `INSERT INTO organizations (slug, name) VALUES ($1, 'Victim Org') RETURNING id`,
      [`victim-${Date.now().toString(36)}`],
    );
    orgId = org.rows[0]!.id;
  });
  const invite = (email: string) =>
    h.pool.query(`INSERT INTO invitations (organization_id, email, role) VALUES ($1, $2, 'administrator')`, [orgId, email]);
  const membersOf = async (userId: string) =>
    (await h.pool.query('SELECT role FROM members WHERE organization_id = $1 AND profile_id = $2', [orgId, userId])).rows;

  it('the attack: take the address of a pending invitation, then join — refused, the invitation stays pending', async () => {
    const invitee = uniqueEmail('invitee');
    await invite(invitee);
    const attackerEmail = uniqueEmail('attacker');
    const { client: attacker } = await h.signUp(attackerEmail);

    const { data, error } = await attacker.updateUser({ email: invitee });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(attackerEmail);
    expect(data.user).toMatchObject({ new_email: invitee, email_change_sent_at: expect.any(String) });
    // The confirmation went to the invitee's address, which the attacker cannot read.
    expect(await h.latestMail(invitee)).toMatchObject({ subject: 'Confirm your new e-mail address', code: expect.stringMatching(/^\d{6}$/) });
    expect((await h.latestMail(attackerEmail))?.subject).toBe('Your e-mail address is about to change');

    // Fresh tokens still carry the old address, so the platform sees no invitee; accepting finds nothing.
    const { data: refreshed } = await attacker.refreshSession();
    const claims = (await h.service.verifyAccessToken(refreshed.session!.access_token))!;
    expect(claims.email).toBe(attackerEmail);
    await ensureProfile(h.pool, claims);
    expect(await membersOf(claims.sub)).toEqual([]);
    expect((await h.pool.query('SELECT 1 FROM invitations WHERE email = $1', [invitee])).rowCount).toBe(1);
    // Nor can the attacker sign in as the invitee, or confirm without the code.
    expect((await h.client().signInWithPassword({ email: invitee, password: STRONG_PASSWORD })).error?.code).toBe('invalid_credentials');
    const guess = await h.client().verifyOtp({ email: invitee, token: '000000', type: 'email_change' });
    expect(guess.error?.status).toBe(403);
    expect((await attacker.getUser()).data.user?.email).toBe(attackerEmail);
  });

  it('the legitimate change: the code mailed to the new address applies it; then its invitation is accepted', async () => {
    const oldEmail = uniqueEmail('mover');
    const newEmail = uniqueEmail('moved');
    await invite(newEmail);
    const { client } = await h.signUp(oldEmail);
    expect((await client.updateUser({ email: newEmail })).error).toBeNull();
    const code = (await h.latestMail(newEmail))!.code!;

    const { data, error } = await client.verifyOtp({ email: newEmail, token: code, type: 'email_change' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(newEmail);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user).not.toHaveProperty('new_email');
    const claims = (await h.service.verifyAccessToken(data.session!.access_token))!;
    expect(claims.email).toBe(newEmail);
    await ensureProfile(h.pool, claims);
    expect(await membersOf(claims.sub)).toEqual([{ role: 'administrator' }]);
    // The new address signs in, the old one no longer does, and the old address was told.
    expect((await h.client().signInWithPassword({ email: newEmail, password: STRONG_PASSWORD })).error).toBeNull();
    expect((await h.client().signInWithPassword({ email: oldEmail, password: STRONG_PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await h.latestMail(oldEmail))?.subject).toBe('Your e-mail address was changed');
    // Single use.
    expect((await h.client().verifyOtp({ email: newEmail, token: code, type: 'email_change' })).error?.status).toBe(403);
  });

  it('the attack: sign up with the address of a pending invitation — no session, no membership, until the address confirms', async () => {
    const invitee = uniqueEmail('invitee-signup');
    await invite(invitee);
    const attacker = h.client();
    const { data, error } = await attacker.signUp({ email: invitee, password: STRONG_PASSWORD });
    expect(error).toBeNull();
    // GoTrue without mailer_autoconfirm: the user comes back unconfirmed and without a session.
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email: invitee, identities: [expect.objectContaining({ email: invitee })] });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const signIn = await h.client().signInWithPassword({ email: invitee, password: STRONG_PASSWORD });
    expect(signIn.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
    // The confirmation went to the invitee's address, which the attacker cannot read.
    expect(await h.latestMail(invitee)).toMatchObject({ subject: 'Confirm your sign-up', code: expect.stringMatching(/^\d{6}$/) });

    // Defence in depth: even a token naming the address (say, a forged claim or one issued before the address was
    // proven) does not make a member — the platform asks the auth tables whether the address is confirmed.
    await ensureProfile(h.pool, { sub: data.user!.id, email: invitee, aal: 'aal1', session_id: data.user!.id });
    expect(await membersOf(data.user!.id)).toEqual([]);
    expect((await h.pool.query('SELECT 1 FROM invitations WHERE email = $1', [invitee])).rowCount).toBe(1);
    // Nor does a claim for an address that belongs to another (confirmed) account.
    const other = await h.signUp(uniqueEmail('claimer'));
    await ensureProfile(h.pool, { sub: other.data.user!.id, email: invitee, aal: 'aal1', session_id: other.data.user!.id });
    expect(await membersOf(other.data.user!.id)).toEqual([]);

    // The owner of the address confirms with the mailed code: then the invitation is accepted.
    const code = (await h.latestMail(invitee))!.code!;
    const confirmed = await h.client().verifyOtp({ email: invitee, token: code, type: 'signup' });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy();
    const claims = (await h.service.verifyAccessToken(confirmed.data.session!.access_token))!;
    await ensureProfile(h.pool, claims);
    expect(await membersOf(claims.sub)).toEqual([{ role: 'administrator' }]);
  });

  it('the mailed link applies the change too, and a change to an address taken meanwhile is refused', async () => {
    const oldEmail = uniqueEmail('linker');
    const newEmail = uniqueEmail('linked');
    const { client } = await h.signUp(oldEmail);
    await client.updateUser({ email: newEmail });
    const link = (await h.latestMail(newEmail))!.link!;
    const opened = await fetch(link, { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(opened.headers.get('location')!).hash.slice(1));
    expect(fragment.get('type')).toBe('email_change');
    expect(decodeJwt(fragment.get('access_token')!).email).toBe(newEmail);

    const slowEmail = uniqueEmail('slow');
    const contested = uniqueEmail('contested');
    const { client: slow } = await h.signUp(slowEmail);
    await slow.updateUser({ email: contested });
    const code = (await h.latestMail(contested))!.code!;
    await h.signUp(contested);
    const late = await slow.verifyOtp({ email: contested, token: code, type: 'email_change' });
    expect(late.error?.code).toBe('email_exists');
    expect((await slow.getUser()).data.user?.email).toBe(slowEmail);
  });
});

describe('finding 9: a password change ends the other sessions (as GoTrue does)', () => {
  it("the other session's refresh and access tokens stop working; the current session keeps going", async () => {
    const email = uniqueEmail('two-sessions');
    const { client: mine } = await h.signUp(email);
    const other = h.client();
    const { data: otherData } = await other.signInWithPassword({ email, password: STRONG_PASSWORD });
    const otherSession = otherData.session!;

    expect((await mine.updateUser({ password: 'Another-Strong-Password-77' })).error).toBeNull();

    const refresh = await fetch(`${h.url}/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: otherSession.refresh_token }),
    });
    expect(refresh.status).toBe(400);
    expect(await h.service.verifyAccessToken(otherSession.access_token)).toBeNull();
    const { data: refreshed, error } = await mine.refreshSession();
    expect(error).toBeNull();
    expect(await h.service.verifyAccessToken(refreshed.session!.access_token)).toMatchObject({ email });
  });

  it('an administrator setting the password ends every session of the user', async () => {
    const email = uniqueEmail('admin-reset');
    const { data } = await h.signUp(email);
    const { error } = await h.admin().updateUserById(data.user!.id, { password: 'Another-Strong-Password-77' });
    expect(error).toBeNull();
    expect(await h.service.verifyAccessToken(data.session!.access_token)).toBeNull();
  });
});
