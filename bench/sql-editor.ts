// The SQL editor's targets (issue 7): "a 100,000-row result visible in at most 1.5 s and scrollable with no long
// task over 100 ms; completion list in at most 50 ms after typing on a schema of 500 tables".
// A project gets 500 tables of 8 columns (schema public); a snippet is created through the platform API and opened
// in Chromium (signed in, fresh context). Then, measured in the page with performance.now():
//   (a) Ctrl+Enter on `select g, md5(g::text) … generate_series(1, 100000)` → the status '100,000 rows' and the
//       first result cell in the DOM (query, transfer, parse and render), 5 runs after a warm-up;
//   (b) scrolling the result grid from top to bottom in 40 steps, one per animation frame: the longest main-thread
//       task meanwhile (PerformanceObserver 'longtask');
//   (c) typing the last character of `select * from t_25` → the completion list showing an option, 10 runs.
import type { Browser, Page } from 'playwright-core';
import { freshContext, launchBrowser } from './support/browser.ts';
import { ensureBuilt, platformWithProject, query } from './support/platform.ts';
import { figure, result, type BenchResult } from './support/results.ts';

const TABLES = Number(process.env.BENCH_SQL_TABLES ?? 500);
const RUNS = 5;
const log = (message: string) => process.env.BENCH_DEBUG && console.log(`[sql-editor] ${message}`);
const COMPLETION_RUNS = 10;
const BUDGET = { 'result.100k-visible': 1500, 'result.scroll-longest-task': 100, 'completion.list-shown': 50 };

// Page scripts are strings: tsx's transform would add helpers the page does not have.
const WATCH_RESULT = `window.__bench = new Promise((resolve) => {
  let start = 0;
  document.addEventListener('keydown', () => { if (!start) start = performance.now(); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    const status = [...document.querySelectorAll('[role=status]')].some((el) => (el.textContent || '').includes('100,000 rows'));
    const cell = document.querySelector('[role=grid][aria-label=Results] [role=gridcell]');
    if (start && status && cell) { observer.disconnect(); resolve(performance.now() - start); }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}); true`;

const SCROLL_GRID = `new Promise((resolve) => {
  const grid = document.querySelector('[role=grid][aria-label=Results]');
  let longest = 0;
  const tasks = new PerformanceObserver((list) => { for (const e of list.getEntries()) longest = Math.max(longest, e.duration); });
  tasks.observe({ type: 'longtask' });
  let step = 0;
  const tick = () => {
    step += 1;
    grid.scrollTop = (grid.scrollHeight - grid.clientHeight) * step / 40;
    if (step < 40) requestAnimationFrame(tick);
    else requestAnimationFrame(() => setTimeout(() => { tasks.disconnect(); resolve(longest); }, 50));
  };
  requestAnimationFrame(tick);
})`;

const WATCH_COMPLETION = `window.__bench = new Promise((resolve) => {
  let start = 0;
  document.addEventListener('keydown', () => { if (!start) start = performance.now(); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    const option = document.querySelector('.cm-tooltip-autocomplete li');
    if (start && option && (option.textContent || '').startsWith('t_25')) { observer.disconnect(); resolve(performance.now() - start); }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}); true`;

// The watcher is installed (and its listener registered) before the key is pressed; this reads its promise.
const RESULT = 'window.__bench';

async function setText(page: Page, text: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

export async function sqlEditorBench(): Promise<BenchResult> {
  ensureBuilt();
  const { platform, session, ref } = await platformWithProject();
  let browser: Browser | null = null;
  try {
    const token = session.access_token;
    await query(
      platform.url,
      token,
      ref,
      `do $$ begin for i in 1..${TABLES} loop
         execute format('create table public.%I (id bigint primary key, name text, email text, created_at timestamptz,
           amount numeric, active boolean, payload jsonb, note text)', 't_' || i);
       end loop; end $$;`,
    );
    const created = await fetch(`${platform.url}/api/platform/projects/${ref}/snippets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', sql: '' }),
    });
    const snippet = (await created.json()) as { id: string };

    log('seeded');
    browser = await launchBrowser();
    const context = await freshContext(browser, session);
    const page = await context.newPage();
    await page.goto(`${platform.url}/dashboard/project/${ref}/sql/${snippet.id}`);
    await page.waitForSelector('.cm-content', { timeout: 30_000 });

    log('editor open');
    const visible: number[] = [];
    let longestTask = 0;
    for (let run = 0; run <= RUNS; run++) {
      await setText(page, 'select g as n, md5(g::text) as hash from generate_series(1, 100000) g');
      await page.evaluate(WATCH_RESULT);
      await page.keyboard.press('ControlOrMeta+Enter');
      const ms = (await page.evaluate(RESULT)) as number;
      log(`result run ${run}: ${Math.round(ms)} ms`);
      if (run > 0) visible.push(ms);
      if (run === 1) longestTask = (await page.evaluate(SCROLL_GRID)) as number;
    }
    const scrollTasks = [longestTask];
    for (let run = 0; run < 2; run++) scrollTasks.push((await page.evaluate(SCROLL_GRID)) as number);

    log('scrolled');
    const completion: number[] = [];
    for (let run = 0; run <= COMPLETION_RUNS; run++) {
      await setText(page, 'select * from t_2');
      await page.keyboard.press('Escape');
      await page.evaluate(WATCH_COMPLETION);
      await page.keyboard.type('5');
      const ms = await Promise.race([page.evaluate(RESULT) as Promise<number>, new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 5000))]);
      if (Number.isNaN(ms)) throw new Error('the completion list did not show t_25… within 5 s');
      if (run > 0) completion.push(ms);
    }
    await context.close();
    return result(
      'sql-editor',
      RUNS,
      {
        'result.100k-visible': figure('ms', visible, 'Ctrl+Enter -> "100,000 rows" and the first cell in the DOM (Chromium, in-page clock)'),
        'result.scroll-longest-task': figure('ms', scrollTasks, 'longest task while scrolling the 100,000-row grid top to bottom in 40 frames (0 = none over 50 ms)'),
        'completion.list-shown': figure('ms', completion, `keystroke -> completion option t_25… shown, ${TABLES} tables of 8 columns`),
      },
      BUDGET,
      { tables: TABLES },
    );
  } finally {
    await browser?.close();
    await platform.stop();
  }
}
