// The built console under /dashboard (vite base '/dashboard/'): files from dist/, and dist/index.html for every
// page path so the client router can take over (spec A2.1). Never waits for the database.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { buildIdOf } from '../telemetry/deployment.ts';
import { preloadsFor, withRoutePreloads, type RoutePreload } from './route-preloads.ts';
import { withEarlyRequests } from './early-requests.ts';
import { errorPageMessage } from '../../src/domain/error-pages.ts';
import { consoleFlagValues, type RemoteFlagItem } from '../../src/domain/signals.ts';
import { defaultFlags, flagOverridesFromCookie } from '../../src/domain/navigation/flags.ts';
import { logServerError } from './errors.ts';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Strata</title>
<p>The console has not been built yet: run <code>npm run build</code>, then reload this page.</p>`;

/** Runtime settings beside the mode (issue 21): telemetry on or off, every capability flag off, the build served. */
export interface ConsoleRuntimeSettings {
  /** STRATA_TELEMETRY=1: consent is asked and, once given, page views go to the platform's collector (spec A4.10). */
  telemetry?: boolean;
  /** ENABLED_FEATURES_OVERRIDE_DISABLE_ALL (spec A4.12). */
  disableAllFeatures?: boolean;
}

/** The settings of this process's environment. */
export function runtimeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ConsoleRuntimeSettings {
  const on = (value: string | undefined) => value === '1' || value === 'true';
  return { telemetry: on(env.STRATA_TELEMETRY), disableAllFeatures: on(env.ENABLED_FEATURES_OVERRIDE_DISABLE_ALL) };
}

/**
 * The console reads its mode from this JSON element (src/config.ts), so one build serves both modes; with it the
 * runtime settings and the id of the build it was served from (the version notice compares it, spec A2.14).
 */
export function withConsoleConfig(
  html: string,
  mode: 'platform' | 'self-hosted',
  settings: ConsoleRuntimeSettings = {},
  flags?: { remote: readonly RemoteFlagItem[]; cookie: string },
): string {
  const disableAll = settings.disableAllFeatures === true;
  const config = {
    mode,
    build: buildIdOf(html),
    telemetry: settings.telemetry === true,
    disableAllFeatures: disableAll,
    // spec A4.12: the values the flags provider will load, so the first render already shows them.
    ...(flags
      ? { flags: consoleFlagValues({ defaults: defaultFlags(disableAll), remote: flags.remote, overrides: flagOverridesFromCookie(flags.cookie), disableAll }) }
      : {}),
  };
  const element = `<script id="strata-config" type="application/json">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${element}</head>`) : `${element}${html}`;
}

/**
 * spec A2.14: the error pages' wording, for requests the console cannot answer with the app itself — a page posted
 * to (405), an address that is not even a well-formed URL (400), the platform failing to serve the page (500).
 */
export function errorPageHtml(code: 400 | 405 | 500): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>${code} | Strata</title>
<body style="font-family:system-ui;background:#171717;color:#ededed;display:flex;align-items:center;justify-content:center;height:90vh;margin:0">
<main><h1 style="display:inline;font-size:24px;font-weight:500;margin:0 16px 0 0">${code}</h1> <p style="display:inline">${errorPageMessage(code)}</p>
<p><a href="/dashboard" style="color:#ededed">Go to the dashboard</a></p></main></body></html>`;
}

/** A request path (as sent) whose percent-escapes do not decode (e.g. '%E0%A4%A'): no page can be meant by it. */
function isMalformedPath(url: string): boolean {
  try {
    decodeURIComponent(new URL(url).pathname);
    return false;
  } catch {
    return true;
  }
}

/** Inline scripts of `html` that run (not data blocks like strata-config, not src= scripts), as CSP hashes. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The console's CSP (issue 13 finding 8): its own scripts and the inline theme script of index.html by hash, never
 * 'unsafe-inline' or eval for scripts; styles inline too, because CodeMirror and react-aria write style elements
 * and attributes at run time; the CSV import worker is a module from assets (blob: kept for bundles that inline
 * it); data: images (the TOTP QR code); requests to the console's origin and the project API URL (uploads).
 */
