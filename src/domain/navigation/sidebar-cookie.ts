// The sidebar open/closed cookie (spec A2.4, C9).
import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE } from './constants.ts';

/** The Set-Cookie / document.cookie string keeping the sidebar state for 7 days. spec A2.4 */
export function buildSidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open ? 'true' : 'false'}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}`;
}

/** The sidebar state from a Cookie header / document.cookie: true, false, or undefined when absent or malformed. spec A2.4 */
export function parseSidebarCookie(cookieHeader: string | null | undefined): boolean | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== SIDEBAR_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (value === 'true') return true;
    if (value === 'false') return false;
    return undefined;
  }
  return undefined;
}
