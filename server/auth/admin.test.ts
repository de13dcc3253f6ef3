// Admin endpoints through auth-js's GoTrueAdminApi with the platform admin secret (spec A7 Admin, A5 UUID ids).
import { GoTrueAdminApi } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, startAuthHarness, uniqueEmail, type AuthHarness } from './testing.ts';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('admin secret', () => {
  it('is required, and a wrong one is refused', async () => {
    const none = await fetch(`${h.url}/admin/users`);
    expect(none.status).toBe(401);
    const wrong = new GoTrueAdminApi({ url: h.url, headers: { Authorization: 'Bearer nope' } });
    const { error } = await wrong.listUsers();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('not_admin');
    // A user's access token is not the admin secret.
    const { data } = await h.signUp();
    const asUser = await fetch(`${h.url}/admin/users`, { headers: { Authorization: `Bearer ${data.session!.access_token}` } });
    expect(asUser.status).toBe(403);
    const byHeader = await fetch(`${h.url}/admin/users`, { headers: { 'x-strata-admin-secret': h.service.adminSecret } });
    expect(byHeader.status).toBe(200);
  });
});

describe('admin users', () => {
  it('creates, lists with paging headers, reads, updates and deletes users', async () => {
    const admin = h.admin();
    const email = uniqueEmail('admin');
    const created = await admin.createUser({ email, password: STRONG_PASSWORD, email_confirm: true, user_metadata: { a: 1 } });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect((await h.client().signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();

    await admin.createUser({ email: uniqueEmail('admin'), password: STRONG_PASSWORD });
    const page = await admin.listUsers({ page: 1, perPage: 1 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(1);
    expect((page.data as { total?: number }).total).toBeGreaterThanOrEqual(2);
    expect((page.data as { nextPage?: number | null }).nextPage).toBe(2);

    expect((await admin.getUserById(id)).data.user?.email).toBe(email);
    const updated = await admin.updateUserById(id, { user_metadata: { b: 2 }, app_metadata: { plan: 'pro' } });
    expect(updated.data.user?.user_metadata).toEqual({ a: 1, b: 2 });
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: 'email', plan: 'pro' });
    const weak = await admin.updateUserById(id, { password: 'weak' });
    expect(weak.error?.code).toBe('weak_password');

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error?.status).toBe(404);
  });

  it('soft delete frees the address and ends the sessions', async () => {
    const admin = h.admin();
    const email = uniqueEmail('soft');
    const { data } = await h.signUp(email);
    expect((await admin.deleteUser(data.user!.id, true)).error).toBeNull();
    expect(await h.service.verifyAccessToken(data.session!.access_token)).toBeNull();
    expect((await h.client().signUp({ email, password: STRONG_PASSWORD })).error).toBeNull();
  });

  it('user ids must be UUIDs (400), unknown ones are 404', async () => {
    const headers = { 'x-strata-admin-secret': h.service.adminSecret };
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await fetch(`${h.url}/admin/users/not-a-uuid`, { method, headers });
      expect(response.status, method).toBe(400);
      expect((await response.json()).error_code).toBe('validation_failed');
    }
    const missing = await fetch(`${h.url}/admin/users/00000000-0000-4000-8000-000000000000`, { headers });
    expect(missing.status).toBe(404);
  });

  it('lists and deletes a user’s factors', async () => {
    const { client, data } = await h.signUp(uniqueEmail('factor'));
    const factor = await client.mfa.enroll({ factorType: 'totp' });
    const admin = h.admin();
    const listed = await admin.mfa.listFactors({ userId: data.user!.id });
    expect(listed.data?.factors.map((f) => f.id)).toEqual([factor.data!.id]);
    expect((await admin.mfa.deleteFactor({ userId: data.user!.id, id: factor.data!.id })).error).toBeNull();
    expect((await admin.mfa.listFactors({ userId: data.user!.id })).data?.factors).toEqual([]);
  });
});

describe('generate_link and invite', () => {
  it('a magic link: its hashed_token signs in once through verifyOtp', async () => {
    const email = uniqueEmail('gen');
    await h.admin().createUser({ email, password: STRONG_PASSWORD, email_confirm: true });
    const { data, error } = await h.admin().generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    expect(data.properties?.action_link).toContain(`${h.url}/verify?`);
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties?.verification_type).toBe('magiclink');
    expect(data.user?.email).toBe(email);
    expect(await h.latestMail(email)).toBeNull(); // handed back, not mailed
    const client = h.client();
    const signedIn = await client.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'magiclink' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.user.email).toBe(email);
    const again = await h.client().verifyOtp({ token_hash: data.properties!.hashed_token, type: 'magiclink' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('a signup link creates an unconfirmed user that the link confirms; recovery needs a user', async () => {
    const email = uniqueEmail('gen');
    const { data } = await h.admin().generateLink({ type: 'signup', email, password: STRONG_PASSWORD });
    expect(data.user?.email_confirmed_at).toBeFalsy();
    expect((await h.client().signInWithPassword({ email, password: STRONG_PASSWORD })).error?.code).toBe(
      'email_not_confirmed',
    );
    const verified = await h.client().verifyOtp({ email, token: data.properties!.email_otp, type: 'signup' });
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect((await h.client().signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();
    const ghost = await h.admin().generateLink({ type: 'recovery', email: uniqueEmail('ghost') });
    expect(ghost.error?.code).toBe('user_not_found');
  });

  it('an invite mails a link that signs the new user in', async () => {
    const email = uniqueEmail('invite');
    const { error } = await h.admin().inviteUserByEmail(email);
    expect(error).toBeNull();
    const mail = await h.latestMail(email);
    expect(mail?.subject).toMatch(/invited/);
    const response = await fetch(mail!.link!, { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    expect(fragment.get('access_token')).toBeTruthy();
  });
});

describe('settings and health', () => {
  it('answers what auth-js and the console read', async () => {
    expect((await fetch(`${h.url}/health`)).status).toBe(200);
    const settings = await (await fetch(`${h.url}/settings`)).json();
    expect(settings).toMatchObject({ external: { email: true }, mailer_autoconfirm: false, disable_signup: false });
  });
});
