// The floor pages of the benches (bench/floor.ts, bench/support/peer-floor.ts): a page with no Strata code, built by
// Vite for production from one entry module, and its built files served gzip by a bare Node server.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { gzipSize } from './gzip.ts';

/**
 * Builds `entry` (plain TypeScript: no JSX, so no tsconfig is needed) as the page `root/index.html`, served under
 * `base`, into `root/dist`. Returns the gzip bytes of the scripts the page loads.
 */
export async function buildStaticPage(root: string, base: string, entry: string): Promise<number> {
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'main.ts'), entry);
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>floor</title></head><body><div id="root"></div><script type="module" src="./main.ts"></script></body></html>',
  );
  const { build } = await import('vite');
  await build({ root, base, configFile: false, logLevel: 'error', build: { outDir: join(root, 'dist'), emptyOutDir: true } });
  const html = readFileSync(join(root, 'dist', 'index.html'), 'utf8');
  return (html.match(/assets\/[\w-]+\.js/g) ?? []).reduce((sum, asset) => sum + gzipSize(readFileSync(join(root, 'dist', asset))), 0);
}

/** The file of a built page for a path under its base (`assets/…`, anything else is the page); null outside `dist`. */
export function pageFile(dist: string, rest: string): string | null {
  const file = resolve(dist, rest.startsWith('assets/') ? rest : 'index.html');
  return file.startsWith(resolve(dist) + sep) && existsSync(file) ? file : null;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };

/** Sends a built file gzip; hashed assets are cached as the console's are, the page itself is revalidated. */
export function sendGzip(res: ServerResponse, file: string, options: { immutable: boolean }): void {
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-encoding': 'gzip',
    'cache-control': options.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  res.end(gzipSync(readFileSync(file)));
}
