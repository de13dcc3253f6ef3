// Issue 25: the table editor side by side with a classic peer, Adminer (Debian's package, PHP), in the same run, on
// the same Postgres and the same 1,000,000-row table (BENCH_PEER_ROWS): id bigint primary key, text, int `score`
// WITHOUT an index, timestamptz, jsonb. Headless Chromium, BENCH_PEER_ROUNDS (8) rounds alternating which tool goes
// first; per round and tool, a new browser context:
//   - open-empty: the table's address in a page with the HTTP cache disabled -> its first row in the DOM;
//   - open-cached: the same address again in a page of that context with the cache on (after one untimed visit);
//   - sort-click: a click on the `score` header (ascending in both) -> the first row shows the smallest score;
//   - sort-url: the address sorted by score descending -> the first row shows the largest score.
// Times are taken in Node around the action and the wait for the row (the same way for both tools). Adminer shows
// 100 rows (`limit=100`, as the grid's page). Ratios are Strata / Adminer medians; the issue's goals are budgets.
// In the same rounds, the same four steps on a third page, the floor (bench/support/peer-floor.ts): the mandated
// client stack alone (react-dom, TanStack Router, an XState actor, ky) reading the table through the platform's
// open endpoint and rendering its 100 rows, nothing of Strata's client code. Its ratio to Adminer bounds what any
// client-rendered console on this stack can reach here: a floor over a goal means the goal is out of reach.
// Then the steps the issue says Strata already wins and must keep ("at or under today's ratios": its table), in
// BENCH_PEER_KEEP_ROUNDS (3) rounds after a warm-up, alternating too, each tool in a new context:
//   - deep-row: row 900,000 of the table in the default order. Strata: the grid's scrollbar set to that row (the
//     table open, its count in) -> the row painted. Adminer: its select page 9000 ordered by id (`order[0]=id`;
//     without an ORDER BY it shows whatever rows the scan meets) -> the first row is id 900,001;
//   - export-csv: the whole table as CSV, from the click that starts it to the downloaded file complete. Strata:
//     'Export' -> 'Export table as CSV'; Adminer: its export page, output 'save', format CSV, data only;
//   - result-100k: `select * from public.bench_peer order by id limit 100000` run in the SQL editor -> its result
//     says 100,000 rows and shows the first cell; Adminer: its SQL command page, Execute -> the page says
//     '100,000 rows' and shows the table.
//
// Adminer is installed from Debian's packages only when this bench runs (`npm run bench -- peer`; never in
// `npm test`): `apt-get install -y adminer php-cli php-pgsql`, then served by `php -S` from /usr/share/adminer
// (the compiled adminer.php). When it cannot be installed or driven the bench says so and measures nothing.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freshContext, launchBrowser, uncachedPage } from './support/browser.ts';
import { createOrganization, ensureBuilt, query, signUp, startPlatform, waitActive, waitApiReady, type Session } from './support/platform.ts';
import { startPeerFloor, type PeerFloor } from './support/peer-floor.ts';
import { figure, median, result, since, type BenchResult } from './support/results.ts';

const ROWS = Number(process.env.BENCH_PEER_ROWS ?? 1_000_000);
/** Rows seeded per statement. */
const SEED_SLICE = 200_000;
const ROUNDS = Number(process.env.BENCH_PEER_ROUNDS ?? 8);
/** The PHP server's port (this bench's own range). */
const ADMINER_PORT = Number(process.env.BENCH_ADMINER_PORT ?? 24302);
const ADMINER_DIR = '/usr/share/adminer';
const PACKAGES = ['adminer', 'php-cli', 'php-pgsql'];
const STEPS = ['open-empty', 'open-cached', 'sort-click', 'sort-url'] as const;
/** The steps Strata wins and must keep (measured in rounds of their own, fewer: an Adminer 100k result takes ~15 s). */
const KEEP_STEPS = ['deep-row', 'export-csv', 'result-100k'] as const;
const KEEP_ROUNDS = Number(process.env.BENCH_PEER_KEEP_ROUNDS ?? 3);
type Step = (typeof STEPS)[number] | (typeof KEEP_STEPS)[number];
/**
 * The issue's goals, as Strata / Adminer. For the kept wins, the issue's own ratios when it was filed (row 900,000
 * 0.42, export 0.66, the 100k result 0.05): "stay at or under today's ratios".
 */
