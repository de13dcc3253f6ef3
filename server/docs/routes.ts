// Strata's documentation site and its search (issue 22): /docs pages rendered from docs/*.md, and the docs
// search endpoints of spec B7 on the platform's own host, the console's docs service.
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Services } from '../services.ts';
import { DOCS_PUBLIC_KEY } from '../../src/domain/docs-search.ts';
import { logServerError } from '../http/errors.ts';
import { docsCorpus } from './corpus.ts';
import { renderDocsPage } from './page.ts';
import { searchFullText, searchSemantic } from './search-index.ts';

export const MAX_DOCS_QUERY_LENGTH = 500;

/** spec B7: apikey and authorization Bearer carry the docs service's public key. */
function hasDocsKey(headers: Headers): boolean {
  return headers.get('apikey') === DOCS_PUBLIC_KEY && headers.get('authorization') === `Bearer ${DOCS_PUBLIC_KEY}`;
}

type BodyCheck = { ok: true; query: string; alternate: boolean } | { ok: false; message: string };

async function readQuery(request: Request): Promise<BodyCheck> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { ok: false, message: 'The body must be JSON: {"query": "…"}' };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: 'The body must be a JSON object: {"query": "…"}' };
  const { query, useAlternateSearchIndex } = body as Record<string, unknown>;
  if (typeof query !== 'string') return { ok: false, message: 'query must be a string' };
  if (query.length > MAX_DOCS_QUERY_LENGTH) return { ok: false, message: `query must be at most ${MAX_DOCS_QUERY_LENGTH} characters` };
  if (useAlternateSearchIndex !== undefined && typeof useAlternateSearchIndex !== 'boolean')
    return { ok: false, message: 'useAlternateSearchIndex must be a boolean' };
  return { ok: true, query, alternate: useAlternateSearchIndex === true };
}

/** Docs context remembered across docs pages (spec A1: docs remember organization, project and branch). */
const CONTEXT_COOKIE = 'strata_docs_context';
const CONTEXT_PART = /^[A-Za-z0-9_-]{1,64}$/;
export interface DocsContext {
  org?: string;
  project?: string;
  branch?: string;
}

function readContext(c: Context, cookie: string | undefined): { context: DocsContext; changed: boolean } {
  let context: DocsContext = {};
  if (cookie) {
    try {
      const parsed = JSON.parse(cookie) as Record<string, unknown>;
      for (const key of ['org', 'project', 'branch'] as const) if (typeof parsed[key] === 'string' && CONTEXT_PART.test(parsed[key])) context[key] = parsed[key];
    } catch {
      context = {};
    }
  }
  let changed = false;
  for (const key of ['org', 'project', 'branch'] as const) {
    const value = c.req.query(key);
    if (value !== undefined && CONTEXT_PART.test(value)) {
      context[key] = value;
      changed = true;
    }
  }
  return { context, changed };
}

export function docsRoutes(deps: { services: () => Promise<Services> }): Hono {
  const routes = new Hono();

  const page = (slug: string) => (c: Context) => {
    const corpus = docsCorpus();
    const found = corpus.pages.find((p) => p.slug === slug);
    if (!found) return c.html(renderDocsPage(corpus, null, {}), 404);
    const { context, changed } = readContext(c, getCookie(c, CONTEXT_COOKIE));
    if (changed) setCookie(c, CONTEXT_COOKIE, JSON.stringify(context), { path: '/docs', sameSite: 'Lax', httpOnly: true, maxAge: 60 * 60 * 24 * 365 });
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'same-origin');
    return c.html(renderDocsPage(corpus, found, context));
  };
  routes.get('/docs', page('index'));
  routes.get('/docs/', page('index'));
  routes.get('/docs/:page', (c) => page(c.req.param('page'))(c));

  const search = (kind: 'fts' | 'fts-alternate' | 'semantic') => async (c: Context) => {
    if (!hasDocsKey(c.req.raw.headers)) return c.json({ message: 'Invalid API key: send the docs service public key as apikey and Bearer token' }, 401);
    const input = await readQuery(c.req.raw);
    if (!input.ok) return c.json({ message: input.message }, 400);
    try {
      const { pool } = await deps.services();
      const started = performance.now();
      const results =
        kind === 'semantic'
          ? await searchSemantic(pool, input.query, { alternate: input.alternate })
          : await searchFullText(pool, input.query, { alternate: kind === 'fts-alternate' });
      c.header('Server-Timing', `search;dur=${(performance.now() - started).toFixed(1)}`);
      return c.json(results);
    } catch (error) {
      logServerError('docs search', error);
      return c.json({ message: 'The docs search is not available right now' }, 503);
    }
  };
  routes.post('/rest/v1/rpc/docs_search_fts', search('fts'));
  routes.post('/rest/v1/rpc/docs_search_fts_nimbus', search('fts-alternate'));
  routes.post('/functions/v1/search-embeddings', search('semantic'));
  return routes;
}
