// A project's anon and service_role keys: HS256 JWTs {role, ref, iss} signed with its JWT secret (spec A2.13).
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

export const API_KEY_ROLES = ['anon', 'service_role'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

/** Ten years, like hosted platforms' legacy keys: they are rotated with the JWT secret, not by expiry. */
const KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600;

export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export async function signApiKey(jwtSecret: string, role: ApiKeyRole, ref: string, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role, ref })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('strata')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + KEY_LIFETIME_SECONDS)
    .sign(new TextEncoder().encode(jwtSecret));
}

// spec A2.13 / issue 16: the publishable and secret keys next to the legacy JWTs. Opaque random strings, not
// JWTs: a publishable key acts as anon, a secret key as service_role; a revoked one stops working at once.
export const OPAQUE_KEY_TYPES = ['publishable', 'secret'] as const;
export type OpaqueKeyType = (typeof OPAQUE_KEY_TYPES)[number];
const OPAQUE_PREFIX: Record<OpaqueKeyType, string> = { publishable: 'strata_publishable_', secret: 'strata_secret_' };
export const OPAQUE_KEY_ROLE: Record<OpaqueKeyType, ApiKeyRole> = { publishable: 'anon', secret: 'service_role' };

export function newOpaqueKey(type: OpaqueKeyType): string {
  return `${OPAQUE_PREFIX[type]}${randomBytes(type === 'secret' ? 32 : 24).toString('base64url')}`;
}

/** The type an opaque key claims by its prefix (cheap: the hot path asks it before any lookup), or null for a JWT. */
export function opaqueKeyType(key: string): OpaqueKeyType | null {
  if (key.startsWith(OPAQUE_PREFIX.publishable)) return 'publishable';
  if (key.startsWith(OPAQUE_PREFIX.secret)) return 'secret';
  return null;
}

/** What a listing shows of a secret key until it is revealed: its prefix and last four characters. */
export function maskOpaqueKey(key: string): string {
  const type = opaqueKeyType(key);
  const prefix = type ? OPAQUE_PREFIX[type] : '';
  return `${prefix}${'•'.repeat(8)}${key.slice(-4)}`;
}
