// E-mail flows through the local outbox: OTP code sign-in, magic link (implicit and PKCE), recovery leading to
// PASSWORD_RECOVERY (spec A4.11), and the inbox page.
import type { AuthChangeEvent } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthHarness, uniqueEmail, type AuthHarness } from './testing.ts';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => {
  await h?.close();
});

function recordEvents(client: ReturnType<AuthHarness['client']>) {
  const events: AuthChangeEvent[] = [];
  client.onAuthStateChange((event) => void events.push(event));
  return events;
}

/** Follows the mailed link as a browser would, without following the redirect. */
async function openLink(link: string) {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

describe('OTP sign-in', () => {
  it('mails a code and a link; the code signs in and confirms the new user', async () => {
    const email = uniqueEmail('otp');
    const client = h.client();
    expect((await client.signInWithOtp({ email })).error).toBeNull();
    const mail = await h.latestMail(email);
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.link).toContain(`${h.url}/verify?`);
    expect(h.logs.some((line) => line.includes(email) && line.includes(mail!.code!))).toBe(true);

    const events = recordEvents(client);
    const { data, error } = await client.verifyOtp({ email, token: mail!.code!, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(events).toContain('SIGNED_IN');
    // Single use: the same code again is refused.
    const again = await h.client().verifyOtp({ email, token: mail!.code!, type: 'email' });
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.status).toBe(403);
  });

  it('a wrong code is refused, and only the newest mail counts', async () => {
    const email = uniqueEmail('otp');
    await h.client().signInWithOtp({ email });
    const first = (await h.latestMail(email))!.code!;
    await h.client().signInWithOtp({ email });
    const second = (await h.latestMail(email))!.code!;
    const wrong = second === '000000' ? '111111' : '000000';
    expect((await h.client().verifyOtp({ email, token: wrong, type: 'email' })).error?.code).toBe('otp_expired');
    if (first !== second) {
      expect((await h.client().verifyOtp({ email, token: first, type: 'email' })).error?.code).toBe('otp_expired');
    }
    expect((await h.client().verifyOtp({ email, token: second, type: 'email' })).error).toBeNull();
  });

  it('does not create a user when create_user is false', async () => {
    const email = uniqueEmail('nobody');
    const { error } = await h.client().signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error?.code).toBe('otp_disabled');
    expect(await h.latestMail(email)).toBeNull();
  });
});

describe('magic link', () => {
  it('implicit flow: the redirect carries the session in the fragment', async () => {
    const email = uniqueEmail('link');
    await h.client().signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:5173/dashboard/projects' } });
    const location = await openLink((await h.latestMail(email))!.link!);
    expect(location.origin + location.pathname).toBe('http://localhost:5173/dashboard/projects');
    expect(location.search).toBe(''); // tokens never in the query, which servers log
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('magiclink');
    const client = h.client();
    const { data, error } = await client.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    // The link is single use: a second click lands with an error in the fragment.
    const second = await openLink((await h.latestMail(email))!.link!);
    const secondFragment = new URLSearchParams(second.hash.slice(1));
    expect(secondFragment.get('error_code')).toBe('otp_expired');
    expect(secondFragment.get('access_token')).toBeNull();
  });

  it('pkce flow: the redirect carries a code that only the verifier holder can exchange', async () => {
    const email = uniqueEmail('pkce');
    const client = h.client({ flowType: 'pkce' });
    await client.signInWithOtp({ email, options: { emailRedirectTo: `${new URL(h.url).origin}/dashboard/sign-in` } });
    const location = await openLink((await h.latestMail(email))!.link!);
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(location.hash).toBe('');
    // Someone else's verifier is refused.
    const thief = await fetch(`${h.url}/token?grant_type=pkce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(thief.status).toBe(403);
    // The code was spent by the failed attempt, so a fresh link is needed for the real client.
    await client.signInWithOtp({ email });
    const fresh = (await openLink((await h.latestMail(email))!.link!)).searchParams.get('code')!;
    const { data, error } = await client.exchangeCodeForSession(fresh);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('an off-site redirect_to falls back to the site URL', async () => {
    const email = uniqueEmail('redirect');
    await h.client().signInWithOtp({ email, options: { emailRedirectTo: 'https://evil.example.org/steal' } });
    const location = await openLink((await h.latestMail(email))!.link!);
    expect(location.origin).toBe(new URL(h.url).origin);
    expect(location.pathname).toBe('/dashboard');
  });
});

describe('recovery', () => {
  it('the mailed code leads to PASSWORD_RECOVERY and a new password', async () => {
    const { email } = await h.signUp(uniqueEmail('recover'));
    const client = h.client();
    expect((await client.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await h.latestMail(email);
    expect(mail?.subject).toMatch(/password/i);
    const events = recordEvents(client);
    const { error } = await client.verifyOtp({ email, token: mail!.code!, type: 'recovery' });
    expect(error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await client.updateUser({ password: 'Brand-New-Secret-7' })).error).toBeNull();
    expect((await h.client().signInWithPassword({ email, password: 'Brand-New-Secret-7' })).error).toBeNull();
  });

  it('the recovery link redirects with type=recovery; a login code is not a recovery code', async () => {
    const { email } = await h.signUp(uniqueEmail('recover'));
    await h.client().resetPasswordForEmail(email);
    const mail = (await h.latestMail(email))!;
    expect((await h.client().verifyOtp({ email, token: mail.code!, type: 'email' })).error?.code).toBe('otp_expired');
    const fragment = new URLSearchParams((await openLink(mail.link!)).hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')).toBeTruthy();
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    expect((await h.client().resetPasswordForEmail(email)).error).toBeNull();
    expect(await h.latestMail(email)).toBeNull();
  });
});

describe('local inbox', () => {
  it('shows the latest mails as HTML and JSON, escaped', async () => {
    const email = uniqueEmail('inbox');
    await h.client().signInWithOtp({ email });
    const code = (await h.latestMail(email))!.code!;
    const page = await fetch(`${h.url}/local/inbox?token=${h.service.inboxToken}&email=${encodeURIComponent(email)}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(code);
    expect(html).toContain('href="http://127.0.0.1');
    const json = await (
      await fetch(`${h.url}/local/inbox?format=json&email=${encodeURIComponent(email)}`, {
        headers: { 'x-strata-inbox-token': h.service.inboxToken },
      })
    ).json();
    expect(json.messages[0]).toMatchObject({ to: email, code });
  });
});
