// spec A2.14 / A7: GET {site}/api/get-deployment-commit ({site} = /dashboard) — the build the platform serves now: commitSha (a hash of the
// built index.html, whose script names carry the bundles' hashes, so any rebuild that changes the console changes
// it) and commitTime (when that file was written). Public, like the page itself; read again when the file changes.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';

/** {site} is the console's own base path. */
export const DEPLOYMENT_COMMIT_PATH = '/dashboard/api/get-deployment-commit';

export function buildIdOf(html: string): string {
  return createHash('sha256').update(html).digest('hex').slice(0, 16);
}

export function deploymentRoutes(distDir: string): Hono {
  const routes = new Hono();
  let cached: { mtimeMs: number; size: number; body: { commitSha: string; commitTime: string } } | null = null;
  routes.get(DEPLOYMENT_COMMIT_PATH, (c) => {
    const file = join(distDir, 'index.html');
    try {
      const stat = statSync(file);
      if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
        const html = readFileSync(file, 'utf8');
        cached = { mtimeMs: stat.mtimeMs, size: stat.size, body: { commitSha: buildIdOf(html), commitTime: stat.mtime.toISOString() } };
      }
      c.header('Cache-Control', 'no-store');
      return c.json(cached.body);
    } catch {
      return c.json({ message: 'The console has not been built yet' }, 503);
    }
  });
  return routes;
}
