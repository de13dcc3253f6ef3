// The statechart viewer and the live reporter are development tools (issue 26): a production build must carry none
// of their code. Builds the console with the project's vite.config.ts and searches every emitted file for strings
// only the viewer's modules contain (each checked to be present in those modules, so the search can fail).
// The same build also guards the first-load budget of issue 15 (bench/first-load.ts measures it in a browser).
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { FIRST_LOAD_BUDGET_BYTES } from '../../../bench/support/budgets.ts';
import { preloadsFor, type RoutePreload } from '../../../server/http/route-preloads.ts';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const MARKERS = ['strata:statecharts', '__statecharts', 'sc-chart', 'elk.hierarchyHandling', 'sc-live-badge'];
const SOURCES = ['live-reporter.ts', 'render.ts', 'layout.ts', 'viewer.ts'].map((f) => readFileSync(new URL(f, import.meta.url), 'utf8'));
const PLUGIN = readFileSync(resolve('scripts/statecharts-viewer-plugin.ts'), 'utf8');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

describe('production build', () => {
  it('the markers are the viewer’s own strings', () => {
    for (const marker of MARKERS) expect([...SOURCES, PLUGIN].some((source) => source.includes(marker)), marker).toBe(true);
  });

  it('has no statechart viewer or live-reporter code', { timeout: 240_000 }, async () => {
    const outDir = resolve('.tmp/dist-statecharts-check');
    rmSync(outDir, { recursive: true, force: true });
    const { build } = await import('vite');
    // Vitest sets NODE_ENV=test, with which Vite builds import.meta.env.DEV as true; `vite build` runs with production.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ configFile: resolve('vite.config.ts'), mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const files = filesUnder(outDir);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const marker of MARKERS) expect(text.includes(marker), `${marker} in ${file}`).toBe(false);
    }
    // Issue 25: the chunks that run as a page opens carry V8's compile hint on their first line; a lazy page does not.
    const assets = readdirSync(join(outDir, 'assets'));
    const firstLine = (prefix: string) => readFileSync(join(outDir, 'assets', assets.find((file) => file.startsWith(prefix) && file.endsWith('.js'))!), 'utf8').split('\n')[0];
    expect(firstLine('app-')).toBe('//# allFunctionsCalledOnLoad');
    expect(firstLine('signed-in-')).toBe('//# allFunctionsCalledOnLoad');
    expect(firstLine('_tableId-')).not.toContain('allFunctionsCalledOnLoad');
    expect(firstLine('aria-')).not.toContain('allFunctionsCalledOnLoad');
    // First load: the entry's scripts (index.html) and the page's preloads the platform adds (route-preloads.json),
    // the scripts bench/first-load.ts sees a browser fetch for these pages.
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const entry = [...html.matchAll(/<script[^>]*\bsrc="\/dashboard\/([^"]+\.js)"/g)].map((m) => m[1]!);
    const routes = JSON.parse(readFileSync(join(outDir, 'route-preloads.json'), 'utf8')) as RoutePreload[];
    // Every file a page preloads is written: the list named the dropped chunks of style-only modules (404s).
    const missing = routes.flatMap((route) => route.files.filter((file) => !existsSync(join(outDir, file))).map((file) => `${route.pattern}: ${file}`));
    expect(missing).toEqual([]);
    // The two pages issue 15 budgets (the projects list is measured by bench/projects-list.ts for time, not size).
    for (const page of ['/sign-in', '/project/abc']) {
      const scripts = new Set([...entry, ...preloadsFor(routes, page).filter((file) => file.endsWith('.js'))]);
      const gzip = [...scripts].reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length, 0);
      expect(scripts.size, page).toBeGreaterThan(entry.length);
      expect(gzip, `first-load JS of ${page}: ${(gzip / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
    }
    rmSync(outDir, { recursive: true, force: true });
  });
});
