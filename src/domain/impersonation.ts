// Role impersonation (spec B2.7, B3, B4, B7): the roles a member can preview data as, the claims built for the
// project, and the request field the query endpoint applies (server/pgmeta/query.ts `impersonate`).

/** The postgrest roles. spec B2.7 */
export const POSTGREST_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type PostgrestRole = (typeof POSTGREST_ROLES)[number];

/** spec B3: no role (acting as the user) → a postgrest role, or a postgres role resolved through a hook. */
export type ImpersonationChoice =
  | { type: 'none' }
  | { type: 'postgrest'; role: PostgrestRole; user?: ImpersonatedUser | undefined }
  | { type: 'postgres'; role: string; schema: string; functionName: string; user?: ImpersonatedUser | undefined };

export interface ImpersonatedUser {
  id: string;
  email?: string | undefined;
}

/** The query endpoint's `impersonation` field. */
export interface QueryImpersonation {
  role: string;
  claims: Record<string, unknown>;
  hook?: { schema: string; functionName: string };
}

/** How long the built claims say they are valid (they are never signed or sent anywhere but the query). */
export const IMPERSONATION_CLAIMS_TTL_S = 3600;

/**
 * Claims shaped like the project's own access tokens: issuer the project's auth URL, audience and role, the
 * subject when a user is chosen. `nowS` is seconds since the epoch (passed in: the rule stays pure).
 */
export function buildClaims(
  role: string,
  project: { ref: string; endpoint: string },
  user: ImpersonatedUser | undefined,
  nowS: number,
): Record<string, unknown> {
  return {
    // The issuer is the project's auth URL when the caller knows the project's API URL.
    ...(project.endpoint ? { iss: `${project.endpoint.replace(/\/+$/, '')}/auth/v1` } : {}),
    ref: project.ref,
    role,
    aud: role === 'anon' ? 'anon' : 'authenticated',
    iat: nowS,
    exp: nowS + IMPERSONATION_CLAIMS_TTL_S,
    ...(user ? { sub: user.id, ...(user.email ? { email: user.email } : {}), aal: 'aal1', is_anonymous: false } : {}),
  };
}

/** The query endpoint's field for a choice, or undefined for 'none' (the member's own role). */
export function toQueryImpersonation(
  choice: ImpersonationChoice,
  project: { ref: string; endpoint: string },
  nowS: number,
): QueryImpersonation | undefined {
  if (choice.type === 'none') return undefined;
  if (choice.type === 'postgrest') return { role: choice.role, claims: buildClaims(choice.role, project, choice.user, nowS) };
  return {
    role: choice.role,
    claims: buildClaims(choice.role, project, choice.user, nowS),
    hook: { schema: choice.schema, functionName: choice.functionName },
  };
}

/** Previous user searches remembered per project (spec B2.7): newest first, no duplicates, at most this many. */
export const RECENT_USER_SEARCHES_MAX = 10;

export function rememberSearch(previous: readonly string[], search: string): string[] {
  const trimmed = search.trim();
  if (trimmed === '') return [...previous];
  return [trimmed, ...previous.filter((entry) => entry !== trimmed)].slice(0, RECENT_USER_SEARCHES_MAX);
}
