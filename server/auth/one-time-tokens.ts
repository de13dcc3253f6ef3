// E-mailed one-time tokens (a link token and a 6-digit code in one mail) and PKCE flow states.
// Both are single-use: consuming deletes the row in the same statement that checks it, so two concurrent
// verifications of one code cannot both win.
import { createHash, timingSafeEqual } from 'node:crypto';
import { randomCode, randomSecret, sha256, type Queryable } from './db.ts';
import { MAX_CODE_ATTEMPTS } from './rate-limits.ts';
import type { AuthMethod } from './sessions.ts';

/** GoTrue's default e-mail OTP lifetime (mailer_otp_exp). */
export const EMAIL_TOKEN_TTL_SECONDS = 3600;
/** A PKCE auth code is exchanged right after the redirect; five minutes is plenty. */
export const FLOW_STATE_TTL_SECONDS = 300;

export type TokenPurpose = 'login' | 'recovery' | 'email_change';

export interface OneTimeTokenRow {
  id: string;
  user_id: string;
  purpose: TokenPurpose;
  redirect_to: string | null;
  code_challenge: string | null;
  code_challenge_method: 's256' | 'plain' | null;
  /** E-mail change tokens: the address they were sent to, the only one they can confirm. */
  new_email: string | null;
}

export interface PkceRequest {
  codeChallenge: string;
  method: 's256' | 'plain';
}

const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);
const COLUMNS = 'id, user_id, purpose, redirect_to, code_challenge, code_challenge_method, new_email';

/** A new mail replaces the previous unused token of the same purpose: only the newest link and code work. */
export async function issueEmailToken(
  db: Queryable,
  userId: string,
  purpose: TokenPurpose,
  redirectTo: string | null,
  pkce: PkceRequest | null,
  newEmail: string | null = null,
) {
  const linkToken = randomSecret();
  const code = randomCode();
  await db.query('DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
  await db.query(
    `INSERT INTO auth.one_time_tokens
       (user_id, purpose, link_hash, code_hash, redirect_to, code_challenge, code_challenge_method, expires_at, new_email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8), $9)`,
    [
      userId,
      purpose,
      sha256(linkToken),
      codeHash(userId, code),
      redirectTo,
      pkce?.codeChallenge ?? null,
      pkce?.method ?? null,
      EMAIL_TOKEN_TTL_SECONDS,
      newEmail?.toLowerCase() ?? null,
    ],
  );
  return { linkToken, code, hashedToken: sha256(linkToken) };
}

/**
 * By link: `token` is the secret from the link, or `token_hash` its SHA-256 (what generate_link calls
 * hashed_token and auth-js sends as token_hash).
 */
export async function consumeByLink(
  db: Queryable,
  link: { token?: string; tokenHash?: string },
  purposes: readonly TokenPurpose[],
): Promise<OneTimeTokenRow | null> {
  const hash = link.tokenHash ? link.tokenHash.toLowerCase() : link.token ? sha256(link.token) : null;
  if (!hash) return null;
  const result = await db.query<OneTimeTokenRow>(
    `DELETE FROM auth.one_time_tokens WHERE link_hash = $1 AND purpose = ANY($2) AND expires_at > now()
       AND code_attempts < $3
     RETURNING ${COLUMNS}`,
    [hash, purposes, MAX_CODE_ATTEMPTS],
  );
  return result.rows[0] ?? null;
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Issue 13 finding 3: a 6-digit code must not be guessable, so every try is counted on the user's live tokens
 * BEFORE the code is compared, and a token takes at most MAX_CODE_ATTEMPTS tries. The counting UPDATE locks the
 * row, so concurrent guesses queue behind it and cannot exceed the cap; the try that uses up the last attempt
 * without the right code deletes the token, link included.
 */
export async function consumeByCode(
  db: Queryable,
  userId: string,
  code: string,
  purposes: readonly TokenPurpose[],
): Promise<OneTimeTokenRow | null> {
  const tried = await db.query<OneTimeTokenRow & { code_hash: string }>(
    `UPDATE auth.one_time_tokens SET code_attempts = code_attempts + 1
     WHERE user_id = $1 AND purpose = ANY($2) AND expires_at > now() AND code_attempts < $3
     RETURNING ${COLUMNS}, code_hash`,
    [userId, purposes, MAX_CODE_ATTEMPTS],
  );
  const expected = codeHash(userId, code);
  const match = tried.rows.find((row) => sameHash(row.code_hash, expected));
  if (match) {
    const result = await db.query<OneTimeTokenRow>(`DELETE FROM auth.one_time_tokens WHERE id = $1 RETURNING ${COLUMNS}`, [
      match.id,
    ]);
    return result.rows[0] ?? null;
  }
  await db.query('DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND purpose = ANY($2) AND code_attempts >= $3', [
    userId,
    purposes,
    MAX_CODE_ATTEMPTS,
  ]);
  return null;
}

export async function createFlowState(db: Queryable, userId: string, pkce: PkceRequest, method: AuthMethod) {
  const authCode = randomSecret(24);
  await db.query(
    `INSERT INTO auth.flow_states (user_id, auth_code_hash, code_challenge, code_challenge_method,
       authentication_method, expires_at) VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [userId, sha256(authCode), pkce.codeChallenge, pkce.method, method, FLOW_STATE_TTL_SECONDS],
  );
  return authCode;
}

export interface FlowStateRow {
  user_id: string;
  code_challenge: string;
  code_challenge_method: 's256' | 'plain';
  authentication_method: AuthMethod;
  expired: boolean;
}

export async function takeFlowState(db: Queryable, authCode: string): Promise<FlowStateRow | null> {
  const result = await db.query<FlowStateRow>(
    `DELETE FROM auth.flow_states WHERE auth_code_hash = $1
     RETURNING user_id, code_challenge, code_challenge_method, authentication_method, expires_at <= now() AS expired`,
    [sha256(authCode)],
  );
  return result.rows[0] ?? null;
}

/** RFC 7636: S256 is BASE64URL(SHA256(verifier)); plain compares the verifier itself. */
export function pkceMatches(flow: Pick<FlowStateRow, 'code_challenge' | 'code_challenge_method'>, verifier: string) {
  const expected =
    flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return expected === flow.code_challenge;
}