const GOALS: Record<Step, number> = {
  'open-empty': 2,
  'open-cached': 1,
  'sort-click': 1,
  'sort-url': 1,
  'deep-row': 0.42,
  'export-csv': 0.66,
  'result-100k': 0.05,
};
/** The deep row (0-based): row 900,000 of the issue, id DEEP + 1. */
const DEEP = 900_000;
/** The grid's row height (src/views/table-editor/grid/Grid.css.ts), for the scroll offset of the deep row. */
const GRID_ROW_PX = 32;
const RESULT_SQL = 'select * from public.bench_peer order by id limit 100000';

class PeerUnavailable extends Error {}

function installed(pkg: string): boolean {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).includes('install ok installed');
  } catch {
    return false;
  }
}

/** Adminer and PHP from Debian's packages, installed now when missing; the candidate version is checked first. */
function ensureAdminer(): string {
  const missing = PACKAGES.filter((pkg) => !installed(pkg));
  if (missing.length > 0) {
    let policy = '';
    try {
      policy = execFileSync('apt-cache', ['policy', 'adminer'], { encoding: 'utf8' });
    } catch (error) {
      throw new PeerUnavailable(`apt-cache is not available (${(error as Error).message}): cannot install Adminer`);
    }
    if (!/Candidate: (?!\(none\))/.test(policy)) throw new PeerUnavailable(`Debian's package lists offer no adminer package:\n${policy}`);
    console.log(`installing ${missing.join(', ')} from Debian's packages (apt-get install -y)…`);
    try {
      execFileSync('apt-get', ['install', '-y', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    } catch (error) {
      throw new PeerUnavailable(`apt-get install -y ${missing.join(' ')} failed (${(error as Error).message}); as root with package lists (apt-get update) it installs`);
    }
  }
  if (!existsSync(`${ADMINER_DIR}/adminer.php`)) throw new PeerUnavailable(`${ADMINER_DIR}/adminer.php is missing after installing the adminer package`);
  return execFileSync('dpkg-query', ['-W', '-f=${Version}', 'adminer'], { encoding: 'utf8' });
}

async function startAdminer(): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  // Adminer keeps its failed-login count per IP in its temp dir, and locks 127.0.0.1 out for 15 minutes after 30
  // (shared by every run and its own page loads): each run gets a temp dir of its own, removed when it stops.
  const tempDir = mkdtempSync(join(tmpdir(), 'bench-adminer-'));
  const child = spawn('php', ['-d', `upload_tmp_dir=${tempDir}`, '-S', `127.0.0.1:${ADMINER_PORT}`, '-t', ADMINER_DIR], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.once('exit', () => rmSync(tempDir, { recursive: true, force: true }));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5000)));
  const url = `http://127.0.0.1:${ADMINER_PORT}/adminer.php`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) {
        return { url, child, stop: async () => void (child.kill('SIGTERM'), await exited) };
      }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new PeerUnavailable(`php -S 127.0.0.1:${ADMINER_PORT} -t ${ADMINER_DIR} did not serve adminer.php:\n${output}`);
}

async function api<T>(url: string, method: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} -> ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

// Page predicates are functions (Playwright sends them through the DevTools protocol, which the console's CSP allows;
// a string would be eval'ed in the page, which its CSP forbids). Their bodies name no inner function: tsx would wrap
// one in a `__name` helper the page does not have.
type FirstRow = (args: [string, string]) => boolean;
/** Strata: the first row's cell of `column` has `text`. */
const STRATA_FIRST: FirstRow = ([column, text]) => {
  const cell = document.querySelector('[role="grid"] [aria-rowindex="2"] [data-column="' + column + '"]');
  return !!cell && (cell.textContent ?? '').trim() === text;
};
/** Adminer: the select page's first row, in the column whose header is `column`, has `text`. */
const ADMINER_FIRST: FirstRow = ([column, text]) => {
  const table = document.getElementById('table') as HTMLTableElement | null;
  if (!table || !table.tHead) return false;
  const headers = Array.from(table.tHead.rows[0]!.cells);
  // A column's header cell is th[name] (its text also holds the sort and search links and a script).
  const index = headers.findIndex((cell) => cell.id === 'th[' + column + ']');
  const row = table.tBodies[0] && table.tBodies[0].rows[0];
  return index >= 0 && !!row && !!row.cells[index] && (row.cells[index].textContent ?? '').trim() === text;
};

