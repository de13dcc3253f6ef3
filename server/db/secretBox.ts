// Secrets at rest in the platform database (issue 23): with STRATA_SECRETS_KEY set, the auth signing key's private
// half and the instance secrets are stored AES-256-GCM encrypted ('enc:v1:' + base64 of iv, tag and ciphertext), so
// a dump or a replica of the platform database alone does not hand out the key that signs sessions. Without the key
// they are stored as before. Rows written before the key was set are sealed when next read with it; a sealed row
// read without the key is an error that names the variable, never a silent new key.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

export class SecretsKeyMissing extends Error {}

/** The 32-byte key: SHA-256 of STRATA_SECRETS_KEY (give at least 32 random characters), or null when unset. */
export function secretsKeyFromEnv(env: NodeJS.ProcessEnv = process.env): Buffer | null {
  const raw = env.STRATA_SECRETS_KEY?.trim();
  if (!raw) return null;
  if (raw.length < 16) throw new Error('Invalid configuration: STRATA_SECRETS_KEY must be at least 16 characters (32 random ones are best)');
  return createHash('sha256').update(raw).digest();
}

export const isSealed = (value: string) => value.startsWith(PREFIX);

export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** A sealed value opened with the key; a plain value as it is. */
export function open(value: string, key: Buffer | null): string {
  if (!isSealed(value)) return value;
  if (!key) throw new SecretsKeyMissing('The platform secrets are encrypted: set STRATA_SECRETS_KEY to the key they were stored with');
  const bytes = Buffer.from(value.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretsKeyMissing('The platform secrets cannot be decrypted with this STRATA_SECRETS_KEY (not the key they were stored with)');
  }
}
