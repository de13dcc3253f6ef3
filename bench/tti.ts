// Time to interactive of the project home on localhost, cold browser cache: each run is a fresh context (empty
// cache and storage, HTTP cache disabled) signed in through localStorage. Measured in the page, on the clock of
// the navigation (performance.now(), 0 = navigation start):
//   heading  - the first moment h1#project-title is in the DOM, laid out (non-empty box) and has text
//              (a MutationObserver check, so before that frame paints);
//   tti      - when the first requestIdleCallback queued at that moment fires: the frame with the heading has
//              been rendered and the main thread has run out of queued tasks (in-flight network requests do
//              not count as busy).
// One unmeasured warm-up load goes first so the server's first-request costs (JIT, pool connects) stay out.
// Budget: median tti 400 ms (issue 15: "627 ms → ≤400 ms median").
import type { Browser } from 'playwright-core';
import { freshContext, launchBrowser, uncachedPage } from './support/browser.ts';
import { ensureBuilt, platformWithProject, type Session } from './support/platform.ts';
import { figure, result, type BenchResult } from './support/results.ts';

const RUNS = Number(process.env.BENCH_TTI_RUNS ?? 5);
const BUDGET_MS = 400;

export interface Marks {
  heading: number;
  tti: number;
  domContentLoaded: number;
  load: number;
  /** Every URL path the page went through (client-side redirects included). */
  paths: string[];
  /** Fetches the page made before it was idle: path, start and end (ms from navigation start). */
  fetches: { path: string; start: number; end: number }[];
}

declare global {
  interface Window {
    __benchTti?: { heading: number | null; idle: number | null };
  }
}

// Sent as source text: a function passed to addInitScript would carry tsx's `__name` helper calls into the page.
export const PROBE = `(() => {
  if (window.top !== window) return;
  const marks = { heading: null, idle: null };
  window.__benchTti = marks;
  let observer = null;
  const check = () => {
    if (marks.heading !== null) return;
    const heading = document.getElementById('project-title');
    if (!heading || !(heading.textContent || '').trim()) return;
    const box = heading.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(heading).visibility === 'hidden') return;
    marks.heading = performance.now();
    observer.disconnect();
    requestIdleCallback(() => { marks.idle = performance.now(); });
  };
  observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})();`;

export async function measure(browser: Browser, url: string, session?: Session): Promise<Marks> {
  const context = await freshContext(browser, session);
  try {
    await context.addInitScript({ content: PROBE });
    const page = await uncachedPage(context);
    const paths: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const { pathname, search } = new URL(frame.url());
      const path = pathname + search;
      if (paths[paths.length - 1] !== path) paths.push(path);
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__benchTti?.idle != null, undefined, { timeout: 30_000, polling: 50 });
    const marks = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return {
        heading: window.__benchTti!.heading!,
        tti: window.__benchTti!.idle!,
        domContentLoaded: nav?.domContentLoadedEventEnd ?? Number.NaN,
        load: nav?.loadEventEnd ?? Number.NaN,
        fetches: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest')
          .filter((entry) => entry.startTime <= window.__benchTti!.idle!)
          .map((entry) => ({
            path: new URL(entry.name).pathname,
            start: Math.round(entry.startTime),
            end: Math.round(entry.responseEnd),
          })),
      };
    });
    return { ...marks, paths };
  } finally {
    await context.close();
  }
}

export async function tti(): Promise<BenchResult> {
  ensureBuilt();
  const { platform, session, ref } = await platformWithProject();
  let browser: Browser | null = null;
  try {
    browser = await launchBrowser();
    const url = `${platform.url}/dashboard/project/${ref}`;
    await measure(browser, url, session); // warm-up, not recorded
    const runs: Marks[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, url, session));
    const pick = (key: Exclude<keyof Marks, 'paths' | 'fetches'>) => runs.map((marks) => marks[key]);
    return result(
      'tti',
      RUNS,
      {
        'project-home.tti': figure('ms', pick('tti'), 'navigation start -> first requestIdleCallback after h1#project-title is visible'),
        'project-home.heading': figure('ms', pick('heading'), 'navigation start -> h1#project-title in the DOM, laid out, with text'),
        'project-home.domContentLoaded': figure('ms', pick('domContentLoaded')),
        'project-home.load': figure('ms', pick('load')),
      },
      { 'project-home.tti': BUDGET_MS },
      { url: '/dashboard/project/{ref}', warmUpRuns: 1, runs: runs.map((r) => ({
          heading: Math.round(r.heading),
          tti: Math.round(r.tti),
          domContentLoaded: Math.round(r.domContentLoaded),
          load: Math.round(r.load),
          paths: r.paths.map((p) => p.replaceAll(ref, '{ref}')),
          fetches: r.fetches.map((f) => ({ ...f, path: f.path.replaceAll(ref, '{ref}') })),
        })),
      },
    );
  } finally {
    await browser?.close();
    await platform.stop();
  }
}
