// The organization's project list at scale (spec A7: GET /platform/organizations/{slug}/projects, page size 96):
// 5,000 projects seeded straight into the platform database's `projects` table of one organization (status
// ACTIVE_HEALTHY; metadata rows only, no project databases are created), then
//   (a) GET the first page (limit 96, sort name_asc) over HTTP, 20 times;
//   (b) GET a search (search=<term>, limit 96), 20 times, over a few terms;
//   (c) in Chromium (fresh context, HTTP cache off, signed in), navigation start -> the first project card is in
//       the DOM, laid out and has text, on /dashboard/org/{slug} (median of 5, one warm-up load first).
// The query plans of both are kept in the details, and the browser runs' API fetches (start/end on the page's
// clock) show where the time to the first card goes.
// Budgets: (a) and (b) 200 ms each, (c) 300 ms.
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { freshContext, launchBrowser, uncachedPage } from './support/browser.ts';
import { createOrganization, ensureBuilt, signUp, startPlatform, superuserUrl, waitApiReady, type Platform, type Session } from './support/platform.ts';
import { figure, result, since, type BenchResult, type Figure } from './support/results.ts';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 5000);
const HTTP_RUNS = 20;
const BROWSER_RUNS = Number(process.env.BENCH_PROJECTS_BROWSER_RUNS ?? 5);
const PAGE_SIZE = 96;
const SEARCH_TERMS = ['ana', 'prod 12', 'zzz', 'ops'];
const BUDGET = { 'api.first-page': 200, 'api.search': 200, 'browser.first-card': 300 };

const WORDS = ['Analytics', 'Storefront', 'Billing', 'Ops', 'Search', 'Mobile', 'Payments', 'Inventory', 'Auth', 'Chat'];
const SUFFIXES = ['api', 'staging', 'prod', 'eu', 'us', 'internal', 'sandbox', 'demo'];

/** The platform's own database, reached with the embedded cluster's superuser. */
async function platformDatabase(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: superuserUrl(dataDir, 'strata_platform') });
  await client.connect();
  return client;
}

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function seedProjects(db: pg.Client, slug: string): Promise<void> {
  const refs: string[] = [];
  const names: string[] = [];
  for (let i = 0; i < PROJECTS; i++) {
    refs.push(letters(20));
    names.push(`${WORDS[i % WORDS.length]} ${SUFFIXES[Math.floor(i / WORDS.length) % SUFFIXES.length]} ${i}`);
  }
  // One statement; inserted_at spread over time so the created_* sorts have something to order.
  await db.query(
    `insert into projects (ref, name, organization_id, status, region, db_version, inserted_at)
     select r.ref, r.name, o.id, 'ACTIVE_HEALTHY', 'local', 'strata-postgres-15', now() - (r.n || ' minutes')::interval
       from unnest($1::text[], $2::text[]) with ordinality as r(ref, name, n), organizations o
      where o.slug = $3`,
    [refs, names, slug],
  );
  await db.query('analyze projects');
}

async function timedGet(url: string, token: string): Promise<{ ms: number; count: number; returned: number }> {
  const start = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { projects?: unknown[]; pagination?: { count: number } };
  const ms = since(start);
  if (!response.ok) throw new Error(`GET ${url} -> ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, count: body.pagination?.count ?? -1, returned: body.projects?.length ?? -1 };
}

interface ApiRuns {
  firstPage: number[];
  search: number[];
  searchCounts: Record<string, number>;
}

async function measureApi(platform: Platform, token: string, slug: string): Promise<ApiRuns> {
  const base = `${platform.url}/api/platform/organizations/${slug}/projects?limit=${PAGE_SIZE}&offset=0&sort=name_asc`;
  const first = await timedGet(base, token); // warm-up (JIT, pool connections), not recorded
  if (first.count !== PROJECTS || first.returned !== PAGE_SIZE) throw new Error(`expected ${PROJECTS} projects, got ${first.count} (${first.returned} returned)`);
  const firstPage: number[] = [];
  for (let run = 0; run < HTTP_RUNS; run++) firstPage.push((await timedGet(base, token)).ms);
  const search: number[] = [];
  const searchCounts: Record<string, number> = {};
  for (let run = 0; run < HTTP_RUNS; run++) {
    const term = SEARCH_TERMS[run % SEARCH_TERMS.length]!;
    const answer = await timedGet(`${base}&search=${encodeURIComponent(term)}`, token);
    search.push(answer.ms);
    searchCounts[term] = answer.count;
  }
  return { firstPage, search, searchCounts };
}

/** The list's two SQL statements as the route runs them, with their plans (buffers, timing). */
async function plans(db: pg.Client, slug: string): Promise<Record<string, string[]>> {
  const filters = `p.organization_id = o.id and p.deletion_requested_at is null and p.parent_project_ref is null
    and ($1::text is null or p.name ilike $1 or p.ref ilike $1)`;
  const out: Record<string, string[]> = {};
  for (const [label, search] of [['first-page', null], ['search', '%ana%']] as const) {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off) select p.id from projects p join organizations o on o.slug = $2 where ${filters}
        order by lower(p.name) asc, p.id asc limit ${PAGE_SIZE}`,
      [search, slug],
    );
    out[label] = rows.map((row) => row['QUERY PLAN']);
  }
  return out;
}

