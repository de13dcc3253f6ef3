import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AUTH_STORAGE_KEY, accessTokenAal, assuranceFromSession, assuranceStanding, hasMfa, isIgnorableSignOutError, isLoggedIn, isSignOutScope, needsSessionRefetch, type AuthSession } from './auth.ts';
import { describeAuthError, validateCode, validateEmail, validateEmailAndPassword, weakPasswordReasonText } from './auth-forms.ts';

const session = (expires_at: number): AuthSession => ({
  access_token: 't',
  refresh_token: 'r',
  expires_in: 3600,
  expires_at,
  token_type: 'bearer',
  user: { id: 'u' },
});

describe('auth rules', () => {
  it('the storage key ends in .dashboard.auth.token and is product-prefixed (spec A9)', () => {
    expect(AUTH_STORAGE_KEY).toBe('strata.dashboard.auth.token');
    expect(AUTH_STORAGE_KEY.endsWith('.dashboard.auth.token')).toBe(true);
  });

  it('logged in when the session has a user; MFA when factors is non-empty (spec A4.11)', () => {
    expect(isLoggedIn(null)).toBe(false);
    expect(isLoggedIn({ ...session(0), user: null })).toBe(false);
    expect(isLoggedIn(session(0))).toBe(true);
    expect(hasMfa({ id: 'u', factors: [] })).toBe(false);
    expect(hasMfa({ id: 'u', factors: [{ id: 'f', factor_type: 'totp', status: 'unverified' }] })).toBe(true);
    expect(hasMfa(null)).toBe(false);
  });

  it('refetches the session when none is cached or it expires within 30 s (spec A4.11)', () => {
    expect(needsSessionRefetch(null, 1000)).toBe(true);
    expect(needsSessionRefetch(session(1031), 1000)).toBe(false);
    expect(needsSessionRefetch(session(1030), 1000)).toBe(false);
    expect(needsSessionRefetch(session(1029), 1000)).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2e9 }), fc.integer({ min: -1e6, max: 1e6 }), (now, delta) => {
        expect(needsSessionRefetch(session(now + delta), now)).toBe(delta < 30);
      }),
    );
  });

  it('ignores 401, 403, 404 on sign-out only (spec A8)', () => {
    for (const status of [401, 403, 404]) expect(isIgnorableSignOutError({ status })).toBe(true);
    for (const status of [400, 500, 502]) expect(isIgnorableSignOutError({ status })).toBe(false);
    expect(isIgnorableSignOutError(new Error('network'))).toBe(false);
    expect(isIgnorableSignOutError(null)).toBe(false);
  });

  it('sign-out scope is one of global, local, others (spec A5)', () => {
    expect(['global', 'local', 'others'].every(isSignOutScope)).toBe(true);
    expect(isSignOutScope('all')).toBe(false);
  });

  it('assurance standing', () => {
    expect(assuranceStanding({ currentLevel: 'aal2', nextLevel: 'aal2' })).toBe('aal2');
    expect(assuranceStanding({ currentLevel: 'aal1', nextLevel: 'aal2' })).toBe('needsMfa');
    expect(assuranceStanding({ currentLevel: 'aal1', nextLevel: 'aal1' })).toBe('aal1');
    expect(assuranceStanding({ currentLevel: null, nextLevel: null })).toBe('aal1');
  });

  it('validation messages verbatim (spec A5, A8)', () => {
    expect(validateEmailAndPassword('', 'x')).toBe('You must provide either an email or phone number and a password');
    expect(validateEmailAndPassword('a@b.c', '')).toBe('You must provide either an email or phone number and a password');
    expect(validateEmailAndPassword('a@b.c', 'x')).toBeNull();
    expect(validateEmail('  ')).toBe('You must provide either an email or phone number.');
    expect(validateEmail('a@b.c')).toBeNull();
    expect(validateCode('123456')).toBeNull();
    expect(validateCode('12345')).not.toBeNull();
    expect(validateCode('12345a')).not.toBeNull();
  });

  it('describes errors: the message verbatim and the weak_password reasons', () => {
    expect(describeAuthError({ message: 'Invalid login credentials', status: 400, code: 'invalid_credentials' })).toEqual({
      message: 'Invalid login credentials',
      code: 'invalid_credentials',
      status: 400,
      reasons: [],
    });
    const weak = Object.assign(new Error('Password is known to be weak'), { name: 'AuthWeakPasswordError', reasons: ['pwned', 7] });
    expect(describeAuthError(weak)).toMatchObject({ code: 'weak_password', reasons: ['pwned'] });
    expect(describeAuthError(undefined).message).toBe('Something went wrong. Please try again.');
    expect(weakPasswordReasonText('length')).toMatch(/too short/);
    expect(weakPasswordReasonText('unknown-reason')).toBe('unknown-reason');
  });
});

describe('assurance read from the session (no round trip)', () => {
  const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
  const session = (claims: object, factors: unknown) =>
    ({ access_token: token(claims), refresh_token: 'r', expires_in: 3600, token_type: 'bearer', user: { id: 'u', factors } }) as never;

  it('reads the aal claim and asks for aal2 when a verified factor exists', () => {
    expect(assuranceFromSession(session({ aal: 'aal1' }, []))).toEqual({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect(assuranceFromSession(session({ aal: 'aal1' }, [{ id: 'f', status: 'verified', factor_type: 'totp' }]))).toEqual({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    expect(assuranceFromSession(session({ aal: 'aal2' }, [{ id: 'f', status: 'verified', factor_type: 'totp' }]))).toEqual({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    expect(assuranceFromSession(session({ aal: 'aal1' }, [{ id: 'f', status: 'unverified', factor_type: 'totp' }]))?.nextLevel).toBe('aal1');
  });

  it('gives up (null) when the token or the user is missing', () => {
    expect(assuranceFromSession(session({}, []))).toBeNull();
    expect(assuranceFromSession({ ...(session({ aal: 'aal1' }, []) as object), user: null } as never)).toBeNull();
    // factors left out (none enrolled) reads as none
    expect(assuranceFromSession(session({ aal: 'aal1' }, undefined))).toEqual({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect(accessTokenAal('garbage')).toBeNull();
    expect(accessTokenAal('a.%%%.c')).toBeNull();
  });
});
