import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DB_PASSWORD_MIN_LENGTH,
  GENERATED_PASSWORD_LENGTH,
  PASSWORD_ALPHABET,
  characterClasses,
  generatePassword,
  isCommonPassword,
  passwordStrength,
} from './password-strength.ts';
import { createProjectBody } from '../api/schemas/projects.ts';

const randomBytes = (seed: number) => {
  let state = seed >>> 0 || 1;
  return (bytes: Uint8Array<ArrayBuffer>) => {
    for (let i = 0; i < bytes.length; i++) {
      state = (state * 1664525 + 1013904223) >>> 0;
      bytes[i] = state >>> 24;
    }
    return bytes;
  };
};

describe('password strength', () => {
  it('is the minimum the platform enforces', () => {
    const body = (db_pass: string) => ({ organization_slug: 'acme', name: 'x', db_pass, db_region: 'local' });
    expect(createProjectBody.safeParse(body('x'.repeat(DB_PASSWORD_MIN_LENGTH - 1))).success).toBe(false);
    expect(createProjectBody.safeParse(body('x'.repeat(DB_PASSWORD_MIN_LENGTH))).success).toBe(true);
  });

  it.each([
    ['', 0, 'Enter a database password.'],
    ['abc', 0, 'This password is too short: use at least 8 characters.'],
    ['password', 0, 'This password is too common and easy to guess.'],
    ['Password123!', 0, 'This password is too common and easy to guess.'],
    ['12345678901', 0, 'This password is too common and easy to guess.'],
    ['aaaaaaaaaaaa', 0, 'This password is too common and easy to guess.'],
  ])('%j scores %i', (password, score, message) => {
    const strength = passwordStrength(password);
    expect(strength.score).toBe(score);
    expect(strength.message).toBe(message);
    expect(strength.acceptable).toBe(false);
  });

  it('grows with length and character classes', () => {
    expect(passwordStrength('bluehouse').score).toBe(1);
    expect(passwordStrength('bluehouse').message).toBe(
      'This password is weak: use 12 or more characters, add uppercase letters, add numbers, add symbols.',
    );
    expect(passwordStrength('bluehousegarden').score).toBe(2);
    expect(passwordStrength('bluehousegarden').acceptable).toBe(true);
    expect(passwordStrength('Blue-house-7').score).toBe(4);
    expect(passwordStrength('Quiet-river-stone-42')).toMatchObject({ score: 4, label: 'Strong', message: 'This password is strong.' });
    expect(passwordStrength('Bluehouse7garden').score).toBe(4);
    expect(passwordStrength('bluehouse7garden').score).toBe(3);
    expect(passwordStrength('bluehouse7gar').score).toBe(2);
  });

  it('repeating a few characters does not make a strong password', () => {
    expect(passwordStrength('abababababababab1').score).toBe(1);
  });

  it('flags common passwords, also with trailing digits and symbols', () => {
    expect(isCommonPassword('Qwerty2024!')).toBe(true);
    expect(isCommonPassword('qwertz-river')).toBe(false);
  });

  it('the score is 0–4, acceptable from 2, and 0 below the minimum length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (password) => {
        const { score, acceptable } = passwordStrength(password);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(4);
        expect(acceptable).toBe(score >= 2);
        if ([...password].length < DB_PASSWORD_MIN_LENGTH) expect(score).toBe(0);
      }),
    );
  });

  it('generated passwords are strong, of every class, from the alphabet', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
        const password = generatePassword(randomBytes(seed));
        expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
        expect([...password].every((ch) => PASSWORD_ALPHABET.includes(ch))).toBe(true);
        expect(Object.values(characterClasses(password)).every(Boolean)).toBe(true);
        expect(passwordStrength(password).score).toBe(4);
      }),
      { numRuns: 200 },
    );
  });

  it('never uses bytes above the unbiased limit', () => {
    // Bytes ≥ 252 (4 × 63) are dropped; an all-255 stream followed by good bytes still yields a password.
    let calls = 0;
    const password = generatePassword((bytes) => {
      calls++;
      bytes.fill(calls === 1 ? 255 : 0);
      if (calls > 1) for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + calls) % 60;
      return bytes;
    });
    expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
    expect(calls).toBeGreaterThan(1);
  });
});
