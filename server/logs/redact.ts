// What a request-log row may say about a request (issue 19): its path without secrets. A key, a JWT, a password,
// a signed-URL token or a cookie never reaches the log; anything that looks like one is replaced by '[redacted]'.
import { LOG_PATH_MAX } from './limits.ts';

/** Query parameters whose values are never logged, whatever they hold. */
const SECRET_PARAM = /key|token|secret|password|passwd|pwd|signature|sig$|auth|code|jwt|session|cookie|credential|otp|nonce|verifier/i;
/** Values that look like a key or a token wherever they appear: JWTs, the opaque keys, long opaque strings. */
const SECRET_VALUE = /eyJ[\w-]*\.[\w-]*\.?[\w-]*|sb_(?:secret|publishable)_[\w-]+|sbp_[\w-]+|[A-Za-z0-9+_-]{40,}={0,2}/g;

export const REDACTED = '[redacted]';

function redactValue(value: string): string {
  return value.replace(SECRET_VALUE, REDACTED);
}

/** The path and query of `url` as logged: secret parameters' values and secret-looking values redacted. */
export function loggablePath(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://local');
  } catch {
    return REDACTED;
  }
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    path = parsed.pathname;
  }
  const segments = redactValue(path);
  const params: string[] = [];
  for (const [name, value] of parsed.searchParams) {
    const shown = SECRET_PARAM.test(name) ? REDACTED : redactValue(value);
    params.push(`${redactValue(name)}=${shown}`);
  }
  const full = params.length > 0 ? `${segments}?${params.join('&')}` : segments;
  return full.length > LOG_PATH_MAX ? `${full.slice(0, LOG_PATH_MAX - 1)}…` : full;
}

const REF = '([a-z]{20}|default)';
const PROJECT_PATHS: { pattern: RegExp; service?: 'storage' | 'auth' }[] = [
  { pattern: new RegExp(`^/p/${REF}/storage/`), service: 'storage' },
  { pattern: new RegExp(`^/p/${REF}/auth/`), service: 'auth' },
  { pattern: new RegExp(`^/p/${REF}(?:/|$)`) },
  { pattern: new RegExp(`^/api/platform/storage/${REF}(?:/|$)`), service: 'storage' },
  { pattern: new RegExp(`^/api/(?:platform|v1)/[a-z-]+/${REF}(?:/|$)`) },
  { pattern: new RegExp(`^/exports/${REF}(?:/|$)`) },
];

/** The project a request path belongs to and the service that answered it; null for requests of no project. */
export function projectOfPath(pathname: string): { ref: string; service: 'api' | 'storage' | 'auth' } | null {
  for (const { pattern, service } of PROJECT_PATHS) {
    const match = pattern.exec(pathname);
    if (match?.[1]) return { ref: match[1], service: service ?? 'api' };
  }
  return null;
}
