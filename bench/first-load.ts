// First-load JavaScript per entry route: the gzip size of every script the browser fetches to show the page,
// in a fresh context with the HTTP cache off, on the real platform. Budget: 150 KB gzip per route.
import type { Browser, Page } from 'playwright-core';
import { freshContext, launchBrowser, uncachedPage } from './support/browser.ts';
import { builtScripts, gzipSize } from './support/gzip.ts';
import { DIST_DIR, ensureBuilt, platformWithProject, type Session } from './support/platform.ts';
import { figure, result, sleep, type BenchResult, type Figure } from './support/results.ts';
import { FIRST_LOAD_BUDGET_BYTES } from './support/budgets.ts';

const BUDGET_BYTES = FIRST_LOAD_BUDGET_BYTES;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Route {
  key: string;
  path: string;
  signedIn: boolean;
  /** What shows that the page has rendered. */
  ready: (page: Page) => Promise<void>;
}

interface LoadedScript {
  url: string;
  bytes: number;
  gzip: number;
}

interface Load {
  finalUrl: string;
  /** Every URL path the page went through (client-side redirects included). */
  paths: string[];
  scripts: LoadedScript[];
}

async function loadRoute(browser: Browser, base: string, route: Route, session: Session): Promise<Load> {
  const context = await freshContext(browser, route.signedIn ? session : undefined);
  try {
    const page = await uncachedPage(context);
    const pending: Promise<LoadedScript | null>[] = [];
    const paths: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const { pathname, search } = new URL(frame.url());
      if (paths[paths.length - 1] !== pathname + search) paths.push(pathname + search);
    });
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response
          .body()
          .then((body) => ({ url: new URL(response.url()).pathname, bytes: body.length, gzip: gzipSize(body) }))
          .catch(() => null),
      );
    });
    await page.goto(`${base}${route.path}`, { waitUntil: 'load' });
    await route.ready(page);
    // Lazy chunks the page pulls right after rendering count too: wait for the network to go quiet.
    await page.waitForLoadState('networkidle');
    await sleep(300);
    const scripts = (await Promise.all(pending)).filter((s): s is LoadedScript => s !== null);
    return { finalUrl: new URL(page.url()).pathname, paths, scripts };
  } finally {
    await context.close();
  }
}

export async function firstLoad(): Promise<BenchResult> {
  ensureBuilt();
  const { platform, session, ref } = await platformWithProject();
  let browser: Browser | null = null;
  try {
    browser = await launchBrowser();
    const routes: Route[] = [
      {
        key: 'sign-in',
        path: '/dashboard/sign-in',
        signedIn: false,
        ready: (page) => page.locator('input[type="email"]').first().waitFor({ state: 'visible', timeout: 30_000 }),
      },
      {
        key: 'project-home',
        path: `/dashboard/project/${ref}`,
        signedIn: true,
        ready: (page) => page.locator('h1#project-title').waitFor({ state: 'visible', timeout: 30_000 }),
      },
    ];

    const figures: Record<string, Figure> = {};
    const budget: Record<string, number> = {};
    const perRoute: Record<string, unknown> = {};
    for (const route of routes) {
      const loads: Load[] = [];
      for (let run = 0; run < RUNS; run++) loads.push(await loadRoute(browser, platform.url, route, session));
      const total = (load: Load, field: 'gzip' | 'bytes') => load.scripts.reduce((sum, s) => sum + s[field], 0);
      figures[`${route.key}.js.gzip`] = figure(
        'bytes',
        loads.map((load) => total(load, 'gzip')),
        `sum of gzip -9 sizes of every script response loading ${route.path.replace(ref, '{ref}')}${route.signedIn ? ' signed in' : ' signed out'}`,
      );
      budget[`${route.key}.js.gzip`] = BUDGET_BYTES;
      figures[`${route.key}.js.raw`] = figure('bytes', loads.map((load) => total(load, 'bytes')), 'uncompressed bytes of the same scripts');
      const last = loads[loads.length - 1]!;
      perRoute[route.key] = {
        path: route.path.replace(ref, '{ref}'),
        finalPath: last.finalUrl.replace(ref, '{ref}'),
        paths: loads.map((load) => load.paths.map((p) => p.replaceAll(ref, '{ref}'))),
        scriptCount: loads.map((load) => load.scripts.length),
        scripts: [...last.scripts].sort((a, b) => b.gzip - a.gzip),
      };
    }

    const chunks = builtScripts(DIST_DIR);
    return result('first-load', RUNS, figures, budget, {
      routes: perRoute,
      build: {
        scriptCount: chunks.length,
        totalGzip: chunks.reduce((sum, c) => sum + c.gzip, 0),
        totalBytes: chunks.reduce((sum, c) => sum + c.bytes, 0),
        largest: chunks.slice(0, 10),
      },
    });
  } finally {
    await browser?.close();
    await platform.stop();
  }
}

/** Printed after the table: what each route loaded and the largest built chunks. */
export function printFirstLoadDetails(res: BenchResult): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const routes = (res.details?.routes ?? {}) as Record<string, { finalPath: string; scripts: LoadedScript[] }>;
  for (const [key, route] of Object.entries(routes)) {
    console.log(`\n${key} (ended at ${route.finalPath}): ${route.scripts.length} scripts`);
    for (const s of route.scripts) console.log(`  ${kb(s.gzip).padStart(9)} gzip  ${kb(s.bytes).padStart(9)} raw  ${s.url}`);
  }
  const build = res.details?.build as { largest: { file: string; bytes: number; gzip: number }[]; scriptCount: number; totalGzip: number } | undefined;
  if (build) {
    console.log(`\nbuild: ${build.scriptCount} chunks, ${kb(build.totalGzip)} gzip in all; largest 10:`);
    for (const c of build.largest) console.log(`  ${kb(c.gzip).padStart(9)} gzip  ${kb(c.bytes).padStart(9)} raw  ${c.file}`);
  }
}
