// Who is calling: every /api/platform and /api/v1 route needs `Authorization: Bearer <access token>` (DESIGN §5).
// In self-hosted mode the console is "always logged in" (spec A4.11): no token means the fixed local user.
import type { MiddlewareHandler } from 'hono';
import type { Mode } from '../config.ts';
import type { AppEnv } from './env.ts';
import { logServerError } from './errors.ts';

export interface AccessClaims {
  sub: string;
  email?: string;
  aal: 'aal1' | 'aal2';
  session_id: string;
}

/** Provided by the auth service (server/auth); returns null for an invalid or expired token. */
export type VerifyAccessToken = (token: string) => Promise<AccessClaims | null>;

export const LOCAL_USER: AccessClaims = {
  sub: '00000000-0000-4000-8000-00000000000a',
  email: 'local@strata.localhost',
  aal: 'aal1',
  session_id: '00000000-0000-4000-8000-00000000000b',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function unauthorized(message: string): Response {
  return new Response(JSON.stringify({ message }), {
    status: 401,
    headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' },
  });
}

export function requireSession(options: { mode: Mode; verifyAccessToken: VerifyAccessToken }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) {
      if (options.mode === 'self-hosted') {
        c.set('user', LOCAL_USER);
        return next();
      }
      return unauthorized('Missing access token: send Authorization: Bearer <access token>');
    }
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    if (!token) return unauthorized('Authorization header must be: Bearer <access token>');
    let claims: AccessClaims | null = null;
    try {
      claims = await options.verifyAccessToken(token);
    } catch (error) {
      // The verifier answers null for a bad token; a throw means the token could not be checked (the database
      // holding the sessions is down): a 503 the console retries, not a 401 that would sign the user out
      // (issue 13 finding 9).
      logServerError('checking an access token', error);
      return Response.json({ message: 'The platform database is not available; see the platform log' }, { status: 503 });
    }
    // Platform rows key users by uuid (profiles.id = auth user id).
    if (!claims || typeof claims.sub !== 'string' || !UUID.test(claims.sub)) return unauthorized('Invalid or expired access token');
    c.set('user', claims);
    return next();
  };
}
