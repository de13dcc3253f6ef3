// The floor under the console's start-up goals (issue 15: project home tti ≤ 400 ms; projects list first card
// ≤ 300 ms), measured on this machine with the tti bench's own probe and browser setup (bench/tti.ts: fresh context,
// HTTP cache disabled, navigation start -> the first requestIdleCallback after h1#project-title is laid out with
// text). Three pages with nothing of Strata in them, each built by Vite for production and served gzip by a bare
// Node server on loopback (no platform, no API calls):
//   plain - the h1 in the HTML, no script: what the browser itself costs;
//   react - react-dom renders the h1 (the one framework the console cannot drop);
//   stack - react-dom + TanStack Router (one route) + one started XState actor + a ky instance: the console's
//           mandated packages, with none of its own code.
// In the same run, the console's project home on the real platform (bench/tti.ts's measurement), so the report can
// say how much of its time is the stack's and how much is the console's. One unmeasured warm-up per page first.
import { createServer, type Server } from 'node:http';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { ensureBuilt, platformWithProject } from './support/platform.ts';
import { figure, REPO_ROOT, result, type BenchResult } from './support/results.ts';
import { buildStaticPage, pageFile, sendGzip } from './support/static-page.ts';
import { measure } from './tti.ts';

const RUNS = Number(process.env.BENCH_FLOOR_RUNS ?? 7);
const HEADING = '<h1 id="project-title">Project</h1>';

/** The pages' entry modules (plain TypeScript: no JSX, so no tsconfig is needed for them). */
const ENTRIES: Record<'react' | 'stack', string> = {
  react: `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')!).render(createElement('h1', { id: 'project-title' }, 'Project'));
`,
  stack: `
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { createActor, setup } from 'xstate';
import ky from 'ky';
const machine = setup({}).createMachine({ id: 'floor', initial: 'idle', states: { idle: { on: { GO: 'done' } }, done: {} } });
const actor = createActor(machine).start();
export const api = ky.create({ prefixUrl: location.origin, retry: 0 });
const root = createRootRoute({ component: () => createElement(Outlet) });
const page = createRoute({
  getParentRoute: () => root,
  path: '$',
  component: () => createElement('h1', { id: 'project-title' }, 'Project ', String(actor.getSnapshot().value)),
});
const router = createRouter({ routeTree: root.addChildren([page]) });
createRoot(document.getElementById('root')!).render(createElement(StrictMode, null, createElement(RouterProvider, { router })));
`,
};

type Variant = 'plain' | 'react' | 'stack';

/** Builds the two script pages with Vite (production, minified) under a scratch folder of the repository. */
async function buildPages(dir: string): Promise<Record<'react' | 'stack', number>> {
  writeFileSync(join(dir, 'plain.html'), `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>floor</title></head><body><div id="root">${HEADING}</div></body></html>`);
  return {
    react: await buildStaticPage(join(dir, 'react'), '/react/', ENTRIES.react),
    stack: await buildStaticPage(join(dir, 'stack'), '/stack/', ENTRIES.stack),
  };
}

/** Serves /plain/…, /react/… and /stack/… (any deeper path is the page, like the console's routes), gzip. */
function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const [, variant = '', ...rest] = (req.url ?? '/').split('?')[0]!.split('/');
    const file = variant === 'plain' ? join(dir, 'plain.html') : /^(react|stack)$/.test(variant) ? pageFile(join(dir, variant, 'dist'), rest.join('/')) : null;
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    sendGzip(res, file, { immutable: false });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

async function runs(browser: Browser, url: string, session?: Parameters<typeof measure>[2]) {
  await measure(browser, url, session); // warm-up
  const marks = [];
  for (let run = 0; run < RUNS; run++) marks.push(await measure(browser, url, session));
  return { tti: marks.map((m) => m.tti), heading: marks.map((m) => m.heading) };
}

export async function floorBench(): Promise<BenchResult> {
  ensureBuilt();
  const dir = join(REPO_ROOT, '.tmp', `bench-floor-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  let browser: Browser | null = null;
  let server: Server | null = null;
  let platform: Awaited<ReturnType<typeof platformWithProject>>['platform'] | null = null;
  try {
    const scriptGzip = await buildPages(dir);
    const served = await serve(dir);
    server = served.server;
    const withProject = await platformWithProject();
    platform = withProject.platform;
    browser = await launchBrowser();
    const measured: Record<Variant | 'console', { tti: number[]; heading: number[] }> = {
      plain: await runs(browser, `${served.url}/plain/project/x`),
      react: await runs(browser, `${served.url}/react/project/x`),
      stack: await runs(browser, `${served.url}/stack/project/x`),
      console: await runs(browser, `${platform.url}/dashboard/project/${withProject.ref}`, withProject.session),
    };
    const notes: Record<Variant | 'console', string> = {
      plain: 'the h1 in the HTML, no script',
      react: 'react-dom renders the h1 (production build)',
      stack: 'react-dom + TanStack Router + one XState actor + ky, no console code',
      console: "the console's project home on the platform (bench/tti.ts)",
    };
    const figures = Object.fromEntries(
      Object.entries(measured).flatMap(([name, m]) => [
        [`${name}.tti`, figure('ms', m.tti, `${notes[name as Variant]}: navigation start -> first idle callback after the heading`)],
        [`${name}.heading`, figure('ms', m.heading)],
      ]),
    );
    return result('floor', RUNS, figures, { 'stack.tti': 400, 'react.tti': 300 }, {
      scriptGzip,
      reading:
        "the budgets here are issue 15's goals (project home tti 400 ms, projects list first card 300 ms) applied to pages that hold only the stack: a ratio near or above 1 means the goal cannot be met on this machine by any console built on it",
    });
  } finally {
    await browser?.close();
    server?.close();
    await platform?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
