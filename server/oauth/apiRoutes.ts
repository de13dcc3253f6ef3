// Console-facing routes (behind the session, under /api/platform): the OAuth consent API of spec A7 used by the
// consent screen (A2.14), and the caller's personal access tokens (/account/tokens).
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { ensureProfile } from '../routes/profile.ts';
import { authorizationDetails, decideAuthorization } from './grants.ts';
import { hashToken, newToken, TOKEN_PREFIX } from './tokens.ts';

const consentBody = z.object({ action: z.enum(['approve', 'deny']) }).strict();
const PAT_MAX_DAYS = 365;
const createTokenBody = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(100),
    expires_in_days: z.number().int().min(1).max(PAT_MAX_DAYS).nullable().optional(),
  })
  .strict();

export interface PersonalAccessTokenJson {
  id: string;
  name: string;
  /** The first characters, so the user can tell tokens apart; never the secret part. */
  token_prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

interface TokenRow {
  id: string;
  name: string;
  token_prefix: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
}

const tokenJson = (row: TokenRow): PersonalAccessTokenJson => ({
  id: row.id,
  name: row.name,
  token_prefix: row.token_prefix,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at?.toISOString() ?? null,
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function oauthApiRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/oauth/authorizations/:id', async (c) => {
    const user = c.var.user;
    const details = await authorizationDetails(c.var.services.pool, c.req.param('id'), { id: user.sub, email: user.email ?? null });
    if (!details) throw notFound('This authorization request does not exist, has expired or was already answered');
    return c.json(details);
  });

  routes.post('/oauth/authorizations/:id/consent', async (c) => {
    const { action } = await readBody(c, consentBody);
    await ensureProfile(c.var.services.pool, c.var.user);
    const reply = await decideAuthorization(c.var.services.pool, c.req.param('id'), c.var.user.sub, action);
    if (!reply) throw notFound('This authorization request does not exist, has expired or was already answered');
    return c.json(reply);
  });

  routes.get('/profile/access-tokens', async (c) => {
    const { rows } = await c.var.services.pool.query<TokenRow>(
      `select id, name, token_prefix, created_at, expires_at, last_used_at from personal_access_tokens
        where profile_id = $1 and revoked_at is null order by created_at desc, id`,
      [c.var.user.sub],
    );
    return c.json(rows.map(tokenJson));
  });

  // The token itself is in this answer only (shown once); the platform keeps its hash.
  routes.post('/profile/access-tokens', async (c) => {
    const body = await readBody(c, createTokenBody);
    await ensureProfile(c.var.services.pool, c.var.user);
    const token = newToken('personal');
    const { rows } = await c.var.services.pool.query<TokenRow>(
      `insert into personal_access_tokens (id, profile_id, name, token_hash, token_prefix, expires_at)
       values ($1, $2, $3, $4, $5, case when $6::int is null then null else now() + make_interval(days => $6::int) end)
       returning id, name, token_prefix, created_at, expires_at, last_used_at`,
      [randomUUID(), c.var.user.sub, body.name, hashToken(token), token.slice(0, TOKEN_PREFIX.personal.length + 6), body.expires_in_days ?? null],
    );
    return c.json({ ...tokenJson(rows[0]!), token }, 201);
  });

  routes.delete('/profile/access-tokens/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw notFound('Access token not found');
    const { rowCount } = await c.var.services.pool.query(
      'update personal_access_tokens set revoked_at = now() where id = $1 and profile_id = $2 and revoked_at is null',
      [id, c.var.user.sub],
    );
    if (!rowCount) throw notFound('Access token not found');
    return c.json({ id });
  });

  return routes;
}
