// The auth service of the local platform: a GoTrue-compatible API that @supabase/auth-js talks to unchanged
// (spec A4.11 session and auth, A7 auth service calls, A8 auth errors). Mounted by the platform at /auth/v1;
// the tables live in schema `auth` (server/migrations/0002_auth.sql, applied by the platform beforehand).
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type pg from 'pg';
import { isSealed, open, seal, secretsKeyFromEnv } from '../db/secretBox.ts';
import { checkAccessToken, type AccessClaims, type AuthServiceContext, type SessionLimits } from './context.ts';
import { AuthError, errorBody, forbidden } from './errors.ts';
import { loadSigningKeys, type SigningKeys } from './keys.ts';
import type { ProjectMailer } from './mail.ts';
import { PASSWORD_MIN_LENGTH } from './passwords.ts';
import { createRateLimiter, RateLimited, resolveRateLimits, type RateLimitOverrides } from './rate-limits.ts';
import { ADMIN_SECRET_HEADER, registerAdmin, sameSecret } from './routes/admin.ts';
import { registerEmailFlows } from './routes/email.ts';
import { registerFactors } from './routes/factors.ts';
import { registerMeta } from './routes/meta.ts';
import { registerSignIn } from './routes/sign-in.ts';
import { unprocessable } from './errors.ts';
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
  /**
   * Optional: further URLs whose origins may call this service from a browser (GoTrue's additional redirect
   * URLs). The service's own origin and the site URL's always may; no other origin ever gets a CORS answer.
   */
  redirectUrls?: readonly string[];
  /** Optional: confirm addresses at sign-up (GoTrue's mailer_autoconfirm); otherwise STRATA_AUTH_AUTOCONFIRM=1. */
  autoconfirm?: boolean;
  /** Optional: limits other than the defaults of rate-limits.ts (tests); STRATA_AUTH_RATE_LIMITS comes between. */
  rateLimits?: RateLimitOverrides;
  // --- Injected by a project's auth (server/project-auth/, issue 18); the platform leaves them unset ---
  /** The keys that sign and verify access tokens; default: the platform's ES256 pair in auth.signing_keys. */
  keys?: SigningKeys;
  /** Who may use /admin/*; default: the admin secret. */
  isAdmin?: (given: string) => Promise<boolean>;
  adminCredential?: string;
  /** Who may read the local inbox; default: the inbox token (then also written to the data folder and logged). */
  isInboxReader?: (given: string) => Promise<boolean>;
  /** Redirect URLs allowed besides the site URL (GoTrue's uri_allow_list); default: the platform's rule (links.ts). */
  redirectAllowList?: readonly string[];
  /** E-mail sign-up and sign-in on (default) or off. */
  emailEnabled?: boolean;
  passwordMinLength?: number;
  /** Session timebox and inactivity timeout in seconds; default none. */
  sessionLimits?: SessionLimits;
  /** TOTP enrolment and verification on (default) or off. */
  mfaTotp?: { enroll: boolean; verify: boolean };
  /** A project's e-mail templates and custom SMTP server. */
  mailer?: ProjectMailer;
}

export interface AuthService {
  app: Hono;
  verifyAccessToken(token: string): Promise<AccessClaims | null>;
  /** The secret the /admin/* routes require (header x-strata-admin-secret, or Authorization: Bearer). */
  adminSecret: string;
  /** The token GET /local/inbox requires (?token= or x-strata-inbox-token); also in {dataDir}/auth-inbox-token. */
  inboxToken: string;
}

/** The file in the data folder that holds the inbox token, for scripts and tests on the same machine. */
export const INBOX_TOKEN_FILE = 'auth-inbox-token';

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Whether a browser page of `origin` may use the service: an allowed origin, or the very host it asked. */
function originAllowed(allowed: ReadonlySet<string>, origin: string, c: Context): boolean {
  if (allowed.has(origin)) return true;
  // The console opened under another name of this host (localhost vs 127.0.0.1) is still the same origin.
  try {
    return new URL(origin).host === (c.req.header('host') ?? '');
  } catch {
    return false;
  }
}

