// The early requests of a first load (src/domain/early-requests.ts): the page's HTML sent them with the stored
// session before this code loaded; a GET of the same URL with the same token takes the answer instead of asking
// again, once, and only while it is fresh. Anything else — another URL, another token, a failed early request, a
// later call — goes to the network as usual.
import { EARLY_REQUEST_MAX_AGE_MS, EARLY_REQUESTS_GLOBAL, type EarlyRequests } from '../domain/early-requests.ts';

function record(): EarlyRequests | undefined {
  return (globalThis as unknown as Record<string, EarlyRequests | undefined>)[EARLY_REQUESTS_GLOBAL];
}

/** The early answer for a GET of `url` (absolute) sent with `token`, taken (a second call gets null); null when none. */
export function takeEarlyResponse(method: string, url: string, token: string | null, now = performance.now()): Promise<Response | null> | null {
  const early = record();
  if (!early || method !== 'GET' || token === null || early.token !== token) return null;
  if (now - early.at > EARLY_REQUEST_MAX_AGE_MS) return null;
  let key: string;
  try {
    const parsed = new URL(url);
    if (typeof location !== 'undefined' && parsed.origin !== location.origin) return null;
    key = parsed.pathname + parsed.search;
  } catch {
    return null;
  }
  const answer = early.responses[key];
  if (answer === undefined) return null;
  delete early.responses[key];
  return answer;
}
