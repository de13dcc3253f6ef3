// The auth service of the local platform: a GoTrue-compatible API that @supabase/auth-js talks to unchanged
// (spec A4.11 session and auth, A7 auth service calls, A8 auth errors). Mounted by the platform at /auth/v1;
// the tables live in schema `auth` (server/migrations/0002_auth.sql, applied by the platform beforehand).
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type pg from 'pg';
import { checkAccessToken, type AccessClaims, type AuthServiceContext } from './context.ts';
import { AuthError, errorBody } from './errors.ts';
import { loadSigningKeys } from './keys.ts';
import { ADMIN_SECRET_HEADER, registerAdmin } from './routes/admin.ts';
import { registerEmailFlows } from './routes/email.ts';
import { registerFactors } from './routes/factors.ts';
import { registerMeta } from './routes/meta.ts';
import { registerSignIn } from './routes/sign-in.ts';
import { registerUser } from './routes/user.ts';

export { ADMIN_SECRET_HEADER };

export interface AuthServiceDeps {
  pool: pg.Pool;
  /** Public URL of this service, e.g. http://127.0.0.1:54321/auth/v1: the JWT `iss` and the base of mailed links. */
  issuer: string;
  dataDir: string;
  mode: 'platform' | 'self-hosted';
  log?: (line: string) => void;
  /** Optional: where links land without an acceptable redirect_to. Default: {issuer origin}/dashboard. */
  siteUrl?: string;
  /** Optional: the admin secret; otherwise STRATA_AUTH_ADMIN_SECRET, otherwise one generated once and stored. */
  adminSecret?: string;
}

export interface AuthService {
  app: Hono;
  verifyAccessToken(token: string): Promise<AccessClaims | null>;
  /** The secret the /admin/* routes require (header x-strata-admin-secret, or Authorization: Bearer). */
  adminSecret: string;
}

const MAX_BODY_BYTES = 1024 * 1024;

async function storedSecret(pool: pg.Pool, name: string): Promise<string> {
  await pool.query('INSERT INTO auth.instance_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const result = await pool.query<{ value: string }>('SELECT value FROM auth.instance_secrets WHERE name = $1', [name]);
  return result.rows[0]!.value;
}

export async function createAuthService(deps: AuthServiceDeps): Promise<AuthService> {
  const issuer = deps.issuer.replace(/\/+$/, '');
  const log = deps.log ?? (() => {});
  const ctx: AuthServiceContext = {
    pool: deps.pool,
    keys: await loadSigningKeys(deps.pool, issuer),
    issuer,
    siteUrl: deps.siteUrl ?? `${new URL(issuer).origin}/dashboard`,
    log,
    adminSecret: deps.adminSecret ?? process.env.STRATA_AUTH_ADMIN_SECRET ?? (await storedSecret(deps.pool, 'admin_secret')),
    mode: deps.mode,
    // A development platform: the inbox is how mail is read, so it is on unless turned off explicitly.
    inboxEnabled: process.env.STRATA_AUTH_INBOX !== 'off',
  };

  const app = new Hono();
  // The console may run from Vite's dev server on another port; tokens travel in headers, never cookies.
  app.use(
    '*',
    cors({
      origin: (origin) => origin,
      allowHeaders: ['authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version', ADMIN_SECRET_HEADER],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['x-total-count', 'link'],
      maxAge: 600,
    }),
  );
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody(new AuthError(413, 'request_too_large', 'Request body too large')), 413),
    }),
  );
  registerMeta(app, ctx);
  registerSignIn(app, ctx);
  registerEmailFlows(app, ctx);
  registerUser(app, ctx);
  registerFactors(app, ctx);
  registerAdmin(app, ctx);

  app.notFound((c) => c.json(errorBody(new AuthError(404, 'not_found', 'Not found')), 404));
  app.onError((error, c) => {
    if (error instanceof AuthError) return c.json(errorBody(error), error.status);
    // The message only: request bodies may hold passwords and must never reach the log.
    log(`[auth] unexpected error on ${c.req.method} ${c.req.path}: ${error.message}`);
    return c.json(errorBody(new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again')), 500);
  });

  return {
    app,
    adminSecret: ctx.adminSecret,
    async verifyAccessToken(token) {
      try {
        return (await checkAccessToken(ctx, token)).claims;
      } catch (error) {
        if (error instanceof AuthError) return null;
        throw error;
      }
    },
  };
}