const isInbox = (c: Context) => c.req.path.endsWith('/local/inbox');

const EMAIL_ENTRY_PATHS = ['/signup', '/otp', '/magiclink', '/recover', '/resend'];
/** The requests that sign up or sign in with an e-mail address (refresh and verify of a live token are not). */
function isEmailEntry(c: Context): boolean {
  const path = c.req.path;
  if (EMAIL_ENTRY_PATHS.some((entry) => path.endsWith(entry))) return true;
  return path.endsWith('/token') && c.req.query('grant_type') === 'password';
}

const MAX_BODY_BYTES = 1024 * 1024;

/** An instance secret, generated once; sealed at rest with STRATA_SECRETS_KEY when set (server/db/secretBox.ts). */
export async function storedSecret(pool: pg.Pool, name: string, key: Buffer | null = secretsKeyFromEnv()): Promise<string> {
  const fresh = randomBytes(32).toString('base64url');
  await pool.query('INSERT INTO auth.instance_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    key ? seal(fresh, key) : fresh,
  ]);
  const result = await pool.query<{ value: string }>('SELECT value FROM auth.instance_secrets WHERE name = $1', [name]);
  const stored = result.rows[0]!.value;
  const value = open(stored, key);
  // Stored before STRATA_SECRETS_KEY was set: sealed now, once.
  if (key && !isSealed(stored)) {
    await pool.query('UPDATE auth.instance_secrets SET value = $3 WHERE name = $1 AND value = $2', [name, stored, seal(value, key)]);
  }
  return value;
}

/**
 * The inbox token is printed once at start (the way in, like a notebook server's token) and kept in the data
 * folder for scripts on this machine; it is as private as that folder.
 */
function publishInboxToken(dataDir: string, issuer: string, token: string, log: (line: string) => void) {
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, INBOX_TOKEN_FILE), `${token}\n`, { mode: 0o600 });
  } catch (error) {
    log(`[auth] could not write the inbox token file: ${(error as Error).message}`);
  }
  log(`Local inbox (mail is not sent locally): ${issuer}/local/inbox?token=${token}`);
}

/** STRATA_AUTH_AUTOCONFIRM: '1' on; unset or '0' off; anything else is said in the log and leaves it off (the safe side). */
function autoconfirmFromEnv(log: (line: string) => void): boolean {
  const value = (process.env.STRATA_AUTH_AUTOCONFIRM ?? '').trim();
  if (value !== '' && value !== '0' && value !== '1') {
    log(`[auth] STRATA_AUTH_AUTOCONFIRM must be '1' (on) or '0' (off), not '${value.slice(0, 20)}': sign-ups need the mailed link`);
  }
  return value === '1';
}

