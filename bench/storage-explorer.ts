// The storage explorer on a big folder (issue 8 target: "a folder of 100,000 objects: first column page in at
// most 300 ms, scrolling loads pages without jank"). A bucket is created through the platform API and 100,000
// object rows are inserted under 'big/' straight into the project's storage.objects (metadata rows; no bytes on
// disk are needed to list them). Then:
//   (a) POST /api/platform/storage/{ref}/buckets/media/objects/list {path: 'big', limit 200, offset 0}, 20 times;
//   (b) the same at offset 50,000 (a deep page), 20 times;
//   (c) in Chromium (signed in, fresh context): the bucket page, then a click on the 'big' folder row → the new
//       column's first row is laid out with text (performance.now() on both sides, in the page), 5 runs;
//   (d) in the same page, scrolling the column to its end 5 times: the time from the scroll to the next page's
//       rows being in the DOM, and the longest main-thread task meanwhile (PerformanceObserver 'longtask').
// Budgets: (a) 300 ms, (c) 300 ms (issue 8); (b) and (d) 200 ms (issue 15: "deep page 333 ms -> <= 200 ms; scroll to
// the next page 359 ms -> <= 200 ms").
import { loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { freshContext, launchBrowser } from './support/browser.ts';
import { ensureBuilt, platformWithProject, query } from './support/platform.ts';
import { figure, result, since, type BenchResult } from './support/results.ts';

const OBJECTS = Number(process.env.BENCH_STORAGE_OBJECTS ?? 100_000);
const HTTP_RUNS = 20;
const BROWSER_RUNS = Number(process.env.BENCH_STORAGE_BROWSER_RUNS ?? 5);
const SCROLLS = 5;
const BUDGET = { 'api.first-page': 300, 'api.deep-page': 200, 'browser.first-column-page': 300, 'browser.scroll-page': 200 };

async function timedList(base: string, token: string, ref: string, offset: number): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${base}/api/platform/storage/${ref}/buckets/media/objects/list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ path: 'big', options: { limit: 200, offset, sortBy: { column: 'name', order: 'asc' } } }),
  });
  const rows = (await response.json()) as unknown[];
  const ms = since(start);
  if (!response.ok || rows.length !== 200) throw new Error(`objects/list at ${offset} -> ${response.status}, ${rows.length} rows`);
  return ms;
}

// Page scripts are strings: tsx's transform would add helpers (__name) the page does not have.
const OPEN_FOLDER = `new Promise((resolve, reject) => {
  const row = document.querySelector('[data-testid="storage-row-big"]');
  if (!row) return reject(new Error('no big folder row'));
  const start = performance.now();
  const observer = new MutationObserver(() => {
    const first = document.querySelector('[data-testid="storage-column-1"] [data-row]');
    if (first && (first.textContent || '').trim() && first.getBoundingClientRect().height > 0) {
      observer.disconnect();
      resolve(performance.now() - start);
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  row.click();
})`;

const SCROLL_PAGE = `new Promise((resolve) => {
  const column = document.querySelector('[data-testid="storage-column-1"]');
  const before = column.querySelectorAll('[data-row]').length;
  let longestTask = 0;
  const tasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration);
  });
  tasks.observe({ type: 'longtask' });
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (column.querySelectorAll('[data-row]').length > before) {
      observer.disconnect();
      const ms = performance.now() - start;
      const fetches = performance.getEntriesByType('resource')
        .filter((e) => e.name.includes('/objects/list') && e.startTime >= start)
        .map((e) => [Math.round(e.startTime - start), Math.round(e.responseEnd - start)]);
      // Let the frame with the new rows be painted before reading the long tasks.
      requestAnimationFrame(() => setTimeout(() => { tasks.disconnect(); resolve({ ms, longestTask, fetches }); }, 0));
    }
  });
  observer.observe(column, { childList: true, subtree: true });
  column.scrollTop = column.scrollHeight;
})`;

