// The built console under /dashboard (vite base '/dashboard/'): files from dist/, and dist/index.html for every
// page path so the client router can take over (spec A2.1). Never waits for the database.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Strata</title>
<p>The console has not been built yet: run <code>npm run build</code>, then reload this page.</p>`;

/** The console reads its mode from this JSON element (src/config.ts), so one build serves both modes. */
export function withConsoleConfig(html: string, mode: 'platform' | 'self-hosted'): string {
  const element = `<script id="strata-config" type="application/json">${JSON.stringify({ mode }).replace(/</g, '\\u003c')}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${element}</head>`) : `${element}${html}`;
}

// spec A2.14: the error pages' wording, for requests the console cannot answer with the app itself.
const METHOD_NOT_ALLOWED = `<!doctype html><meta charset="utf-8"><title>405 | Strata</title>
<body style="font-family:system-ui;background:#171717;color:#ededed;display:flex;align-items:center;justify-content:center;height:90vh">
<p><strong style="font-size:24px;margin-right:16px">405</strong> Method Not Allowed</p></body>`;

export function consoleRoutes(distDir: string, mode: 'platform' | 'self-hosted' = 'platform'): Hono {
  const routes = new Hono();
  let files: MiddlewareHandler | null = null;

  // Created on first use: the folder may be built after the platform started.
  const staticFiles: MiddlewareHandler = async (c, next) => {
    // Folders (and /dashboard/ itself) are pages: index.html is served by `page` with its headers.
    if (c.req.path.endsWith('/')) return next();
    if (!files) {
      if (!existsSync(distDir)) return next();
      files = serveStatic({ root: distDir, rewriteRequestPath: (path) => path.replace(/^\/dashboard/, '') || '/' });
    }
    const served = await files(c, next);
    if (served instanceof Response) {
      // Vite's hashed bundles never change; everything else is revalidated.
      served.headers.set('Cache-Control', c.req.path.startsWith('/dashboard/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    return served;
  };

  const page: MiddlewareHandler = async (c) => {
    // A missing file (has an extension) is a 404, not the app: a stale bundle must fail loudly.
    const last = c.req.path.split('/').pop() ?? '';
    if (/\.[a-z0-9]+$/i.test(last)) return c.text('Not found', 404);
    try {
      const html = await readFile(join(distDir, 'index.html'), 'utf8');
      c.header('Cache-Control', 'no-cache');
      return c.html(withConsoleConfig(html, mode));
    } catch {
      return c.html(NOT_BUILT, 503);
    }
  };

  routes.get('/', (c) => c.redirect('/dashboard'));
  routes.get('/dashboard', page);
  routes.use('/dashboard/*', staticFiles);
  routes.get('/dashboard/*', page);
  // Pages are read, never written to: any other method on a page path is a 405 page.
  routes.on(['POST', 'PUT', 'PATCH', 'DELETE'], ['/dashboard', '/dashboard/*'], (c) => c.html(METHOD_NOT_ALLOWED, 405));
  return routes;
}