export function consoleCsp(options: { scriptHashes?: string[]; apiOrigin?: string | null } = {}): string {
  const api = options.apiOrigin ? ` ${options.apiOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${(options.scriptHashes ?? []).map((hash) => ` ${hash}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${api}`,
    "font-src 'self' data:",
    `connect-src 'self'${api}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface ConsoleOptions {
  /** host:port of the project API URLs (`<publicHost>/p/<ref>`), another origin than the console's at times. */
  publicHost?: string;
  /**
   * The platform's remote flag list (spec A4.12), when it can be read without waiting (undefined while the database is
   * not ready): the page's configuration carries the flag values they make, so the first render shows the flags the
   * provider loads later (before, the Database menu said 'Replication — Coming soon' until the remote flags loaded).
   */
  remoteFlags?: () => Promise<RemoteFlagItem[] | undefined>;
}

export function consoleRoutes(distDir: string, mode: 'platform' | 'self-hosted' = 'platform', options: ConsoleOptions = {}): Hono {
  const routes = new Hono();
  // A page the platform fails to serve is the 500 page, never a stack trace or a JSON body.
  routes.onError((error, c) => {
    logServerError(`${c.req.method} ${c.req.path}`, error);
    return c.html(errorPageHtml(500), 500);
  });
  const apiOrigin = options.publicHost ? `http://${options.publicHost}` : null;
  const settings = runtimeSettingsFromEnv();

  // Every console response: no framing (clickjacking), no sniffing, no referrer leaving the console's URLs; pages
  // set their own CSP with the hashes of their inline scripts.
  const securityHeaders: MiddlewareHandler = async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has('content-security-policy')) headers.set('Content-Security-Policy', consoleCsp({ apiOrigin }));
    headers.set('X-Frame-Options', 'DENY');
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
  };
  routes.use('/', securityHeaders);
  routes.use('/dashboard', securityHeaders);
  routes.use('/dashboard/*', securityHeaders);
  let files: MiddlewareHandler | null = null;

  // Created on first use: the folder may be built after the platform started.
  const staticFiles: MiddlewareHandler = async (c, next) => {
    // Folders (and /dashboard/ itself) are pages: index.html is served by `page` with its headers.
    if (c.req.path.endsWith('/') || isMalformedPath(c.req.url)) return next();
    if (!files) {
      if (!existsSync(distDir)) return next();
      // precompressed: the build's gzip copies (scripts/precompress-plugin.ts) to browsers that accept gzip.
      files = serveStatic({ root: distDir, precompressed: true, rewriteRequestPath: (path) => path.replace(/^\/dashboard/, '') || '/' });
    }
    const served = await files(c, next);
    if (served instanceof Response) {
      // Vite's hashed bundles never change; everything else is revalidated.
      served.headers.set('Cache-Control', c.req.path.startsWith('/dashboard/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    return served;
  };

  // The build's route preloads (dist/route-preloads.json), read again when index.html changes (a rebuild).
  let preloads: { html: string; routes: RoutePreload[] } | null = null;
  const routePreloadsOf = async (html: string): Promise<RoutePreload[]> => {
    if (preloads?.html !== html) {
      let routes: RoutePreload[] = [];
      try {
        routes = JSON.parse(await readFile(join(distDir, 'route-preloads.json'), 'utf8')) as RoutePreload[];
      } catch {
        // An older build without the file: pages load their code as they find it.
      }
      preloads = { html, routes };
    }
    return preloads.routes;
  };

  const page: MiddlewareHandler = async (c) => {
    // A missing file (has an extension) is a 404, not the app: a stale bundle must fail loudly.
    const last = c.req.path.split('/').pop() ?? '';
    if (/\.[a-z0-9]+$/i.test(last)) return c.text('Not found', 404);
    if (isMalformedPath(c.req.url)) return c.html(errorPageHtml(400), 400);
    let html: string;
    try {
      html = await readFile(join(distDir, 'index.html'), 'utf8');
    } catch (error) {
      // Not built yet says so; any other failure to read it is the platform's (the 500 page, through onError).
      if ((error as { code?: string }).code === 'ENOENT') return c.html(NOT_BUILT, 503);
      throw error;
    }
    const path = c.req.path.replace(/^\/dashboard/, '') || '/';
    // A failed read is served without them: the flags provider still loads them (spec A4.12).
    const remote = await options.remoteFlags?.().catch(() => undefined);
    const flags = remote ? { remote, cookie: c.req.header('cookie') ?? '' } : undefined;
    const withPreloads = withRoutePreloads(withConsoleConfig(html, mode, settings, flags), preloadsFor(await routePreloadsOf(html), path));
    const page = withEarlyRequests(withPreloads, path, new URL(c.req.url).search);
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Security-Policy', consoleCsp({ scriptHashes: inlineScriptHashes(page), apiOrigin }));
    return c.html(page);
  };

  routes.get('/', (c) => c.redirect('/dashboard'));
  routes.get('/dashboard', page);
  routes.use('/dashboard/*', staticFiles);
  routes.get('/dashboard/*', page);
  // Pages are read, never written to: any other method on a page path is a 405 page.
  routes.on(['POST', 'PUT', 'PATCH', 'DELETE'], ['/dashboard', '/dashboard/*'], (c) => c.html(errorPageHtml(405), 405));
  return routes;
}
