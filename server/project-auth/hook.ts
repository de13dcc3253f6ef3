// The custom access-token hook (issue 18 step 3; GoTrue's hook_custom_access_token): a Postgres function of the
// project, named pg-functions://postgres/{schema}/{function}, called at every token issue (sign-in, refresh,
// verify, MFA) with GoTrue's input {user_id, claims, authentication_method}; the claims it returns go into the
// token. It answers {claims} or {error: {http_code, message}}, as GoTrue's hooks do.
import { ident } from '@scaleleap/pg-format';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JWTPayload } from 'jose';
import type pg from 'pg';
import { AuthError } from '../auth/errors.ts';
import { HOOK_URI_PATTERN } from './settings.ts';

/** What the hook may not change: who the token is for and which session it belongs to (GoTrue's required claims). */
const FIXED_CLAIMS = ['sub', 'session_id', 'aal', 'is_anonymous'] as const;

const hookFailure = (message: string) => new AuthError(500, 'unexpected_failure', `Error running hook URI: ${message}`);

export async function runAccessTokenHook(pool: pg.Pool, uri: string, claims: JWTPayload): Promise<JWTPayload> {
  if (!uri) return claims;
  const match = HOOK_URI_PATTERN.exec(uri);
  if (!match) throw hookFailure('the hook URI is not pg-functions://postgres/{schema}/{function}');
  const amr = Array.isArray(claims.amr) ? (claims.amr as { method?: string }[]) : [];
  const input = { user_id: claims.sub, claims, authentication_method: amr[0]?.method ?? 'password' };
  let output: unknown;
  try {
    const { rows } = await pool.query<{ result: unknown }>(`select ${ident(match[1]!)}.${ident(match[2]!)}($1::jsonb) as result`, [
      JSON.stringify(input),
    ]);
    output = rows[0]?.result;
  } catch (error) {
    throw hookFailure((error as Error).message);
  }
  if (!output || typeof output !== 'object') throw hookFailure('the hook returned no object');
  const answer = output as { claims?: unknown; error?: { http_code?: unknown; message?: unknown } };
  if (answer.error) {
    const status = typeof answer.error.http_code === 'number' && answer.error.http_code >= 400 && answer.error.http_code < 600 ? answer.error.http_code : 400;
    throw new AuthError(status as ContentfulStatusCode, 'hook_error', typeof answer.error.message === 'string' ? answer.error.message : 'The access token hook refused');
  }
  if (!answer.claims || typeof answer.claims !== 'object' || Array.isArray(answer.claims)) {
    throw hookFailure('the hook answered without a claims object');
  }
  const final: Record<string, unknown> = { ...(answer.claims as JWTPayload) };
  for (const name of FIXED_CLAIMS) if (claims[name] !== undefined) final[name] = claims[name];
  if (typeof final.role !== 'string') final.role = claims.role as string;
  return final as JWTPayload;
}
