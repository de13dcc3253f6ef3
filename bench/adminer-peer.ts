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
//
// Adminer is installed from Debian's packages only when this bench runs (`npm run bench -- peer`; never in
// `npm test`): `apt-get install -y adminer php-cli php-pgsql`, then served by `php -S` from /usr/share/adminer
// (the compiled adminer.php). When it cannot be installed or driven the bench says so and measures nothing.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freshContext, launchBrowser, uncachedPage } from './support/browser.ts';
import { createOrganization, ensureBuilt, query, signUp, startPlatform, waitActive, waitApiReady, type Session } from './support/platform.ts';
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
type Step = (typeof STEPS)[number];
/** The issue's goals, as Strata / Adminer. */
const GOALS: Record<Step, number> = { 'open-empty': 2, 'open-cached': 1, 'sort-click': 1, 'sort-url': 1 };

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

interface Tool {
  name: 'strata' | 'adminer';
  context(): Promise<BrowserContext>;
  tableUrl(sort?: 'desc'): string;
  firstRow: FirstRow;
  clickSort(page: Page): Promise<void>;
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

    adminer = await startAdminer();
    browser = await launchBrowser();
    const adminerBase = `${adminer.url}?pgsql=${encodeURIComponent(`${db.db_host}:${db.db_port}`)}&username=${encodeURIComponent(db.db_user)}&db=${encodeURIComponent(db.db_name)}`;
    const activeBrowser = browser;

    const strata: Tool = {
      name: 'strata',
      context: () => freshContext(activeBrowser, session),
      tableUrl: (sort) => `${platform.url}/dashboard/project/${ref}/editor/${facts.id}?schema=public${sort ? '&sort=score%3Adesc' : ''}`,
      firstRow: STRATA_FIRST,
      clickSort: (page) => page.click('button[title="Sort by score"]'),
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
    };

    const samples: Record<string, Record<Step, number[]>> = {
      strata: { 'open-empty': [], 'open-cached': [], 'sort-click': [], 'sort-url': [] },
      adminer: { 'open-empty': [], 'open-cached': [], 'sort-click': [], 'sort-url': [] },
    };
    // Round 0 is a warm-up (PHP, Postgres buffers, the platform's first requests), not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      for (const tool of round % 2 === 0 ? [strata, peer] : [peer, strata]) {
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

    const figures: BenchResult['figures'] = {};
    const budget: Record<string, number> = {};
    const ratios: Record<string, number> = {};
    const notes: Record<Step, string> = {
      'open-empty': 'the table address, HTTP cache disabled -> first row in the DOM',
      'open-cached': 'the table address again, cache on -> first row in the DOM',
      'sort-click': 'click on the score header (ascending) -> first row has the smallest score',
      'sort-url': 'the address sorted by score descending -> first row has the largest score',
    };
    for (const step of STEPS) {
      figures[`adminer.${step}`] = figure('ms', samples.adminer![step], `Adminer ${version}: ${notes[step]}`);
      figures[`strata.${step}`] = figure('ms', samples.strata![step], notes[step]);
      const adminerMedian = median(samples.adminer![step]);
      // The budget is the issue's goal times Adminer's median of this same run: ratio ≤ 1 meets the goal.
      budget[`strata.${step}`] = Math.round(adminerMedian * GOALS[step] * 10) / 10;
      ratios[step] = Math.round((median(samples.strata![step]) / adminerMedian) * 100) / 100;
    }
    return result('adminer-peer', ROUNDS, figures, budget, {
      adminer: `Debian package adminer ${version}, php -S 127.0.0.1:${ADMINER_PORT} -t ${ADMINER_DIR} (adminer.php), limit=100`,
      rows: ROWS,
      tableSize: facts.size,
      seedMs: Math.round(seedMs),
      goals: GOALS,
      strataOverAdminer: ratios,
    });
  } catch (error) {
    if (error instanceof PeerUnavailable) console.error(`\nADMINER NOT MEASURED: ${error.message}\n`);
    throw error;
  } finally {
    await browser?.close();
    await adminer?.stop();
    await platform.stop();
  }
}

export function printAdminerPeerDetails(res: BenchResult): void {
  const details = res.details as { strataOverAdminer: Record<Step, number>; goals: Record<Step, number>; adminer: string; tableSize: string; rows: number };
  console.log(`Strata / Adminer (medians; ${details.rows} rows, ${details.tableSize}; ${details.adminer}):`);
  for (const step of STEPS) {
    const strataMs = res.figures[`strata.${step}`]!.median;
    const adminerMs = res.figures[`adminer.${step}`]!.median;
    const ratio = details.strataOverAdminer[step];
    console.log(`  ${step.padEnd(12)} strata ${strataMs.toFixed(0).padStart(6)} ms  adminer ${adminerMs.toFixed(0).padStart(6)} ms  ratio ${ratio.toFixed(2)} (goal ≤ ${details.goals[step]})`);
  }
}
