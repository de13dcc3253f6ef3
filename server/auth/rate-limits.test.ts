// Issue 13 finding 3: unlimited guessing. With the DEFAULT limits (the harness of the other auth tests raises
// them), wrong codes, wrong passwords, mails and refreshes hit a 429 in GoTrue's shape, and a mailed code dies
// after a few wrong tries. The figures of the closing note are printed by the "measures" test.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, MAX_CODE_ATTEMPTS, parseRateLimitOverrides } from './rate-limits.ts';
import { STRONG_PASSWORD, startAuthHarness, uniqueEmail, type AuthHarness } from './testing.ts';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness({ rateLimits: 'defaults' });
});
afterAll(async () => {
  await h?.close();
});
// Every test comes from 127.0.0.1: each starts with empty counters so one test's traffic does not spend another's.
beforeEach(async () => {
  await h.pool.query('DELETE FROM auth.rate_limit_counters');
});

const post = (path: string, body: unknown) =>
  fetch(`${h.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const OVER_REQUEST = { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' };
const OVER_EMAIL = { code: 429, error_code: 'over_email_send_rate_limit', msg: 'Email rate limit exceeded' };

/** Sends requests until the first 429; returns how many were answered otherwise, the 429 and the time taken. */
async function untilLimited(send: (i: number) => Promise<Response>, cap = 1000) {
  const started = performance.now();
  for (let i = 0; i < cap; i++) {
    const response = await send(i);
    if (response.status === 429) {
      return { passed: i, response, body: await response.json(), ms: performance.now() - started };
    }
    expect(response.status, await response.text()).toBeLessThan(500);
    await response.body?.cancel().catch(() => {});
  }
  throw new Error(`no 429 after ${cap} requests`);
}

const wrongCode = (right: string, i: number) => {
  const guess = String(i % 1_000_000).padStart(6, '0');
  return guess === right ? String((i + 1) % 1_000_000).padStart(6, '0') : guess;
};

describe('a mailed code', () => {
  it(`dies after ${MAX_CODE_ATTEMPTS} wrong tries: then even the right code and the link are refused`, async () => {
    const email = uniqueEmail('guess');
    expect((await h.client().signInWithOtp({ email })).error).toBeNull();
    const mail = (await h.latestMail(email))!;
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      const { error } = await h.client().verifyOtp({ email, token: wrongCode(mail.code!, i), type: 'email' });
      expect(error?.code).toBe('otp_expired');
    }
    const right = await h.client().verifyOtp({ email, token: mail.code!, type: 'email' });
    expect(right.error?.code).toBe('otp_expired');
    const link = await fetch(mail.link!, { redirect: 'manual' });
    expect(link.headers.get('location')).toContain('error_code=otp_expired');
  });

  it('still works after fewer wrong tries, and concurrent guesses cannot exceed the cap', async () => {
    const email = uniqueEmail('guess');
    await h.client().signInWithOtp({ email });
    const first = (await h.latestMail(email))!.code!;
    for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++) {
      expect((await h.client().verifyOtp({ email, token: wrongCode(first, i), type: 'email' })).error?.code).toBe('otp_expired');
    }
    expect((await h.client().verifyOtp({ email, token: first, type: 'email' })).error).toBeNull();

    // 20 guesses at once, the right one last: at most MAX_CODE_ATTEMPTS are checked against the code.
    await h.client().signInWithOtp({ email });
    const code = (await h.latestMail(email))!.code!;
    const guesses = Array.from({ length: 20 }, (_, i) => wrongCode(code, i + 100));
    await Promise.all(guesses.map((token) => post('/verify', { type: 'email', email, token })));
    expect((await h.client().verifyOtp({ email, token: code, type: 'email' })).error?.code).toBe('otp_expired');
  });
});

describe('rate limits answer 429 in GoTrue shape', () => {
  it(`verify: ${DEFAULT_RATE_LIMITS.token_verifications.max} per client, then 429 (wrong codes for many addresses)`, async () => {
    const result = await untilLimited((i) => post('/verify', { type: 'email', email: `nobody${i}@example.com`, token: '123456' }));
    expect(result.passed).toBe(DEFAULT_RATE_LIMITS.token_verifications.max);
    expect(result.body).toEqual(OVER_REQUEST);
    expect(Number(result.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // The link route is limited too; its error travels in the redirect, as auth-js reads it.
    const link = await fetch(`${h.url}/verify?token=x&type=magiclink`, { redirect: 'manual' });
    expect(link.headers.get('location')).toContain('error_code=over_request_rate_limit');
  });

  it(`password sign-in: ${DEFAULT_RATE_LIMITS.password_attempts.max} wrong passwords per address, then 429 even for the right one`, async () => {
    const { email } = await h.signUp(uniqueEmail('pw'));
    // Successful sign-ins do not count against the address.
    for (let i = 0; i < DEFAULT_RATE_LIMITS.password_attempts.max + 2; i++) {
      await h.pool.query('DELETE FROM auth.rate_limit_counters WHERE name = $1', ['sign_in_sign_ups']);
      expect((await h.client().signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();
    }
    const result = await untilLimited(async (i) => {
      await h.pool.query('DELETE FROM auth.rate_limit_counters WHERE name = $1', ['sign_in_sign_ups']);
      return post('/token?grant_type=password', { email, password: `Wrong-password-${i}` });
    });
    expect(result.passed).toBe(DEFAULT_RATE_LIMITS.password_attempts.max);
    expect(result.body).toEqual(OVER_REQUEST);
    const right = await h.client().signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(right.error?.status).toBe(429);
    expect(right.error?.code).toBe('over_request_rate_limit');
    // Each sign-in hashes a password (CPU-bound): ~7 s alone, past 20 s when the whole suite shares two cores.
  }, 90_000);

  it(`sign-ins and sign-ups: ${DEFAULT_RATE_LIMITS.sign_in_sign_ups.max} per client across addresses, then 429`, async () => {
    const result = await untilLimited((i) =>
      i % 2 === 0
        ? post('/token?grant_type=password', { email: `someone${i}@example.com`, password: 'Wrong-password-1' })
        : post('/signup', { email: uniqueEmail('many'), password: STRONG_PASSWORD }),
    );
    expect(result.passed).toBe(DEFAULT_RATE_LIMITS.sign_in_sign_ups.max);
    expect(result.body).toEqual(OVER_REQUEST);
  }, 90_000);

  it(`mails: ${DEFAULT_RATE_LIMITS.email_sent.max} per address (sign-up, otp and recover together), then over_email_send_rate_limit`, async () => {
    // The sign-up's confirmation mail is the first of them.
    const { email } = await h.signUp(uniqueEmail('mail'));
    const result = await untilLimited((i) => (i % 2 ? post('/recover', { email }) : post('/otp', { email })));
    expect(result.passed).toBe(DEFAULT_RATE_LIMITS.email_sent.max - 1);
    expect(result.body).toEqual(OVER_EMAIL);
    const { count } = (await h.pool.query('SELECT count(*)::int AS count FROM auth.mail_outbox WHERE to_email = $1', [email])).rows[0];
    expect(count).toBe(DEFAULT_RATE_LIMITS.email_sent.max);
    // An unknown address is counted the same way, so the 429 does not tell who has an account.
    const ghost = uniqueEmail('ghost');
    const ghostResult = await untilLimited(() => post('/recover', { email: ghost }));
    expect(ghostResult.passed).toBe(DEFAULT_RATE_LIMITS.email_sent.max);
  });

  it(`token refresh: ${DEFAULT_RATE_LIMITS.token_refresh.max} per client, then 429`, async () => {
    const result = await untilLimited((i) => post('/token?grant_type=refresh_token', { refresh_token: `not-a-token-${i}` }), 2000);
    expect(result.passed).toBe(DEFAULT_RATE_LIMITS.token_refresh.max);
    expect(result.body).toEqual(OVER_REQUEST);
  });

  it('measures: wrong one-time codes for one address, how many and how fast before a 429', async () => {
    const { email } = await h.signUp(uniqueEmail('measure'));
    await h.client().signInWithOtp({ email });
    const result = await untilLimited((i) => post('/verify', { type: 'email', email, token: String(i).padStart(6, '0') }));
    const perSecond = (result.passed / result.ms) * 1000;
    console.log(
      `[measure] ${result.passed} wrong codes answered before the first 429, in ${result.ms.toFixed(0)} ms ` +
        `(${perSecond.toFixed(0)} guesses/s while allowed); only ${MAX_CODE_ATTEMPTS} of them were checked against the live code`,
    );
    expect(result.passed).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.token_verifications.max);
  });
});

describe('configuration', () => {
  it('reads overrides as name=max/seconds and refuses what it does not understand', () => {
    expect(parseRateLimitOverrides('token_refresh=300/300, email_sent=10/3600').limits).toEqual({
      token_refresh: { max: 300, windowSeconds: 300 },
      email_sent: { max: 10, windowSeconds: 3600 },
    });
    const bad = parseRateLimitOverrides('nope=1/1,verify=x,token_refresh=0/10');
    expect(bad.limits).toEqual({});
    expect(bad.problems).toHaveLength(3);
  });
});
