// Early requests of a first load (issues 15, 25): the page's HTML starts the GET requests the console will make at
// start on that page (src/domain/early-requests.ts) with the stored session, while the console's code is still on its
// way; the API client takes each answer in place of its own fetch of the same URL (src/api/early.ts). The platform
// never sees the session here: the page is the same for everyone, the browser adds the token from its own storage.
import { AUTH_STORAGE_KEY, HANDOVER_MARGIN_SECONDS } from '../../src/domain/auth.ts';
import { EARLY_REQUEST_MAX_AGE_MS, EARLY_REQUESTS_GLOBAL, earlyRequestsFor } from '../../src/domain/early-requests.ts';

/**
 * The one inline script (constant, so its CSP hash is too): reads the list from the JSON element before it, and sends
 * each request only with a complete stored session that is not about to be refreshed (the lazy auth client's rule);
 * a failed request is a null answer, and the whole record is dropped once too old to be taken.
 */
export const EARLY_REQUESTS_SCRIPT = `(function(){try{var d=JSON.parse(document.getElementById('strata-early').textContent);` +
  `var s=JSON.parse(localStorage.getItem(d.key)||'null');` +
  `if(!s||typeof s.access_token!=='string'||typeof s.refresh_token!=='string'||typeof s.expires_at!=='number'||!s.user||s.expires_at-d.margin<=Date.now()/1000)return;` +
  `var r={token:s.access_token,at:performance.now(),responses:{}};window[d.global]=r;` +
  `d.requests.forEach(function(p){r.responses[p]=fetch(p,{headers:{accept:'application/json',authorization:'Bearer '+s.access_token},credentials:'include',referrerPolicy:'no-referrer-when-downgrade'}).catch(function(){return null})});` +
  `setTimeout(function(){if(window[d.global]===r)delete window[d.global]},d.maxAge)}catch(e){}})()`;

/** `html` with the early requests of the page at `path` (under /dashboard, without it) and `search`; unchanged when none. */
export function withEarlyRequests(html: string, path: string, search: string): string {
  const requests = earlyRequestsFor(path, search);
  if (requests.length === 0) return html;
  const data = { key: AUTH_STORAGE_KEY, margin: HANDOVER_MARGIN_SECONDS, global: EARLY_REQUESTS_GLOBAL, maxAge: EARLY_REQUEST_MAX_AGE_MS, requests };
  const elements =
    `<script id="strata-early" type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>` +
    `<script>${EARLY_REQUESTS_SCRIPT}</script>`;
  // As early as the head allows (after its charset), so the requests leave before the stylesheets and modules.
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  // A function replacement: the list may hold '$' (a filter), which a replacement string would read as a pattern.
  if (charset) return html.replace(charset[0], () => `${charset[0]}${elements}`);
  return html.includes('<head>') ? html.replace('<head>', () => `<head>${elements}`) : `${elements}${html}`;
}
