// Bearer tokens of the platform's MCP server (issue 16, spec C§9): OAuth access tokens issued by /oauth/token and
// personal access tokens from /account/tokens. Both are opaque random strings; only their SHA-256 is stored.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

/** Prefixes say what a leaked string is (secret scanners look for them); the rest is 32 random bytes. */
export const TOKEN_PREFIX = {
  access: 'sto_at_',
  refresh: 'sto_rt_',
  code: 'sto_ac_',
  clientSecret: 'sto_cs_',
  personal: 'stp_',
} as const;

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
export const AUTHORIZATION_SECONDS = 10 * 60;

export function newToken(kind: keyof typeof TOKEN_PREFIX): string {
  return `${TOKEN_PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function matchesHash(token: string, hash: string): boolean {
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** PKCE S256 (RFC 7636 §4.6): BASE64URL(SHA256(verifier)) equals the challenge. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

export interface BearerIdentity {
  userId: string;
  /** Which kind of token was presented (for the log and the tests; both act as the user). */
  via: 'oauth' | 'personal_access_token';
}

/**
 * The user a bearer token stands for at the MCP resource `resource`, or null when the token is unknown, expired,
 * revoked, or an OAuth token issued for another audience.
 */
export async function verifyMcpBearer(db: Queryable, token: string, resource: string): Promise<BearerIdentity | null> {
  if (token.length > 200) return null;
  const hash = hashToken(token);
  if (token.startsWith(TOKEN_PREFIX.personal)) {
    const { rows } = await db.query<{ profile_id: string }>(
      `update personal_access_tokens set last_used_at = now()
        where token_hash = $1 and revoked_at is null and (expires_at is null or expires_at > now())
        returning profile_id`,
      [hash],
    );
    return rows[0] ? { userId: rows[0].profile_id, via: 'personal_access_token' } : null;
  }
  if (token.startsWith(TOKEN_PREFIX.access)) {
    const { rows } = await db.query<{ profile_id: string }>(
      `select profile_id from oauth_tokens
        where token_hash = $1 and kind = 'access' and resource = $2 and revoked_at is null and expires_at > now()`,
      [hash, resource],
    );
    return rows[0] ? { userId: rows[0].profile_id, via: 'oauth' } : null;
  }
  return null;
}
