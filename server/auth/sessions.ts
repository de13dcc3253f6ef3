// Sessions, access tokens and rotating refresh tokens (spec A3 Session; A4.11 assurance levels).
// A session is one row; its refresh tokens are a rotation family. Signing out deletes the session row, which
// ends every token of it: verifyAccessToken checks the row, refresh looks the token up through it.
import type pg from 'pg';
import { nowSeconds, randomSecret, sha256, withTransaction, type Queryable } from './db.ts';
import { badRequest } from './errors.ts';
import type { SessionLimits } from './context.ts';
import type { SigningKeys } from './keys.ts';
import { ROLE, listFactors, loadUserJson, updateUser, type UserRow } from './users.ts';

/** Access tokens live one hour, as GoTrue's default (the client refreshes 90 s before: spec A9). */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export type Aal = 'aal1' | 'aal2';
/** How the session was (re)authenticated; 'totp' is added when an MFA challenge is verified. */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'recovery'
  | 'invite'
  | 'email/signup'
  | 'email_change'
  | 'totp';
export interface AmrEntry {
  method: AuthMethod;
  timestamp: number;
}

export interface SessionRow {
  id: string;
  user_id: string;
  aal: Aal;
  amr: AmrEntry[];
  factor_id: string | null;
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | null> {
  const result = await db.query<SessionRow>('SELECT id, user_id, aal, amr, factor_id FROM auth.sessions WHERE id = $1', [
    id,
  ]);
  return result.rows[0] ?? null;
}

async function insertRefreshToken(db: Queryable, sessionId: string): Promise<string> {
  const token = randomSecret();
  await db.query('INSERT INTO auth.refresh_tokens (token_hash, session_id) VALUES ($1, $2)', [sha256(token), sessionId]);
  return token;
}

/** Every session starts at aal1, even for a user with a verified factor: the challenge lifts it (spec A4.11). */
export async function startSession(pool: pg.Pool, user: UserRow, method: AuthMethod) {
  return withTransaction(pool, async (client) => {
    const amr: AmrEntry[] = [{ method, timestamp: nowSeconds() }];
    const inserted = await client.query<SessionRow>(
      `INSERT INTO auth.sessions (user_id, aal, amr) VALUES ($1, 'aal1', $2)
       RETURNING id, user_id, aal, amr, factor_id`,
      [user.id, JSON.stringify(amr)],
    );
    const session = inserted.rows[0]!;
    const refreshToken = await insertRefreshToken(client, session.id);
    const signedIn = (await updateUser(client, user.id, { signedIn: true })) ?? user;
    return { session, refreshToken, user: signedIn };
  });
}

/** Raises the session to aal2 after a verified factor and restarts its refresh-token family. */
export async function upgradeSession(pool: pg.Pool, sessionId: string, factorId: string) {
  return withTransaction(pool, async (client) => {
    const entry: AmrEntry = { method: 'totp', timestamp: nowSeconds() };
    const updated = await client.query<SessionRow>(
      `UPDATE auth.sessions SET aal = 'aal2', factor_id = $2, updated_at = now(),
         amr = $3::jsonb || (SELECT COALESCE(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(amr) e
                             WHERE e->>'method' <> 'totp')
       WHERE id = $1 RETURNING id, user_id, aal, amr, factor_id`,
      [sessionId, factorId, JSON.stringify([entry])],
    );
    const session = updated.rows[0];
    if (!session) return null;
    // Tokens minted before the upgrade must not refresh into an aal1 view of an aal2 session.
    // No grace window for these: they were not rotated, they were retired.
    await client.query('UPDATE auth.refresh_tokens SET revoked = true, rotated_at = NULL, updated_at = now() WHERE session_id = $1', [
      sessionId,
    ]);
    return { session, refreshToken: await insertRefreshToken(client, sessionId) };
  });
}

const refreshError = (code: string, message: string) => badRequest(code, message, { error: 'invalid_grant' });

/**
 * Two tabs (or a retry after a lost reply) may present the same token at once: within this window a token that
 * was just rotated yields another child instead of counting as theft. GoTrue's default reuse interval.
 */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;

/**
 * Rotation: the presented token is revoked and a child issued in the same session. A token presented again after
 * the grace window is a sign of theft: the whole family (the session) is revoked.
 */
export async function rotateRefreshToken(pool: pg.Pool, token: string, limits: SessionLimits = NO_SESSION_LIMITS) {
  const hash = sha256(token);
  return withTransaction(pool, async (client) => {
    const claimed = await client.query<{ session_id: string }>(
      `UPDATE auth.refresh_tokens SET revoked = true, rotated_at = now(), updated_at = now()
       WHERE token_hash = $1 AND NOT revoked RETURNING session_id`,
      [hash],
    );
    let sessionId = claimed.rows[0]?.session_id;
    if (!sessionId) {
      const reused = await client.query<{ session_id: string; in_grace: boolean }>(
        `SELECT session_id, COALESCE(rotated_at > now() - make_interval(secs => $2), false) AS in_grace
         FROM auth.refresh_tokens WHERE token_hash = $1`,
        [hash, REFRESH_REUSE_INTERVAL_SECONDS],
      );
      const family = reused.rows[0];
      if (!family) throw refreshError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      if (!family.in_grace) {
        await client.query('DELETE FROM auth.sessions WHERE id = $1', [family.session_id]);
        return { reused: true as const, expired: false as const };
      }
      sessionId = family.session_id;
    }
    const session = await findSession(client, sessionId);
    if (!session) throw refreshError('session_not_found', 'Invalid Refresh Token: Session Not Found');
    // GoTrue's sessions_timebox and sessions_inactivity_timeout (issue 18): a session past either ends here; its
    // last activity is its last refresh (updated_at, bumped below).
    if (await sessionExpired(client, sessionId, limits)) {
      await client.query('DELETE FROM auth.sessions WHERE id = $1', [sessionId]);
      return { reused: false as const, expired: true as const };
    }
    await client.query('UPDATE auth.sessions SET updated_at = now() WHERE id = $1', [sessionId]);
    return { reused: false as const, expired: false as const, session, refreshToken: await insertRefreshToken(client, sessionId) };
  });
}

const NO_SESSION_LIMITS: SessionLimits = { timeboxSeconds: 0, inactivitySeconds: 0 };

async function sessionExpired(db: Queryable, sessionId: string, limits: SessionLimits): Promise<boolean> {
  if (limits.timeboxSeconds <= 0 && limits.inactivitySeconds <= 0) return false;
  const { rows } = await db.query<{ expired: boolean }>(
    `SELECT ($2::int > 0 AND created_at < now() - make_interval(secs => $2::int))
         OR ($3::int > 0 AND updated_at < now() - make_interval(secs => $3::int)) AS expired
       FROM auth.sessions WHERE id = $1`,
    [sessionId, limits.timeboxSeconds, limits.inactivitySeconds],
  );
  return rows[0]?.expired === true;
}

/** GoTrue's answer for a refresh of a session past its timebox or inactivity timeout. */
export const SESSION_EXPIRED = () => refreshError('session_expired', 'Invalid Refresh Token: Session Expired');

export const REFRESH_REUSED = () => refreshError('refresh_token_already_used', 'Invalid Refresh Token: Already Used');

export type SignOutScope = 'global' | 'local' | 'others';

export async function endSessions(db: Queryable, session: SessionRow, scope: SignOutScope): Promise<void> {
  if (scope === 'local') await db.query('DELETE FROM auth.sessions WHERE id = $1', [session.id]);
  else if (scope === 'global') await db.query('DELETE FROM auth.sessions WHERE user_id = $1', [session.user_id]);
  else await db.query('DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2', [session.user_id, session.id]);
}

/** The session reply of /token, /verify, /signup and factor verify (spec A3 Session). */
export async function sessionResponse(
  db: Queryable,
  keys: SigningKeys,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
) {
  const issuedAt = nowSeconds();
  // A project's jwt_exp (issue 18), else GoTrue's default hour.
  const ttl = keys.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  const expiresAt = issuedAt + ttl;
  const userJson = await loadUserJson(db, user);
  const accessToken = await keys.sign(
    {
      sub: user.id,
      email: user.email ?? '',
      phone: '',
      role: ROLE,
      aal: session.aal,
      amr: session.amr,
      session_id: session.id,
      app_metadata: userJson.app_metadata,
      user_metadata: userJson.user_metadata,
      is_anonymous: false,
    },
    expiresAt,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ttl,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson,
  };
}

/** After a verified factor is removed, sessions that relied on it fall back to aal1 (GoTrue does the same). */
export async function downgradeSessionsOfFactor(db: Queryable, factorId: string): Promise<void> {
  await db.query(
    `UPDATE auth.sessions SET aal = 'aal1', factor_id = NULL, updated_at = now(),
       amr = (SELECT COALESCE(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(amr) e WHERE e->>'method' <> 'totp')
     WHERE factor_id = $1`,
    [factorId],
  );
}

export async function hasVerifiedFactor(db: Queryable, userId: string): Promise<boolean> {
  return (await listFactors(db, userId)).some((factor) => factor.status === 'verified');
}

/** Starts a session for a user who just proved who they are, and answers with it. */
export async function signInResponse(pool: pg.Pool, keys: SigningKeys, user: UserRow, method: AuthMethod) {
  const started = await startSession(pool, user, method);
  return sessionResponse(pool, keys, started.user, started.session, started.refreshToken);
}
