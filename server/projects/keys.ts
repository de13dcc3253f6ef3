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
