// Early requests of a first load (issues 15, 25): the platform reads GET requests a console page will make at start
// from the page's address, and the page's HTML starts them with the stored session before the console's code has
// loaded (server/http/early-requests.ts); the API client then takes each one in place of its own fetch of the very
// same URL (src/api/early.ts). Each request listed here must be exactly the URL the console asks for on that page —
// a URL that differs is simply not taken (the early answer is dropped), so this list only ever moves time, never data.
import { PROJECT_REF_PATTERN, ORG_SLUG_PATTERN } from './shared-constants.ts';
import { parseSearchString } from './navigation/search.ts';
import { listQueryOf, parseProjectListSearch } from './project-list.ts';
import { normaliseSearch } from './lists.ts';
import { PROJECT_LIST_PAGE_SIZE, projectListSearchParams } from './projects.ts';

/** An early answer is taken only this long after the page started (ms on the page's clock); older ones are dropped. */
export const EARLY_REQUEST_MAX_AGE_MS = 10_000;

/** The global the page's inline script fills and the API client reads. */
export const EARLY_REQUESTS_GLOBAL = '__strataEarly';

/** What the inline script leaves on `window[EARLY_REQUESTS_GLOBAL]`. */
export interface EarlyRequests {
  /** The access token the requests were sent with: an answer is taken only by a request with the same one. */
  token: string;
  /** performance.now() when they were sent. */
  at: number;
  /** API path with its query (`/api/platform/…?…`) → the answer, null when the request itself failed. */
  responses: Record<string, Promise<Response | null> | undefined>;
}

const segment = encodeURIComponent;

function withQuery(path: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
  return query === '' ? path : `${path}?${query}`;
}

/**
 * The API paths (under /api, with their query) the console requests at start on the page at `path` (under
 * /dashboard, without it) with `search` (`?…` or ''): the shell's organizations, then the page's own reads. Only for
 * well-formed refs and slugs (anything else is the 400 page, which reads nothing), and never for a signed-out page.
 */
export function earlyRequestsFor(path: string, search: string): string[] {
  const parts = path.split('/').filter(Boolean);
  const [area, key, ...rest] = parts;
  if (area === 'project' && key !== undefined && PROJECT_REF_PATTERN.test(key)) {
    const ref = segment(key);
    const requests = ['/api/platform/organizations', '/api/platform/profile/permissions', `/api/platform/projects/${ref}`];
    if (rest[0] === 'editor' && rest.length <= 2) {
      requests.push(`/api/platform/pg-meta/${ref}/schemas`);
      const tableId = rest[1];
      if (tableId !== undefined && /^\d+$/.test(tableId)) {
        // The table's one-call open (columns and first page) with the grid's sort and filter from the address.
        const raw = parseSearchString(search);
        const view: Record<string, string> = {};
        if (raw.sort) view.sort = raw.sort;
        if (raw.filter) view.filter = raw.filter;
        requests.push(withQuery(`/api/platform/pg-meta/${ref}/entities/${tableId}/open`, view));
      }
    }
    return requests;
  }
  if (area === 'org' && key !== undefined && ORG_SLUG_PATTERN.test(key)) {
    const slug = segment(key);
    const requests = ['/api/platform/organizations', `/api/platform/organizations/${slug}`];
    if (rest.length === 0) {
      // The projects page's first page, as its route loader asks for it.
      const list = listQueryOf(parseProjectListSearch(parseSearchString(search)));
      const query = { limit: PROJECT_LIST_PAGE_SIZE, offset: 0, sort: list.sort, search: normaliseSearch(list.search), statuses: list.statuses };
      requests.push(withQuery(`/api/platform/organizations/${slug}/projects`, projectListSearchParams(query)));
    }
    return requests;
  }
  return [];
}