export async function createAuthService(deps: AuthServiceDeps): Promise<AuthService> {
  const issuer = deps.issuer.replace(/\/+$/, '');
  const log = deps.log ?? (() => {});
  const inboxEnabled = process.env.STRATA_AUTH_INBOX !== 'off';
  const inboxToken = await storedSecret(deps.pool, 'inbox_token');
  const adminSecret = deps.adminSecret ?? process.env.STRATA_AUTH_ADMIN_SECRET ?? (await storedSecret(deps.pool, 'admin_secret'));
  const ctx: AuthServiceContext = {
    pool: deps.pool,
    keys: deps.keys ?? (await loadSigningKeys(deps.pool, issuer)),
    issuer,
    siteUrl: deps.siteUrl ?? `${new URL(issuer).origin}/dashboard`,
    log,
    adminSecret,
    mode: deps.mode,
    autoconfirm: deps.autoconfirm ?? autoconfirmFromEnv(log),
    // A development platform: the inbox is how mail is read, so it is on unless turned off explicitly.
    inboxEnabled,
    inboxToken,
    rateLimiter: createRateLimiter(deps.pool, resolveRateLimits(deps.rateLimits, log)),
    isAdmin: deps.isAdmin ?? (async (given) => sameSecret(given, adminSecret)),
    adminCredential: deps.adminCredential ?? 'the admin secret',
    ...(deps.isInboxReader ? { isInboxReader: deps.isInboxReader } : {}),
    redirectAllowList: deps.redirectAllowList ?? null,
    emailEnabled: deps.emailEnabled ?? true,
    passwordMinLength: deps.passwordMinLength ?? PASSWORD_MIN_LENGTH,
    sessionLimits: deps.sessionLimits ?? { timeboxSeconds: 0, inactivitySeconds: 0 },
    mfaTotp: deps.mfaTotp ?? { enroll: true, verify: true },
    mailer: deps.mailer,
  };
  // A project's inbox opens with its own credential (isInboxReader): no token file, nothing printed.
  if (inboxEnabled && !deps.isInboxReader) publishInboxToken(deps.dataDir, issuer, inboxToken, log);
  if (ctx.autoconfirm) log('[auth] autoconfirm is on: sign-ups are confirmed without the mailed link (STRATA_AUTH_AUTOCONFIRM=1, demos only)');

  // Issue 13 finding 2: a page on another origin must not drive this service (it could request a recovery, read
  // the mail and set a password). CORS answers only the console's own origin and the configured site/redirect
  // URLs (Vite's dev server proxies /auth, so it is same-origin); tokens travel in headers, never cookies.
  const allowedOrigins = new Set(
    [issuer, ctx.siteUrl, ...(deps.redirectUrls ?? [])].map(originOf).filter((o): o is string => o !== null),
  );
  const app = new Hono();
  // A request that changes something and names a foreign origin is refused outright: a simple (un-preflighted)
  // POST would otherwise still run, even though its reply stays unreadable.
  app.use('*', async (c, next) => {
    const origin = c.req.header('origin');
    const safe = c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS';
    if (!safe && origin !== undefined && !originAllowed(allowedOrigins, origin, c)) {
      throw forbidden('origin_not_allowed', 'Requests from this origin are not allowed');
    }
    await next();
  });
  const corsMiddleware = cors({
      origin: (origin, c) => (originAllowed(allowedOrigins, origin, c) ? origin : null),
      allowHeaders: ['authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version', ADMIN_SECRET_HEADER],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['x-total-count', 'link'],
      maxAge: 600,
    });
  // The local inbox is never readable from a script of any origin: no CORS answer at all.
  app.use('*', (c, next) => (isInbox(c) ? next() : corsMiddleware(c, next)));
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody(new AuthError(413, 'request_too_large', 'Request body too large')), 413),
    }),
  );
  // GoTrue's external.email off (a project's setting): the e-mail ways in answer email_provider_disabled.
  app.use('*', async (c, next) => {
    if (!ctx.emailEnabled && c.req.method === 'POST' && isEmailEntry(c)) {
      throw unprocessable('email_provider_disabled', 'Email logins are disabled');
    }
    await next();
  });
  registerMeta(app, ctx);
  registerSignIn(app, ctx);
  registerEmailFlows(app, ctx);
  registerUser(app, ctx);
  registerFactors(app, ctx);
  registerAdmin(app, ctx);

  app.notFound((c) => c.json(errorBody(new AuthError(404, 'not_found', 'Not found')), 404));
  app.onError((error, c) => {
    if (error instanceof RateLimited) c.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof AuthError) return c.json(errorBody(error), error.status);
    // The message only: request bodies may hold passwords and must never reach the log.
    log(`[auth] unexpected error on ${c.req.method} ${c.req.path}: ${error.message}`);
    return c.json(errorBody(new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again')), 500);
  });

  return {
    app,
    adminSecret: ctx.adminSecret,
    inboxToken,
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
