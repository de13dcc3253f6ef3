// Password hashing (scrypt from node:crypto: memory-hard, no native add-on) and GoTrue-style strength rules.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** N = 2^15, r = 8, p = 1 needs 32 MiB: Node's default maxmem is exactly that, so it is raised. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Self-describing format, so the parameters can be raised later without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // No usable hash (passwordless user): still spend the same time, so sign-in does not reveal who exists.
    await derive(password, Buffer.alloc(SALT_BYTES), PARAMS);
    return false;
  }
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// --- Strength, as GoTrue reports it: reasons 'length' | 'characters' | 'pwned' (spec A8 weak_password) ---

export const PASSWORD_MIN_LENGTH = 8;
export type WeakPasswordReason = 'length' | 'characters' | 'pwned';

const REQUIRED_CLASSES = ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'];

/** A short offline stand-in for a breached-password service: the most guessed passwords, compared case-insensitively. */
const COMMON_PASSWORDS = new Set(
  [
    '12345678', '123456789', '1234567890', '11111111', '12341234', '87654321', '00000000', 'password', 'password1',
    'password12', 'password123', 'password1234', 'passw0rd', 'p@ssw0rd', 'p@ssword1', 'qwerty123', 'qwertyuiop',
    'qwerty12', 'iloveyou', 'iloveyou1', 'welcome1', 'welcome123', 'letmein1', 'letmein123', 'abcd1234', 'abc12345',
    'aa123456', 'admin123', 'administrator1', 'football1', 'baseball1', 'monkey123', 'dragon123', 'sunshine1',
    'princess1', 'starwars1', 'trustno1', 'master123', 'superman1', 'changeme1', 'changeme123', 'summer2024',
    'winter2024', 'spring2025', 'secret123', 'zaq12wsx', '1q2w3e4r', '1qaz2wsx', 'asdf1234', 'test1234',
  ].map((p) => p.toLowerCase()),
);

const MESSAGES: Record<WeakPasswordReason, (minLength: number) => string> = {
  length: (minLength) => `Password should be at least ${minLength} characters.`,
  characters: () => `Password should contain at least one character of each: ${REQUIRED_CLASSES.join(', ')}.`,
  pwned: () => 'Password is known to be weak and easy to guess, please choose a different one.',
};

/** `minLength`: a project's own setting (issue 18, GoTrue's password_min_length); the platform's is 8. */
export function passwordWeaknesses(password: string, minLength = PASSWORD_MIN_LENGTH): WeakPasswordReason[] {
  const reasons: WeakPasswordReason[] = [];
  if ([...password].length < minLength) reasons.push('length');
  if (!REQUIRED_CLASSES.every((chars) => [...chars].some((ch) => password.includes(ch)))) reasons.push('characters');
  if (COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push('pwned');
  return reasons;
}

export function weakPasswordMessage(reasons: readonly WeakPasswordReason[], minLength = PASSWORD_MIN_LENGTH): string {
  return reasons.map((reason) => MESSAGES[reason](minLength)).join(' ');
}