/** Strata: the grid's row `index` (0-based) is in the DOM with id `text`. */
const STRATA_ROW = ([index, text]: [number, string]) => {
  const cell = document.querySelector('[role="grid"] [aria-rowindex="' + (index + 2) + '"] [data-column="id"]');
  return !!cell && (cell.textContent ?? '').trim() === text;
};
/** Strata: the SQL editor's result says 100,000 rows and shows a cell. */
const STRATA_RESULT = () =>
  Array.from(document.querySelectorAll('[role=status]')).some((el) => (el.textContent || '').includes('100,000 rows')) &&
  !!document.querySelector('[role=grid][aria-label=Results] [role=gridcell]');
/** Adminer: the SQL command's result says 100,000 rows and its table has rows. */
const ADMINER_RESULT = () =>
  Array.from(document.querySelectorAll('p')).some((el) => /^100[,\u00a0 ]?000 rows/.test((el.textContent || '').trim())) &&
  !!document.querySelector('table.nowrap tbody tr td, table.nowrap tr td');

interface Tool {
  name: 'strata' | 'adminer' | 'floor';
  context(): Promise<BrowserContext>;
  tableUrl(sort?: 'desc'): string;
  firstRow: FirstRow;
  clickSort(page: Page): Promise<void>;
  /** Row DEEP shown (see the top of this file); resolves with the time of the timed part. */
  deepRow(page: Page): Promise<number>;
  /** The whole table downloaded as CSV: time from the click that starts it, and the file's size. */
  exportCsv(page: Page): Promise<{ ms: number; bytes: number }>;
  /** RESULT_SQL run and its 100,000 rows shown. */
  result100k(page: Page): Promise<number>;
}

/** Times `start` (the click that starts a download) to the downloaded file complete; its size; the file removed. */
async function timedDownload(page: Page, start: () => Promise<unknown>): Promise<{ ms: number; bytes: number }> {
  const began = performance.now();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), start()]);
  const path = await download.path();
  const ms = since(began);
  const failure = await download.failure();
  if (failure || !path) throw new Error(`download failed: ${failure ?? 'no file'}`);
  const bytes = statSync(path).size;
  await download.delete();
  return { ms, bytes };
}

/**
 * Waits until the first row shows `text` in `column`. Until issue 25's profiling the predicates were passed as their
 * source text, which Playwright evaluates as an expression: a function is truthy, so every wait resolved at once and
 * the bench timed navigations and clicks, not rows ("the first row" was seen before the table's columns were read).
 */
async function waitRow(page: Page, tool: Tool, column: string, text: string, timeout = 60_000): Promise<void> {
  try {
    await page.waitForFunction(tool.firstRow, [column, text] as [string, string], { timeout, polling: 'raf' });
  } catch (error) {
    // Say what the page showed instead: the wait is the bench's only check.
    const shown = await page.evaluate(() => document.body?.innerText.slice(0, 300) ?? '').catch(() => '(no page)');
    throw new Error(`${tool.name}: ${column} = ${text} not seen in the first row at ${page.url()}: ${(error as Error).message.split('\n')[0]}\npage: ${shown}`);
  }
}

/** The wait must be able to fail: a first row that is not there is never seen (else the bench measures nothing). */
async function checkWaitCanFail(page: Page, tool: Tool): Promise<void> {
  let seen = true;
  try {
    await waitRow(page, tool, 'id', 'no such row', 300);
  } catch {
    seen = false;
  }
  if (seen) throw new Error(`${tool.name}: the first-row wait passed for a row that is not there; the bench would measure nothing`);
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return since(start);
}

