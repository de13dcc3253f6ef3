// Where e-mailed links send the browser, and how the session travels there.
import type { AuthServiceContext } from './context.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A redirect_to is honoured only towards this platform or a loopback address (a developer's app); anything else
 * falls back to the site URL, so a mailed link cannot be turned into an open redirect.
 */
export function resolveRedirect(
  ctx: Pick<AuthServiceContext, 'issuer' | 'siteUrl'> & { redirectAllowList?: readonly string[] | null },
  candidate?: string | null,
): string {
  if (candidate && ctx.redirectAllowList) return allowListed(ctx.siteUrl, ctx.redirectAllowList, candidate) ?? ctx.siteUrl;
  if (candidate) {
    try {
      const url = new URL(candidate);
      const allowedOrigins = [new URL(ctx.issuer).origin, new URL(ctx.siteUrl).origin];
      const loopback = LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost');
      if ((url.protocol === 'http:' || url.protocol === 'https:') && (loopback || allowedOrigins.includes(url.origin))) {
        return url.toString();
      }
    } catch {
      // not a URL: use the site URL
    }
  }
  return ctx.siteUrl;
}

/** A glob of GoTrue's redirect URLs: `*` any run of characters but `/` and `.`, `**` any run at all. */
function globPattern(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/.]*').replace(/\u0000/g, '.*')}$`);
}

/**
 * A project's rule (issue 18, GoTrue's uri_allow_list): the site URL's origin, or a URL matching one of the
 * configured redirect URLs (exact, a glob, or a prefix of the path). No blanket loopback exception.
 */
function allowListed(siteUrl: string, allowList: readonly string[], candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const target = url.toString();
  const siteOrigin = (() => {
    try {
      return new URL(siteUrl).origin;
    } catch {
      return null;
    }
  })();
  if (url.origin === siteOrigin) return target;
  for (const entry of allowList) {
    if (entry.includes('*') ? globPattern(entry).test(target) : target === entry || target.startsWith(entry.endsWith('/') ? entry : `${entry}/`)) {
      return target;
    }
  }
  return null;
}

/** The link in a mail: GET {issuer}/verify, which signs in and redirects (spec A4.11 implicit or pkce flow). */
export function verifyLink(ctx: Pick<AuthServiceContext, 'issuer'>, token: string, type: string, redirectTo: string) {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${ctx.issuer}/verify?${query.toString()}`;
}

/** Implicit flow: the session goes in the URL fragment, which browsers never send to a server. */
export function withFragment(target: string, params: Record<string, string | number>): string {
  const url = new URL(target);
  const fragment = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  url.hash = fragment.toString();
  return url.toString();
}

/** PKCE flow: only a one-time auth code goes in the query; the app exchanges it with its verifier. */
export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
