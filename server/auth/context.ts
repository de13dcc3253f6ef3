// What every route needs: the service's dependencies, validated bodies, and the signed-in caller.
import type { Context } from 'hono';
import type pg from 'pg';
import type { z } from 'zod';
import { UUID_PATTERN } from '../../src/api/schemas/auth.ts';
import { badRequest, forbidden, noAuthorization, sessionNotFound, validationFailed, zodMessage } from './errors.ts';
import type { SigningKeys } from './keys.ts';
import type { ProjectMailer } from './mail.ts';
import type { RateLimiter } from './rate-limits.ts';
import { findSession, type Aal, type SessionRow } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';

export interface AuthServiceContext {
  pool: pg.Pool;
  keys: SigningKeys;
  /** Public URL of the service (…/auth/v1): the JWT issuer and the base of e-mailed links. */
  issuer: string;
  /** Where links land when no acceptable redirect_to is given. */
  siteUrl: string;
  log: (line: string) => void;
  adminSecret: string;
  mode: 'platform' | 'self-hosted';
  /**
   * GoTrue's mailer_autoconfirm: sign-up confirms the address at once. Off by default (issue 13 finding 6: an
   * unproven address must not claim its invitations); STRATA_AUTH_AUTOCONFIRM=1 turns it on for local demos.
   */
  autoconfirm: boolean;
  inboxEnabled: boolean;
  /** Required by GET /local/inbox (issue 13 finding 2). */
  inboxToken: string;
  /** Counts requests against the limits of rate-limits.ts (issue 13 finding 3). */
  rateLimiter: RateLimiter;
  // --- What differs between the platform's auth and a project's (issue 18: one implementation, two mounts) ---
  /** Whether a credential may use /admin/* and /invite: the platform's admin secret, or a project's service_role key. */
  isAdmin(given: string): Promise<boolean>;
  /** Named in the 401 without one ('the admin secret', 'the service_role key'). */
  adminCredential: string;
  /** Whether a credential opens the local inbox; unset: the inbox token. */
  isInboxReader?: (given: string) => Promise<boolean>;
  /**
   * Redirect URLs allowed besides the site URL's origin (GoTrue's uri_allow_list, a project's setting). null: the
   * platform's rule (its own origins and loopback addresses, links.ts).
   */
  redirectAllowList: readonly string[] | null;
  /** GoTrue's external.email: off refuses e-mail sign-up and sign-in (a project's setting). */
  emailEnabled: boolean;
  /** GoTrue's password_min_length (a project's setting; the platform's is PASSWORD_MIN_LENGTH). */
  passwordMinLength: number;
  /** GoTrue's sessions_timebox and sessions_inactivity_timeout in seconds (a project's settings); 0: no limit. */
  sessionLimits: SessionLimits;
  /** GoTrue's mfa_totp_enroll_enabled / mfa_totp_verify_enabled (a project's settings; on by default). */
  mfaTotp: { enroll: boolean; verify: boolean };
  /** A project's templates and custom SMTP (issue 18); the platform's own auth has none. */
  mailer?: ProjectMailer | undefined;
}

export interface SessionLimits {
  timeboxSeconds: number;
  inactivitySeconds: number;
}

/** Bodies may be empty (auth-js sends none on DELETE); anything else must be JSON that the schema accepts. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text().catch(() => {
    throw badRequest('bad_json', 'Could not read the request body');
  });
  let json: unknown = {};
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
    }
  }
  return parseWith(schema, json);
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationFailed(zodMessage(parsed.error));
  return parsed.data;
}

export interface AccessClaims {
  sub: string;
  email?: string;
  aal: Aal;
  session_id: string;
}

/** Checks signature, issuer, audience and expiry, then that the session still exists (sign-out revokes). */
export async function checkAccessToken(
  ctx: AuthServiceContext,
  token: string,
): Promise<{ claims: AccessClaims; session: SessionRow }> {
  let payload;
  try {
    payload = await ctx.keys.verify(token);
  } catch (error) {
    const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
    // spec A8 wordings: 'JWT has expired', 'Invalid JWT signature'.
    throw forbidden('bad_jwt', expired ? 'JWT has expired' : 'Invalid JWT signature');
  }
  const sessionId = payload.session_id;
  const aal = payload.aal;
  if (typeof sessionId !== 'string' || !UUID_PATTERN.test(sessionId) || (aal !== 'aal1' && aal !== 'aal2')) {
    throw forbidden('bad_jwt', 'Invalid JWT signature');
  }
  const session = await findSession(ctx.pool, sessionId);
  if (!session || session.user_id !== payload.sub) throw sessionNotFound();
  const claims: AccessClaims = { sub: payload.sub!, aal, session_id: sessionId };
  if (typeof payload.email === 'string' && payload.email) claims.email = payload.email;
  return { claims, session };
}

export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization') ?? '';
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export interface Caller {
  claims: AccessClaims;
  session: SessionRow;
  user: UserRow;
  token: string;
}

export async function requireCaller(c: Context, ctx: AuthServiceContext): Promise<Caller> {
  const token = bearerToken(c);
  if (!token) throw noAuthorization();
  const { claims, session } = await checkAccessToken(ctx, token);
  const user = await findUserById(ctx.pool, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  return { claims, session, user, token };
}

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