export async function adminerPeerBench(): Promise<BenchResult> {
  let version: string;
  try {
    version = ensureAdminer();
  } catch (error) {
    if (error instanceof PeerUnavailable) {
      console.error(`\nADMINER NOT MEASURED: ${error.message}\n`);
      throw new Error(`Adminer could not be installed: ${error.message}`);
    }
    throw error;
  }
  ensureBuilt();
  const platform = await startPlatform();
  let adminer: Awaited<ReturnType<typeof startAdminer>> | null = null;
  let floorPage: PeerFloor | null = null;
  let browser: Browser | null = null;
  try {
    await waitApiReady(platform);
    const session: Session = await signUp(platform.url);
    const token = session.access_token;
    const { slug } = await createOrganization(platform.url, token);
    const dbPass = `Peer-${Math.random().toString(36).slice(2)}-pw`;
    const { ref } = await api<{ ref: string }>(`${platform.url}/api/platform/projects`, 'POST', token, {
      organization_slug: slug, name: 'Peer bench', db_pass: dbPass, db_region: 'local',
    });
    await waitActive(platform.url, token, ref);
    const db = await api<{ db_host: string; db_port: number; db_name: string; db_user: string }>(`${platform.url}/api/platform/projects/${ref}/settings`, 'GET', token);

    const seedStart = performance.now();
    // In slices: each statement goes through the query endpoint within the bench client's 30 s, also on a loaded
    // machine (one 1M-row statement timed out there at a load average of 20). Same columns as `create table as`.
    await query(platform.url, token, ref, 'create table public.bench_peer (id bigint, name text, score int, created_at timestamptz, doc jsonb)');
    for (let from = 1; from <= ROWS; from += SEED_SLICE) {
      await query(platform.url, token, ref, `insert into public.bench_peer
        select i::bigint as id, 'customer ' || md5(i::text) as name, ((i::bigint * 7919) % 100003)::int as score,
               timestamptz '2024-01-01' + i * interval '1 minute' as created_at,
               jsonb_build_object('i', i, 'tag', md5(i::text), 'list', jsonb_build_array(i, i + 1, i + 2)) as doc
          from generate_series(${from}, ${Math.min(ROWS, from + SEED_SLICE - 1)}) i`);
    }
    await query(platform.url, token, ref, 'alter table public.bench_peer add primary key (id)');
    await query(platform.url, token, ref, 'vacuum analyze public.bench_peer');
    // Adminer's plain open is `select * … limit 100` with no order: its first row is id 1 only when the scan starts at
    // the table's first page. A seq scan of a table larger than a quarter of shared_buffers starts where the last
    // such scan was (synchronize_seqscans), e.g. where a sort's scan stopped: an 8-round run (2026-11-29) failed on a first row
    // taken from the middle of the table. Off for the role both tools log in as (new sessions: Adminer's, and the
    // platform's pools after the ALTER, which changes no plan or timing of a single scan).
    const [{ role }] = (await query(platform.url, token, ref, 'select current_user as role')) as [{ role: string }];
    if (role !== db.db_user) throw new Error(`the query endpoint runs as ${role}, Adminer logs in as ${db.db_user}: synchronize_seqscans would differ`);
    await query(platform.url, token, ref, 'alter role current_user set synchronize_seqscans = off');
    const seedMs = since(seedStart);
    const [facts] = (await query(platform.url, token, ref, `select 'public.bench_peer'::regclass::oid::int as id, min(score)::text as low,
      max(score)::text as high, pg_size_pretty(pg_total_relation_size('public.bench_peer')) as size from public.bench_peer`)) as [
      { id: number; low: string; high: string; size: string },
    ];

    // The SQL editor's snippet for the 100k result.
    const snippet = await api<{ id: string }>(`${platform.url}/api/platform/projects/${ref}/snippets`, 'POST', token, { name: 'peer bench', sql: '' });

    adminer = await startAdminer();
    floorPage = await startPeerFloor({ platformUrl: platform.url, token, ref, tableId: facts.id });
    const activeFloor = floorPage;
    browser = await launchBrowser();
    const adminerBase = `${adminer.url}?pgsql=${encodeURIComponent(`${db.db_host}:${db.db_port}`)}&username=${encodeURIComponent(db.db_user)}&db=${encodeURIComponent(db.db_name)}`;
    const activeBrowser = browser;

    const strata: Tool = {
      name: 'strata',
      context: () => freshContext(activeBrowser, session),
      tableUrl: (sort) => `${platform.url}/dashboard/project/${ref}/editor/${facts.id}?schema=public${sort ? '&sort=score%3Adesc' : ''}`,
      firstRow: STRATA_FIRST,
      clickSort: (page) => page.click('button[title="Sort by score"]'),
      async deepRow(page) {
        await page.goto(strata.tableUrl());
        await waitRow(page, strata, 'id', '1');
        // The scrollbar spans the table once the count is in (a drag cannot reach the row before).
        await page.waitForSelector('[data-testid="row-count"]:has-text("rows")', { timeout: 60_000 });
        return timed(async () => {
          await page.evaluate((top) => void (document.querySelector('[role="grid"]')!.scrollTop = top), DEEP * GRID_ROW_PX);
          await page.waitForFunction(STRATA_ROW, [DEEP, String(DEEP + 1)] as [number, string], { timeout: 60_000, polling: 'raf' });
        });
      },
      async exportCsv(page) {
        // The same address as the deep row's: the grid may come back at that row (scroll restoration), so any row.
        await page.goto(strata.tableUrl());
        await page.waitForSelector('[role="grid"] [aria-rowindex] [data-column="id"]', { timeout: 60_000 });
        await page.getByRole('button', { name: 'Export', exact: true }).click();
        const item = page.getByRole('menuitem', { name: 'Export table as CSV' });
        await item.waitFor();
        return timedDownload(page, () => item.click());
      },
      async result100k(page) {
        await page.goto(`${platform.url}/dashboard/project/${ref}/sql/${snippet.id}`);
        await page.locator('.cm-content').click();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.press('Delete');
        await page.keyboard.insertText(RESULT_SQL);
        return timed(async () => {
          await page.keyboard.press('ControlOrMeta+Enter');
          await page.waitForFunction(STRATA_RESULT, undefined, { timeout: 120_000, polling: 'raf' });
        });
      },
    };
    const peer: Tool = {
      name: 'adminer',
      async context() {
        const context = await activeBrowser.newContext({ viewport: { width: 1280, height: 800 } });
        // Adminer's pages ask adminer.org for its latest version: nothing leaves this machine.
        await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
        const page = await context.newPage();
        await page.goto(adminerBase);
        await page.fill('input[name="auth[password]"]', dbPass);
        await Promise.all([page.waitForURL(/db=/), page.click('input[type="submit"]')]);
        if ((await page.locator('.error').count()) > 0 || (await page.locator('input[name="auth[password]"]').count()) > 0) {
          throw new PeerUnavailable(`Adminer did not log in: ${(await page.locator('.error').allTextContents()).join(' ') || page.url()}`);
        }
        await page.close();
        return context;
      },
      tableUrl: (sort) => `${adminerBase}&ns=public&select=bench_peer&limit=100${sort ? '&order%5B0%5D=score&desc%5B0%5D=1' : ''}`,
      firstRow: ADMINER_FIRST,
      async clickSort(page) {
        await Promise.all([
          page.waitForURL(/order%5B0%5D=score|order\[0\]=score/, { waitUntil: 'commit' }),
          page.locator('#table thead th a', { hasText: /^score$/ }).first().click(),
        ]);
      },
      deepRow: (page) =>
        timed(async () => {
          // Page 9000 (0-based) of 100 rows: rows 900,001-900,100 in id order.
          await page.goto(`${peer.tableUrl()}&order%5B0%5D=id&page=${DEEP / 100}`, { waitUntil: 'commit' });
          await waitRow(page, peer, 'id', String(DEEP + 1));
        }),
      async exportCsv(page) {
        await page.goto(`${adminerBase}&ns=public&dump=bench_peer`);
        await page.check('input[name="output"][value="file"]');
        await page.check('input[name="format"][value="csv"]');
        await page.selectOption('select[name="table_style"]', '');
        await page.selectOption('select[name="data_style"]', 'INSERT');
        return timedDownload(page, () => page.click('input[type="submit"][value="Export"]'));
      },
      async result100k(page) {
        await page.goto(`${adminerBase}&ns=public&sql=`);
        // Adminer's script hides the textarea behind an editable <pre> (jush) and copies the <pre> into it as one types;
        // both are set, as typing would leave them.
        await page.waitForSelector('textarea[name="query"]', { state: 'attached' }).catch(async (error: Error) => {
          throw new Error(`Adminer's SQL page has no query field at ${page.url()}: ${error.message.split('\n')[0]}\npage: ${(await page.innerText('body')).slice(0, 300)}`);
        });
        await page.evaluate((sql) => {
          const area = document.querySelector('textarea[name="query"]') as HTMLTextAreaElement;
          area.value = sql;
          const editor = document.querySelector('pre.jush');
          if (editor) editor.textContent = sql;
        }, RESULT_SQL);
        return timed(async () => {
          await page.click('input[type="submit"][value="Execute"]');
          await page.waitForFunction(ADMINER_RESULT, undefined, { timeout: 180_000, polling: 'raf' });
        });
      },
    };

    const notOnFloor = (): never => {
      throw new Error('the floor page measures the open and sort steps only');
    };
    const floor: Tool = {
      name: 'floor',
      context: () => activeBrowser.newContext({ viewport: { width: 1280, height: 800 } }),
      tableUrl: (sort) => activeFloor.tableUrl(sort ? 'score:desc' : undefined),
      firstRow: STRATA_FIRST,
      clickSort: (page) => page.click('button[title="Sort by score"]'),
      deepRow: notOnFloor,
      exportCsv: notOnFloor,
      result100k: notOnFloor,
    };

    const noSamples = () => Object.fromEntries([...STEPS, ...KEEP_STEPS].map((step) => [step, [] as number[]])) as Record<Step, number[]>;
    const samples: Record<string, Record<Step, number[]>> = { strata: noSamples(), adminer: noSamples(), floor: noSamples() };
    const exportBytes: Record<string, number> = {};
    // Round 0 is a warm-up (PHP, Postgres buffers, the platform's first requests), not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      // The floor goes between the two, so that neither of them always follows it.
      for (const tool of round % 2 === 0 ? [strata, floor, peer] : [peer, floor, strata]) {
        const context = await tool.context();
        try {
          const cold = await uncachedPage(context);
          const openEmpty = await timed(async () => {
            await cold.goto(tool.tableUrl(), { waitUntil: 'commit' });
            await waitRow(cold, tool, 'id', '1');
          });
          await cold.close();
          const page = await context.newPage();
          await page.goto(tool.tableUrl());
          await waitRow(page, tool, 'id', '1');
          if (round === 0) await checkWaitCanFail(page, tool);
          await page.goto('about:blank');
          const openCached = await timed(async () => {
            await page.goto(tool.tableUrl(), { waitUntil: 'commit' });
            await waitRow(page, tool, 'id', '1');
          });
          const sortClick = await timed(async () => {
            await tool.clickSort(page);
            await waitRow(page, tool, 'score', facts.low);
          });
          await page.goto('about:blank');
          const sortUrl = await timed(async () => {
            await page.goto(tool.tableUrl('desc'), { waitUntil: 'commit' });
            await waitRow(page, tool, 'score', facts.high);
          });
          if (round === 0) continue;
          const own = samples[tool.name]!;
          own['open-empty'].push(openEmpty);
          own['open-cached'].push(openCached);
          own['sort-click'].push(sortClick);
          own['sort-url'].push(sortUrl);
        } finally {
          await context.close();
        }
      }
    }

    // The kept wins: round 0 a warm-up here too (the SQL editor's and the export's first use).
    for (let round = 0; round <= KEEP_ROUNDS; round++) {
      for (const tool of round % 2 === 0 ? [strata, peer] : [peer, strata]) {
        const context = await tool.context();
        try {
          const page = await context.newPage();
          const deep = await tool.deepRow(page);
          const exported = await tool.exportCsv(page);
          const result = await tool.result100k(page);
          exportBytes[tool.name] = exported.bytes;
          if (round === 0) continue;
          const own = samples[tool.name]!;
          own['deep-row'].push(deep);
          own['export-csv'].push(exported.ms);
          own['result-100k'].push(result);
        } finally {
          await context.close();
        }
      }
    }

    const figures: BenchResult['figures'] = {};
    const budget: Record<string, number> = {};
    const ratios: Record<string, number> = {};
    const floorRatios: Record<string, number> = {};
    const notes: Record<Step, string> = {
      'open-empty': 'the table address, HTTP cache disabled -> first row in the DOM',
      'open-cached': 'the table address again, cache on -> first row in the DOM',
      'sort-click': 'click on the score header (ascending) -> first row has the smallest score',
      'sort-url': 'the address sorted by score descending -> first row has the largest score',
      'deep-row': `row ${DEEP.toLocaleString('en-US')} in id order shown (Strata: the scrollbar set to it; Adminer: page ${DEEP / 100} with order by id)`,
      'export-csv': 'the whole table as a CSV file: click -> download complete',
      'result-100k': `"${RESULT_SQL}" run -> 100,000 rows reported and shown`,
    };
    for (const step of [...STEPS, ...KEEP_STEPS]) {
      figures[`adminer.${step}`] = figure('ms', samples.adminer![step], `Adminer ${version}: ${notes[step]}`);
      figures[`strata.${step}`] = figure('ms', samples.strata![step], notes[step]);
      const adminerMedian = median(samples.adminer![step]);
      // The budget is the issue's goal times Adminer's median of this same run: ratio ≤ 1 meets the goal.
      budget[`strata.${step}`] = Math.round(adminerMedian * GOALS[step] * 10) / 10;
      ratios[step] = Math.round((median(samples.strata![step]) / adminerMedian) * 100) / 100;
      if (samples.floor![step].length > 0) {
        figures[`floor.${step}`] = figure('ms', samples.floor![step], `the floor page (the mandated stack alone, bench/support/peer-floor.ts): ${notes[step]}`);
        floorRatios[step] = Math.round((median(samples.floor![step]) / adminerMedian) * 100) / 100;
      }
    }
    return result('adminer-peer', ROUNDS, figures, budget, {
      adminer: `Debian package adminer ${version}, php -S 127.0.0.1:${ADMINER_PORT} -t ${ADMINER_DIR} (adminer.php), limit=100`,
      rows: ROWS,
      tableSize: facts.size,
      seedMs: Math.round(seedMs),
      goals: GOALS,
      keepRounds: KEEP_ROUNDS,
      exportBytes,
      strataOverAdminer: ratios,
      floorOverAdminer: floorRatios,
      floorScriptGzip: activeFloor.scriptBytes,
    });
  } catch (error) {
    if (error instanceof PeerUnavailable) console.error(`\nADMINER NOT MEASURED: ${error.message}\n`);
    throw error;
  } finally {
    await browser?.close();
    await adminer?.stop();
    await floorPage?.stop();
    await platform.stop();
  }
}

