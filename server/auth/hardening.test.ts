// Issue 13 (Hardening), attacked through HTTP as a page on another origin or a careless client would:
// finding 2 (CORS and the local inbox), finding 6 (secure e-mail change; invitations go by proven addresses) and
// the last item of 9 (a password change ends the user's other sessions).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const email = uniqueEmail('cors');
    await h.client().signUp({ email, password: STRONG_PASSWORD });
    const recover = await fetch(`${h.url}/recover`, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'text/plain' },
      body: JSON.stringify({ email }),
    });
    expect(recover.status).toBe(403);
    expect(recover.headers.get('access-control-allow-origin')).toBeNull();
    expect((await recover.json()).error_code).toBe('origin_not_allowed');
    expect(await h.latestMail(email)).toBeNull();
  });

  it('the attack: recover, read the code from the inbox, verify — the inbox refuses without its token', async () => {
    const email = uniqueEmail('victim');
    await h.client().signUp({ email, password: STRONG_PASSWORD });
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
