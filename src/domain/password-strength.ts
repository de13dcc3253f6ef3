// Database password strength at project creation (spec A2.2 /new/{orgSlug}). Not a spec constant list: a small,
// explainable rule so the meter and its message agree with what the form accepts.

/** The platform's own minimum (the server refuses shorter db_pass values). */
export const DB_PASSWORD_MIN_LENGTH = 8;
/** Below this score the form refuses the password, with the message shown under the field. */
export const MIN_ACCEPTED_PASSWORD_SCORE = 2;
export const GENERATED_PASSWORD_LENGTH = 20;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;
export const PASSWORD_STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

// Lower-cased; compared after trimming trailing digits and symbols ('Password123!' is still 'password').
const COMMON_PASSWORDS = new Set([
  'password', 'passw0rd', 'p@ssw0rd', 'qwerty', 'qwertyuiop', 'letmein', 'welcome', 'admin', 'administrator',
  'iloveyou', 'monkey', 'dragon', 'football', 'baseball', 'sunshine', 'princess', 'abc', 'abcdef', 'abcdefgh',
  'trustno1', 'master', 'superman', 'batman', 'shadow', 'starwars', 'whatever', 'login', 'postgres', 'supersecret',
  'secret', 'database', 'changeme', 'default', 'root', 'test', 'qazwsx', 'zaq1zaq1', 'asdfghjkl', 'hello',
]);
const ONLY_DIGITS_OR_SEQUENCE = /^(\d+|(.)\2+)$/;

export interface PasswordStrength {
  score: PasswordScore;
  label: (typeof PASSWORD_STRENGTH_LABELS)[number];
  /** Shown under the field. */
  message: string;
  /** Whether the form accepts it. */
  acceptable: boolean;
}

export function characterClasses(password: string): { lower: boolean; upper: boolean; digit: boolean; symbol: boolean } {
  return {
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    symbol: /[^A-Za-z0-9]/.test(password),
  };
}

export function isCommonPassword(password: string): boolean {
  const core = password.toLowerCase().replace(/[\d\W_]+$/u, '');
  return COMMON_PASSWORDS.has(password.toLowerCase()) || COMMON_PASSWORDS.has(core) || ONLY_DIGITS_OR_SEQUENCE.test(password);
}

function result(score: PasswordScore, message: string): PasswordStrength {
  return { score, label: PASSWORD_STRENGTH_LABELS[score], message, acceptable: score >= MIN_ACCEPTED_PASSWORD_SCORE };
}

/** Score 0–4 from length, character classes and a small common-password list, with the advice to show. */
export function passwordStrength(password: string): PasswordStrength {
  if (password === '') return result(0, 'Enter a database password.');
  const length = [...password].length;
  if (length < DB_PASSWORD_MIN_LENGTH) {
    return result(0, `This password is too short: use at least ${DB_PASSWORD_MIN_LENGTH} characters.`);
  }
  if (isCommonPassword(password)) return result(0, 'This password is too common and easy to guess.');

  const classes = characterClasses(password);
  const classCount = Object.values(classes).filter(Boolean).length;
  const distinct = new Set(password).size;
  let score = 1 + (length >= 12 ? 1 : 0) + (length >= 16 ? 1 : 0) + (classCount >= 3 ? 1 : 0) + (classCount === 4 ? 1 : 0);
  // Few distinct characters ('aaaaaaaaaaaaaaab') make a long password no stronger than a short one.
  if (distinct < Math.min(6, length / 2)) score = 1;
  const capped = Math.min(4, score) as PasswordScore;
  if (capped >= 3) return result(capped, capped === 4 ? 'This password is strong.' : 'This password is good.');

  const missing = [
    length < 12 ? 'use 12 or more characters' : null,
    !classes.upper ? 'add uppercase letters' : null,
    !classes.lower ? 'add lowercase letters' : null,
    !classes.digit ? 'add numbers' : null,
    !classes.symbol ? 'add symbols' : null,
    distinct < Math.min(6, length / 2) ? 'avoid repeating characters' : null,
  ].filter((hint): hint is string => hint !== null);
  const advice = missing.length ? `: ${missing.join(', ')}.` : '.';
  return result(capped, capped < MIN_ACCEPTED_PASSWORD_SCORE ? `This password is weak${advice}` : `This password is fair${advice}`);
}

// Letters, digits and symbols that need no escaping in a connection URI's userinfo.
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '-_.~!*';
export const PASSWORD_ALPHABET = LOWER + UPPER + DIGITS + SYMBOLS;

/**
 * A random password with every character class, from `fillRandom` (crypto.getRandomValues in the browser).
 * Rejection sampling keeps every character equally likely.
 */
export function generatePassword(
  fillRandom: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>,
  length: number = GENERATED_PASSWORD_LENGTH,
): string {
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  for (;;) {
    let password = '';
    while (password.length < length) {
      for (const byte of fillRandom(new Uint8Array(length * 2))) {
        if (byte < limit && password.length < length) password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
      }
    }
    const classes = characterClasses(password);
    if (classes.lower && classes.upper && classes.digit && classes.symbol) return password;
  }
}
