// Pure rules of the auth service: password hashing and strength, PKCE, redirect allow-list, request schemas.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { metadataSchema, signUpBody } from '../../src/api/schemas/auth.ts';
import { resolveRedirect } from './links.ts';
import { pkceMatches } from './one-time-tokens.ts';
import { hashPassword, passwordWeaknesses, verifyPassword, weakPasswordMessage } from './passwords.ts';

describe('password hashing', () => {
  it('verifies the same password and nothing else (salted: two hashes differ)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 72 }), fc.string({ maxLength: 72 }), async (password, other) => {
        const hash = await hashPassword(password);
        expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
        expect(await verifyPassword(password, hash)).toBe(true);
        if (other.normalize('NFKC') !== password.normalize('NFKC')) expect(await verifyPassword(other, hash)).toBe(false);
      }),
      { numRuns: 3 },
    );
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
  });

  it('refuses a missing or malformed stored hash', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});

describe('password strength (GoTrue reasons)', () => {
  it('names each failed rule', () => {
    expect(passwordWeaknesses('Aa1')).toEqual(['length']);
    expect(passwordWeaknesses('abcdefgh1')).toEqual(['characters']);
    expect(passwordWeaknesses('PassWord123')).toEqual(['pwned']);
    expect(passwordWeaknesses('Correct-Horse-42')).toEqual([]);
    expect(weakPasswordMessage(['length'])).toBe('Password should be at least 8 characters.');
  });

  it('a password with all classes and 8+ characters passes', () => {
    const strong = fc
      .tuple(fc.stringMatching(/^[a-z]{3}$/), fc.stringMatching(/^[A-Z]{3}$/), fc.stringMatching(/^[0-9]{2}$/))
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(strong, (password) => {
        expect(passwordWeaknesses(password)).toEqual([]);
      }),
    );
  });
});

describe('PKCE', () => {
  /** The challenge as a browser makes it (WebCrypto), independent of the server's node:crypto code. */
  async function browserChallenge(verifier: string) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  it('S256 accepts the verifier whose hash is the challenge, and no other', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9._~-]{43,128}$/), fc.string({ minLength: 1 }), async (verifier, other) => {
        const flow = { code_challenge: await browserChallenge(verifier), code_challenge_method: 's256' as const };
        expect(pkceMatches(flow, verifier)).toBe(true);
        if (other !== verifier) expect(pkceMatches(flow, other)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('plain compares the verifier itself', () => {
    expect(pkceMatches({ code_challenge: 'abc', code_challenge_method: 'plain' }, 'abc')).toBe(true);
    expect(pkceMatches({ code_challenge: 'abc', code_challenge_method: 'plain' }, 'abd')).toBe(false);
  });
});

describe('redirects', () => {
  const ctx = { issuer: 'http://127.0.0.1:54321/auth/v1', siteUrl: 'http://127.0.0.1:54321/dashboard' };
  it('keeps the platform and loopback addresses, replaces anything else by the site URL', () => {
    expect(resolveRedirect(ctx, 'http://127.0.0.1:54321/dashboard/account')).toBe('http://127.0.0.1:54321/dashboard/account');
    expect(resolveRedirect(ctx, 'http://localhost:5173/x')).toBe('http://localhost:5173/x');
    expect(resolveRedirect(ctx, 'http://app.localhost:3000/')).toBe('http://app.localhost:3000/');
    for (const bad of ['https://evil.example/', 'javascript:alert(1)', '//evil.example', 'not a url', '', undefined]) {
      expect(resolveRedirect(ctx, bad)).toBe(ctx.siteUrl);
    }
  });
});

describe('request schemas', () => {
  it('lower-cases and trims e-mails, refuses malformed ones with GoTrue’s message', () => {
    expect(signUpBody.parse({ email: '  Ada@Example.COM ' }).email).toBe('ada@example.com');
    const bad = signUpBody.safeParse({ email: 'not-an-email' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Unable to validate email address: invalid format');
  });

  it('metadata Postgres cannot store (NUL, lone surrogates) is refused', () => {
    expect(metadataSchema.safeParse({ a: 'x\u0000y' }).success).toBe(false);
    expect(metadataSchema.safeParse({ a: '\uD800' }).success).toBe(false);
    expect(metadataSchema.safeParse({ a: '\uD83D\uDE00', nested: { ok: [1, null] } }).success).toBe(true);
    expect(metadataSchema.safeParse([]).success).toBe(false);
  });
});