const PROBE = `(() => {
  if (window.top !== window) return;
  const marks = { card: null, longTasks: [] };
  window.__benchCard = marks;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) marks.longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const check = () => {
    if (marks.card !== null) return;
    const card = document.querySelector('[data-testid="project-card"]');
    if (!card || !(card.textContent || '').trim()) return;
    const box = card.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    marks.card = performance.now();
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})();`;

interface CardRun {
  card: number;
  fetches: { path: string; start: number; end: number }[];
  /** Scripts and styles fetched before the card: the last one's end, and how many. */
  assets: { count: number; lastEnd: number; last: string };
  /** Main-thread tasks over 50 ms before the card: [start, duration] ms. */
  longTasks: [number, number][];
}

async function firstCard(browser: Browser, url: string, session: Session): Promise<CardRun> {
  const context = await freshContext(browser, session);
  try {
    await context.addInitScript({ content: PROBE });
    const page = await uncachedPage(context);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __benchCard?: { card: number | null } }).__benchCard?.card != null, undefined, {
      timeout: 30_000,
      polling: 50,
    });
    return await page.evaluate(() => {
      const marks = (window as unknown as { __benchCard: { card: number; longTasks: [number, number][] } }).__benchCard;
      const card = marks.card;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const assetEntries = resources.filter((entry) => entry.initiatorType !== 'fetch' && entry.startTime <= card);
      const lastAsset = assetEntries.reduce<PerformanceResourceTiming | null>((a, b) => (a === null || b.responseEnd > a.responseEnd ? b : a), null);
      const assets = { count: assetEntries.length, lastEnd: Math.round(lastAsset?.responseEnd ?? 0), last: lastAsset ? new URL(lastAsset.name).pathname : '' };
      const longTasks = marks.longTasks.filter(([start]) => start <= card);
      const fetches = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === 'fetch' && entry.startTime <= card)
        .map((entry) => ({ path: new URL(entry.name).pathname, start: Math.round(entry.startTime), end: Math.round(entry.responseEnd) }));
      return { card, fetches, assets, longTasks };
    });
  } finally {
    await context.close();
  }
}

export async function projectsListBench(): Promise<BenchResult> {
  ensureBuilt();
  const platform = await startPlatform();
  let browser: Browser | null = null;
  let db: pg.Client | null = null;
  try {
    await waitApiReady(platform);
    const session = await signUp(platform.url);
    const { slug } = await createOrganization(platform.url, session.access_token, 'Bench Many Projects');
    db = await platformDatabase(platform.dataDir);
    const seedStart = performance.now();
    await seedProjects(db, slug);
    const seedMs = since(seedStart);

    const api = await measureApi(platform, session.access_token, slug);
    const plansWith = await plans(db, slug);

    browser = await launchBrowser();
    const url = `${platform.url}/dashboard/org/${slug}`;
    await firstCard(browser, url, session); // warm-up, not recorded
    const cards: CardRun[] = [];
    for (let run = 0; run < BROWSER_RUNS; run++) cards.push(await firstCard(browser, url, session));

    const figures: Record<string, Figure> = {
      'api.first-page': figure('ms', api.firstPage, `GET .../projects?limit=${PAGE_SIZE}&offset=0&sort=name_asc, ${PROJECTS} projects, HTTP round trip on loopback`),
      'api.search': figure('ms', api.search, `the same with search= ${SEARCH_TERMS.map((t) => `'${t}'`).join(', ')} in turn`),
      'browser.first-card': figure('ms', cards.map((run) => run.card), 'Chromium, cold cache: navigation start -> first project card laid out with text on /dashboard/org/{slug}'),
    };
    return result('projects-list', HTTP_RUNS, figures, BUDGET, {
      note: `${PROJECTS} rows inserted directly into the platform database's projects table (status ACTIVE_HEALTHY); no project databases exist behind them.`,
      seedMs: Math.round(seedMs),
      searchCounts: api.searchCounts,
      plans: plansWith,
      browserRuns: cards.map((run) => ({ card: Math.round(run.card), fetches: run.fetches.map((f) => ({ ...f, path: f.path.replace(slug, '{slug}') })), assets: run.assets, longTasks: run.longTasks })),
    });
  } finally {
    await db?.end().catch(() => {});
    await browser?.close();
    await platform.stop();
  }
}

/** Printed after the table: what was seeded and the plans. */
export function printProjectsListDetails(res: BenchResult): void {
  const details = res.details as {
    note: string;
    seedMs: number;
    searchCounts: Record<string, number>;
    plans: Record<string, string[]>;
    browserRuns: CardRun[];
  };
  console.log(`\n${details.note} (seeded in ${details.seedMs} ms)`);
  console.log(`search counts: ${JSON.stringify(details.searchCounts)}`);
  for (const [query, lines] of Object.entries(details.plans)) console.log(`\nplan, ${query}:\n  ${lines.join('\n  ')}`);
  const median = details.browserRuns[Math.floor(details.browserRuns.length / 2)];
  if (median) {
    console.log(`\nfetches before the first card (one run, card at ${median.card} ms):`);
    for (const f of median.fetches) console.log(`  ${String(f.start).padStart(5)} -> ${String(f.end).padStart(5)} ms  ${f.path}`);
    if (median.assets) console.log(`  ${median.assets.count} scripts/styles, the last (${median.assets.last}) done at ${median.assets.lastEnd} ms`);
    if (median.longTasks) console.log(`  long tasks [start, ms]: ${JSON.stringify(median.longTasks)}`);
  }
}
