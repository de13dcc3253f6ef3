// DNS rebinding (SECURITY.md): a page on attacker.example whose name later resolves to 127.0.0.1 is same-origin
// with itself, not with the console, yet its requests reach this loopback server — with `Host: attacker.example`.
// Bound to loopback, the platform answers only the names that mean this machine; bound to a wildcard or another
// interface, the operator chose who reaches it and every name is answered.
import type { MiddlewareHandler } from 'hono';

const LOOPBACK_NAMES = /^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The host name of a Host header value (`name:port`, `[v6]:port`), lower-cased. */
export function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.lastIndexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/** Refuses requests naming another host when the platform is reached through loopback only. */
export function loopbackHostCheck(publicHost: string): MiddlewareHandler {
  const own = hostName(publicHost);
  return async (c, next) => {
    const host = c.req.header('host');
    // No Host header: not a browser (in-process test requests, HTTP/1.0 tools); rebinding needs a browser.
    if (!host) return next();
    const name = hostName(host);
    if (name === own || LOOPBACK_NAMES.test(name)) return next();
    return c.text(`This platform answers on ${own}, not ${name}`, 421);
  };
}
