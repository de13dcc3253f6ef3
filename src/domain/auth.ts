// Pure auth rules and constants of the console (spec A3 Session/User/MFA, A4.11, A5, A8, A9 Auth constants).
// The machines import their types from here so that machines/ never imports auth-js.

/** spec A9: session storage key ending in '.dashboard.auth.token', product-prefixed, in localStorage. */
export const AUTH_STORAGE_KEY = 'strata.dashboard.auth.token';

/**
 * A stored session is used as it is only while it expires more than this far ahead: auth-js refreshes a session that
 * expires within 3 ticks of 30 s (EXPIRY_MARGIN_MS), and the lazy auth client hands over to it earlier; the early
 * requests of a first load are sent only with such a session.
 */
export const HANDOVER_MARGIN_SECONDS = 120;
/** spec A4.11, A9: an access token request refetches the session when it expires within 30 s. */
export const ACCESS_TOKEN_REFETCH_MARGIN_SECONDS = 30;
/** spec A4.11: sign-out scopes; 'others' keeps the current session. */
export const SIGN_OUT_SCOPES = ['global', 'local', 'others'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];
/** spec A8: on sign-out, 401, 403 and 404 are ignored. */
export const IGNORED_SIGN_OUT_STATUSES: readonly number[] = [401, 403, 404];
/** spec A4.11: assurance levels. */
export type AssuranceLevel = 'aal1' | 'aal2';
/** The TOTP code length of authenticator apps and of the e-mailed one-time code. */
export const CODE_LENGTH = 6;

/** spec A4.11: auth events, shared across browser tabs. */
export const AUTH_CHANGE_EVENTS = [
  'INITIAL_SESSION',
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'MFA_CHALLENGE_VERIFIED',
] as const;
export type AuthChangeEvent = (typeof AUTH_CHANGE_EVENTS)[number];

/** spec A3 MFA factor. */
export type AuthFactor = {
  id: string;
  friendly_name?: string;
  factor_type: string; // totp | phone | webauthn
  status: string; // verified | unverified
  created_at?: string;
};

/** spec A3 User (the fields the console reads). */
export type AuthUser = {
  id: string;
  aud?: string;
  role?: string;
  email?: string;
  phone?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  confirmed_at?: string;
  email_confirmed_at?: string;
  created_at?: string;
  factors?: AuthFactor[];
};

/** spec A3 Session. */
export type AuthSession = {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at?: number; // seconds
  token_type: string;
  user: AuthUser | null;
};

/** spec A3 Assurance result. */
export type AssuranceResult = {
  currentLevel: string | null;
  nextLevel: string | null;
};

/** spec A3 TOTP enrolment reply (totp.qr_code is an SVG). */
export type TotpEnrolment = {
  factorId: string;
  friendlyName: string | undefined;
  qrCode: string;
  secret: string;
  uri: string;
};

/** spec A4.11: the fixed empty session of the 'always logged in' (self-hosted) mode. */
export const ALWAYS_LOGGED_IN_SESSION: AuthSession = Object.freeze({
  access_token: '',
  refresh_token: '',
  expires_in: 0,
  expires_at: 0,
  token_type: 'bearer',
  user: Object.freeze({ id: '', aud: '', role: '', email: '', app_metadata: {}, user_metadata: {}, factors: [] }),
}) as AuthSession;

/** spec A4.11: logged in when the session has a user. */
export function isLoggedIn(session: AuthSession | null | undefined): boolean {
  return session?.user != null;
}

/** spec A4.11: has MFA when the user's factors list is non-empty. */
export function hasMfa(user: AuthUser | null | undefined): boolean {
  return (user?.factors?.length ?? 0) > 0;
}

export function verifiedFactors(user: AuthUser | null | undefined): AuthFactor[] {
  return (user?.factors ?? []).filter((factor) => factor.status === 'verified');
}

/** spec A4.11: aal1 → aal2 is possible when the user has at least one verified factor. */
export function hasVerifiedFactor(user: AuthUser | null | undefined): boolean {
  return verifiedFactors(user).length > 0;
}

/** Where a signed-in session stands: 'needsMfa' when a verified factor exists but the session is aal1. */
export function assuranceStanding(result: AssuranceResult): 'aal1' | 'needsMfa' | 'aal2' {
  if (result.currentLevel === 'aal2') return 'aal2';
  if (result.nextLevel === 'aal2') return 'needsMfa';
  return 'aal1';
}

/** Fallback when the assurance level cannot be read: the factors decide (a verified factor asks for the code). */
export function assuranceFromUser(user: AuthUser | null | undefined): AssuranceResult {
  return { currentLevel: 'aal1', nextLevel: hasVerifiedFactor(user) ? 'aal2' : 'aal1' };
}

/** spec A4.11: refetch when none is cached or the cached one expires within 30 s. */
export function needsSessionRefetch(session: AuthSession | null | undefined, nowSeconds: number): boolean {
  if (!session) return true;
  return (session.expires_at ?? 0) - ACCESS_TOKEN_REFETCH_MARGIN_SECONDS < nowSeconds;
}

/** spec A8: a sign-out failure with status 401, 403 or 404 is not a failure. */
export function isIgnorableSignOutError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && IGNORED_SIGN_OUT_STATUSES.includes(status);
}

export function isSignOutScope(value: unknown): value is SignOutScope {
  return typeof value === 'string' && (SIGN_OUT_SCOPES as readonly string[]).includes(value);
}

/** The `aal` claim of an access token (spec A4.11 reads exp, aal, amr), or null when it cannot be read. */
export function accessTokenAal(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const aal = (JSON.parse(json) as { aal?: unknown }).aal;
    return typeof aal === 'string' ? aal : null;
  } catch {
    return null;
  }
}

/**
 * The assurance level read from the session itself — the token's aal claim and the user's verified factors —
 * without a round trip; null when the session does not carry what is needed (then the server is asked).
 */
export function assuranceFromSession(session: AuthSession): AssuranceResult | null {
  const current = accessTokenAal(session.access_token);
  // The auth service leaves `factors` out when there are none (GoTrue's omitempty), so absent means none.
  if (!current || !session.user) return null;
  const next = hasVerifiedFactor(session.user) ? 'aal2' : current;
  return { currentLevel: current, nextLevel: next };
}
