// The built console under /dashboard (vite base '/dashboard/'): files from dist/, and dist/index.html for every
// page path so the client router can take over (spec A2.1). Never waits for the database.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Strata</title>
<p>The console has not been built yet: run <code>npm run build</code>, then reload this page.</p>`;

export function consoleRoutes(distDir: string): Hono {
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
      return c.html(html);
    } catch {
      return c.html(NOT_BUILT, 503);
    }
  };

  routes.get('/', (c) => c.redirect('/dashboard'));
  routes.get('/dashboard', page);
  routes.use('/dashboard/*', staticFiles);
  routes.get('/dashboard/*', page);
  return routes;
}
