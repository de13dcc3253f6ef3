// Authorization requests, codes and tokens of the platform's OAuth 2.1 server (issue 16, spec A2.14, A7, C§9).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { withTransaction } from '../db/transaction.ts';
import {
  ACCESS_TOKEN_SECONDS,
  AUTHORIZATION_SECONDS,
  hashToken,
  newToken,
  pkceMatches,
  REFRESH_TOKEN_SECONDS,
} from './tokens.ts';

type Queryable = Pick<pg.Pool, 'query'>;

/** An OAuth error answered to the client as {error, error_description} (RFC 6749 §5.2). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: 400 | 401 = 400,
  ) {
    super(description);
  }
}

export interface NewAuthorization {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state: string | undefined;
  scope: string;
  resource: string;
}

export async function createAuthorization(db: Queryable, request: NewAuthorization): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into oauth_authorizations (id, client_id, redirect_uri, code_challenge, state, scope, resource, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
    [id, request.clientId, request.redirectUri, request.codeChallenge, request.state ?? null, request.scope, request.resource, AUTHORIZATION_SECONDS],
  );
  return id;
}

/** What the consent screen shows (spec A2.14 "authorization details"). */
export interface AuthorizationDetails {
  authorization_id: string;
  client: { client_id: string; client_name: string | null; client_uri: string | null };
  redirect_uri: string;
  scope: string;
  resource: string;
  expires_at: string;
  user: { id: string; email: string | null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface PendingRow {
  id: string;
  client_id: string;
  client_name: string | null;
  client_uri: string | null;
  redirect_uri: string;
  state: string | null;
  scope: string;
  resource: string;
  expires_at: Date;
}

async function pendingAuthorization(db: Queryable, id: string): Promise<PendingRow | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<PendingRow>(
    `select a.id, a.client_id, c.client_name, c.client_uri, a.redirect_uri, a.state, a.scope, a.resource, a.expires_at
       from oauth_authorizations a join oauth_clients c using (client_id)
      where a.id = $1 and a.status = 'pending' and a.expires_at > now()`,
    [id],
  );
  return rows[0] ?? null;
}

export async function authorizationDetails(
  db: Queryable,
  id: string,
  user: { id: string; email: string | null },
): Promise<AuthorizationDetails | null> {
  const row = await pendingAuthorization(db, id);
  if (!row) return null;
  return {
    authorization_id: row.id,
    client: { client_id: row.client_id, client_name: row.client_name, client_uri: row.client_uri },
    redirect_uri: row.redirect_uri,
    scope: row.scope,
    resource: row.resource,
    expires_at: row.expires_at.toISOString(),
    user,
  };
}

function withParams(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * spec A7: POST /oauth/authorizations/{id}/consent {action} → {redirect_url}. Approval binds the request to the
 * signed-in user and puts a one-time code in the redirect; denial sends access_denied. A request is decided once.
 */
export async function decideAuthorization(
  db: Queryable,
  id: string,
  userId: string,
  action: 'approve' | 'deny',
): Promise<{ redirect_url: string } | null> {
  if (!UUID.test(id)) return null;
  const code = action === 'approve' ? newToken('code') : null;
  const { rows } = await db.query<{ redirect_uri: string; state: string | null; resource: string }>(
    `update oauth_authorizations set status = $3, profile_id = $2, code_hash = $4
      where id = $1 and status = 'pending' and expires_at > now()
      returning redirect_uri, state, resource`,
    [id, userId, action === 'approve' ? 'approved' : 'denied', code ? hashToken(code) : null],
  );
  const row = rows[0];
  if (!row) return null;
  // RFC 9207: the issuer in the response lets the client tell authorization servers apart. It is the origin the
  // client authorized at (the resource it asked for lives there), whatever origin the console answers from.
  const issuer = new URL(row.resource).origin;
  const params: Record<string, string | null> =
    code !== null
      ? { code, state: row.state, iss: issuer }
      : { error: 'access_denied', error_description: 'The user denied the request', state: row.state, iss: issuer };
  return { redirect_url: withParams(row.redirect_uri, params) };
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

async function issueTokens(
  client: pg.ClientBase,
  grant: { grantId: string; clientId: string; profileId: string; scope: string; resource: string },
): Promise<TokenResponse> {
  const access = newToken('access');
  const refresh = newToken('refresh');
  const insert = `insert into oauth_tokens (id, kind, token_hash, grant_id, client_id, profile_id, scope, resource, expires_at)
                  values ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))`;
  const common = [grant.grantId, grant.clientId, grant.profileId, grant.scope, grant.resource];
  await client.query(insert, [randomUUID(), 'access', hashToken(access), ...common, ACCESS_TOKEN_SECONDS]);
  await client.query(insert, [randomUUID(), 'refresh', hashToken(refresh), ...common, REFRESH_TOKEN_SECONDS]);
  return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS, refresh_token: refresh, scope: grant.scope };
}

async function revokeGrant(db: Queryable, grantId: string): Promise<void> {
  await db.query('update oauth_tokens set revoked_at = now() where grant_id = $1 and revoked_at is null', [grantId]);
}

/** grant_type=authorization_code with PKCE S256; a code is used once (a second use revokes what it issued). */
export async function exchangeCode(
  pool: pg.Pool,
  input: { code: string; codeVerifier: string; redirectUri: string | undefined; clientId: string; resource: string },
): Promise<TokenResponse> {
  const hash = hashToken(input.code);
  const outcome = await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{
      id: string;
      client_id: string;
      redirect_uri: string;
      code_challenge: string;
      scope: string;
      resource: string;
      profile_id: string;
      code_used_at: Date | null;
      expired: boolean;
    }>(
      `select id, client_id, redirect_uri, code_challenge, scope, resource, profile_id, code_used_at, expires_at <= now() as expired
         from oauth_authorizations where code_hash = $1 and status = 'approved' for update`,
      [hash],
    );
    const row = rows[0];
    if (!row || row.client_id !== input.clientId) return { error: new OAuthError('invalid_grant', 'The authorization code is not valid') };
    if (row.code_used_at) {
      // RFC 6749 §4.1.2: a code presented twice revokes the tokens issued for it.
      await revokeGrant(client, row.id);
      return { error: new OAuthError('invalid_grant', 'The authorization code was already used') };
    }
    if (row.expired) return { error: new OAuthError('invalid_grant', 'The authorization code has expired') };
    if (input.redirectUri !== undefined && input.redirectUri !== row.redirect_uri) {
      return { error: new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request') };
    }
    if (!pkceMatches(input.codeVerifier, row.code_challenge)) {
      return { error: new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge') };
    }
    if (input.resource !== row.resource) return { error: new OAuthError('invalid_target', 'resource does not match the authorization request') };
    await client.query('update oauth_authorizations set code_used_at = now() where id = $1', [row.id]);
    const tokens = await issueTokens(client, {
      grantId: row.id,
      clientId: row.client_id,
      profileId: row.profile_id,
      scope: row.scope,
      resource: row.resource,
    });
    return { tokens };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.tokens;
}

/** grant_type=refresh_token: rotation — the presented token is spent; presenting a spent one revokes the grant. */
export async function refreshTokens(pool: pg.Pool, input: { refreshToken: string; clientId: string }): Promise<TokenResponse> {
  const outcome = await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{
      id: string;
      grant_id: string;
      client_id: string;
      profile_id: string;
      scope: string;
      resource: string;
      used_at: Date | null;
      revoked_at: Date | null;
      expired: boolean;
    }>(
      `select id, grant_id, client_id, profile_id, scope, resource, used_at, revoked_at, expires_at <= now() as expired
         from oauth_tokens where token_hash = $1 and kind = 'refresh' for update`,
      [hashToken(input.refreshToken)],
    );
    const row = rows[0];
    if (!row || row.client_id !== input.clientId || row.revoked_at || row.expired) {
      return { error: new OAuthError('invalid_grant', 'The refresh token is not valid') };
    }
    if (row.used_at) {
      await revokeGrant(client, row.grant_id);
      return { error: new OAuthError('invalid_grant', 'The refresh token was already used; the grant is revoked') };
    }
    await client.query('update oauth_tokens set used_at = now() where id = $1', [row.id]);
    const tokens = await issueTokens(client, {
      grantId: row.grant_id,
      clientId: row.client_id,
      profileId: row.profile_id,
      scope: row.scope,
      resource: row.resource,
    });
    return { tokens };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.tokens;
}

/** RFC 7009: revoking either token of a grant ends the grant; unknown tokens are not an error. */
export async function revokeToken(db: Queryable, token: string, clientId: string): Promise<void> {
  const { rows } = await db.query<{ grant_id: string }>('select grant_id from oauth_tokens where token_hash = $1 and client_id = $2', [
    hashToken(token),
    clientId,
  ]);
  if (rows[0]) await revokeGrant(db, rows[0].grant_id);
}