/** Click on the folder → first row of its column laid out with text, measured in the page. */
const openFolder = (page: Page) => page.evaluate(OPEN_FOLDER) as Promise<number>;
/** Scrolls column 1 to its end: the time until more rows are in the DOM and the longest task meanwhile. */
const scrollPage = (page: Page) => page.evaluate(SCROLL_PAGE) as Promise<{ ms: number; longestTask: number; fetches: number[][] }>;

export async function storageExplorerBench(): Promise<BenchResult> {
  ensureBuilt();
  const { platform, session, ref } = await platformWithProject();
  let browser: Browser | null = null;
  try {
    const token = session.access_token;
    const created = await fetch(`${platform.url}/api/platform/storage/${ref}/buckets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'media', public: false }),
    });
    if (!created.ok) throw new Error(`create bucket -> ${created.status} ${await created.text()}`);
    const seedStart = performance.now();
    await query(
      platform.url,
      token,
      ref,
      `insert into storage.objects (bucket_id, name, metadata)
       select 'media', 'big/file-' || lpad(g::text, 6, '0') || '.txt',
              jsonb_build_object('size', 10, 'mimetype', 'text/plain', 'eTag', md5(g::text), 'cacheControl', 'max-age=3600')
         from generate_series(1, ${OBJECTS}) g;
       analyze storage.objects;`,
    );
    const seedMs = since(seedStart);

    const loadAtStart = loadavg().map((l) => Math.round(l * 10) / 10);
    await timedList(platform.url, token, ref, 0); // warm-up
    const firstPage: number[] = [];
    for (let run = 0; run < HTTP_RUNS; run++) firstPage.push(await timedList(platform.url, token, ref, 0));
    const deepPage: number[] = [];
    for (let run = 0; run < HTTP_RUNS; run++) deepPage.push(await timedList(platform.url, token, ref, Math.floor(OBJECTS / 2)));

    browser = await launchBrowser();
    const opens: number[] = [];
    const scrolls: number[] = [];
    const longTasks: number[] = [];
    const scrollFetches: number[][][] = [];
    for (let run = 0; run <= BROWSER_RUNS; run++) {
      const context = await freshContext(browser, session);
      try {
        const page = await context.newPage();
        await page.goto(`${platform.url}/dashboard/project/${ref}/storage/buckets?bucketId=media`);
        await page.waitForSelector('[data-testid="storage-row-big"]', { timeout: 30_000 });
        const ms = await openFolder(page);
        if (run === 0) continue; // warm-up
        opens.push(ms);
        if (run === 1) {
          for (let i = 0; i < SCROLLS; i++) {
            const s = await scrollPage(page);
            scrolls.push(s.ms);
            longTasks.push(s.longestTask);
            scrollFetches.push(s.fetches);
          }
        }
      } finally {
        await context.close();
      }
    }
    return result(
      'storage-explorer',
      HTTP_RUNS,
      {
        'api.first-page': figure('ms', firstPage, `objects/list of 'big' (${OBJECTS} objects), limit 200 offset 0, by name, HTTP on loopback`),
        'api.deep-page': figure('ms', deepPage, `the same at offset ${Math.floor(OBJECTS / 2)}`),
        'browser.first-column-page': figure('ms', opens, "Chromium: click on the folder row -> the new column's first row laid out with text"),
        'browser.scroll-page': figure('ms', scrolls, 'scroll to the end of the column -> the next 200 rows in the DOM'),
      },
      BUDGET,
      {
        // The machine is shared: its 1/5/15-minute load averages when the runs began and ended.
        loadAverage: { start: loadAtStart, end: loadavg().map((l) => Math.round(l * 10) / 10) },
        seedMs: Math.round(seedMs),
        longestTaskDuringScrollMs: longTasks.map(Math.round),
        // [start, end] of each objects/list fetch, ms after the scroll.
        scrollFetches,
      },
    );
  } finally {
    await browser?.close();
    await platform.stop();
  }
}
