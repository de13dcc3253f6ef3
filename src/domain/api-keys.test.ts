import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiKeyNameError, canUseSecretKeys, JWT_STATUS_POLL_MS, jwtFailureText, KEY_COPY_FEEDBACK_MS } from './api-keys.ts';

describe('api keys rules (spec A4.9, C§9)', () => {
  it('polls the JWT status every second and shows Copied for 2 s', () => {
    expect(JWT_STATUS_POLL_MS).toBe(1000);
    expect(KEY_COPY_FEEDBACK_MS).toBe(2000);
  });

  it('allows reveal and copy only when permitted and not updating', () => {
    expect(canUseSecretKeys(true, false)).toBe(true);
    expect(canUseSecretKeys(true, true)).toBe(false);
    expect(canUseSecretKeys(false, false)).toBe(false);
    expect(canUseSecretKeys(false, true)).toBe(false);
  });

  it('names the failed update with the spec line first', () => {
    expect(jwtFailureText(null)).toBe('JWT secret update failed, new API key may have issues');
    expect(jwtFailureText('disk full')).toBe('JWT secret update failed, new API key may have issues: disk full');
  });

  it('accepts the names the platform accepts (same pattern as server/routes/apiKeys.ts)', () => {
    expect(apiKeyNameError('default')).toBeNull();
    expect(apiKeyNameError('_my_key_2')).toBeNull();
    expect(apiKeyNameError('abc')).toBe('Name must be at least 4 characters');
    expect(apiKeyNameError('x'.repeat(65))).toBe('Name must be at most 64 characters');
    expect(apiKeyNameError('Bad Name')).toMatch(/lowercase letters/);
    expect(apiKeyNameError('9lives')).toMatch(/start with a letter/);
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (name) => {
        const error = apiKeyNameError(name);
        const trimmed = name.trim();
        expect(error === null).toBe(/^[a-z_][a-z0-9_]{3,63}$/.test(trimmed));
      }),
    );
  });
});