export function printAdminerPeerDetails(res: BenchResult): void {
  const details = res.details as {
    strataOverAdminer: Record<Step, number>;
    floorOverAdminer?: Partial<Record<Step, number>>;
    goals: Record<Step, number>;
    adminer: string;
    tableSize: string;
    rows: number;
  };
  console.log(`Strata / Adminer (medians; ${details.rows} rows, ${details.tableSize}; ${details.adminer}):`);
  for (const step of [...STEPS, ...KEEP_STEPS]) {
    if (!res.figures[`strata.${step}`]) continue; // a result file from before the kept wins were measured
    const strataMs = res.figures[`strata.${step}`]!.median;
    const adminerMs = res.figures[`adminer.${step}`]!.median;
    const ratio = details.strataOverAdminer[step];
    const floorMs = res.figures[`floor.${step}`]?.median;
    const floorPart = floorMs === undefined ? '' : `  floor ${floorMs.toFixed(0).padStart(6)} ms (${details.floorOverAdminer?.[step]?.toFixed(2)} of Adminer)`;
    console.log(`  ${step.padEnd(12)} strata ${strataMs.toFixed(0).padStart(6)} ms  adminer ${adminerMs.toFixed(0).padStart(6)} ms  ratio ${ratio.toFixed(2)} (goal ≤ ${details.goals[step]})${floorPart}`);
  }
}
