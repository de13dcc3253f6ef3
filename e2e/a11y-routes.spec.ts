import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { STORAGE_STATE, readFixture } from './support/fixture.ts';
import { projectSql, savedSessionToken } from './support/project-sql.ts';

// Issue 24: axe (critical and serious WCAG A/AA findings, e2e/axe.ts) on EVERY route of the console, in both themes.
// The routes are read from the generated route tree when the test runs, so a route that lands is checked without
// editing this spec. Their params come from the e2e fixture (global.setup): the organization's slug and the
// Storefront project's ref; beforeAll adds, in that project, a table (for /editor/$tableId), a SQL snippet (for
// /sql/$sqlId) and a bucket (opened in /storage/files), and afterAll removes them again.

const THEMES = ['dark', 'light'] as const;
type Theme = (typeof THEMES)[number];
const TABLE = 'a11y_routes_items';
const BUCKET = 'a11y-routes';

/**
 * Routes not visited, each with its reason. The check below fails when one of these leaves the route tree (the list
 * must not hide a route that is no longer there).
 */
const SKIPPED: Record<string, string> = {
  // Layout routes: their address shows their index route ('…/'), which is checked.
  '/org/$slug': "layout: /org/{slug} renders the index route '/org/$slug/', checked",
  '/project/$ref': "layout: /project/{ref} renders the index route '/project/$ref/', checked",
  '/project/$ref/editor': "layout: /project/{ref}/editor renders the index route '/project/$ref/editor/', checked",
  '/project/$ref/sql': "layout: /project/{ref}/sql renders the index route '/project/$ref/sql/', checked",
};

interface RouteInfo {
  fullPath: string;
  /** The route's id: ids under '/_app' are the signed-in console. */
  id: string;
}

/** The keys of an `export interface <name> { '<key>': typeof <Type> … }` block of the generated route tree. */
function interfaceEntries(source: string, name: string): Map<string, string> {
  const block = source.match(new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`))?.[1];
  if (!block) throw new Error(`${name} not found in src/routeTree.gen.ts`);
  return new Map([...block.matchAll(/^\s*'([^']+)': typeof (\w+)$/gm)].map((m) => [m[1]!, m[2]!]));
}

/** Every route of the console (FileRoutesByFullPath of src/routeTree.gen.ts), with its id. */
function routeTree(): RouteInfo[] {
  const source = readFileSync(new URL('../src/routeTree.gen.ts', import.meta.url), 'utf8');
  const byFullPath = interfaceEntries(source, 'FileRoutesByFullPath');
  const idByType = new Map([...interfaceEntries(source, 'FileRoutesById')].map(([id, type]) => [type, id]));
  return [...byFullPath].map(([fullPath, type]) => ({ fullPath, id: idByType.get(type) ?? fullPath }));
}

const state: { tableId?: number; snippetId?: string } = {};
let api: APIRequestContext;

/** The address of a route with its params filled, and the search a page needs to show its content. */
function address(fullPath: string): string {
  const { orgSlug, projectRef } = readFixture();
  const params: Record<string, string | number | undefined> = {
    orgSlug,
    slug: orgSlug,
    ref: projectRef,
    tableId: state.tableId,
    sqlId: state.snippetId,
  };
  const path = fullPath.replace(/\$(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for the param $${name} of ${fullPath}: add one to address()`);
    return encodeURIComponent(String(value));
  });
  const search: Record<string, string> = {
    '/project/$ref/editor/$tableId': '?schema=public',
    '/project/$ref/storage/files': `?bucketId=${BUCKET}`,
  };
  return `/dashboard${path}${search[fullPath] ?? ''}`;
}

/** Signed-in routes are under the _app layout; the rest (sign-in, sign-up, forgot-password, 404) are public. */
function signedOut(route: RouteInfo): boolean {
  // '/' redirects: signed in it lands on the organization, the page worth checking (signed out it is the sign-in).
  return !route.id.startsWith('/_app') && route.fullPath !== '/';
}

test.beforeAll(async ({ baseURL }) => {
  const { projectRef } = readFixture();
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  await projectSql(api, projectRef, `create table public.${TABLE} (id bigint primary key, name text not null, note text);
    insert into public.${TABLE} select i, 'item ' || i, case when i % 2 = 0 then null else 'note ' || i end from generate_series(1, 5) i;`);
  const [table] = await projectSql<{ id: number }>(api, projectRef, `select 'public.${TABLE}'::regclass::oid::int as id`);
  state.tableId = table!.id;
  const snippet = await api.post(`/api/platform/projects/${projectRef}/snippets`, {
    data: { name: 'A11y routes', sql: `select * from public.${TABLE};` },
  });
  expect(snippet.status(), await snippet.text()).toBe(201);
  state.snippetId = (await snippet.json()).id as string;
  const bucket = await api.post(`/api/platform/storage/${projectRef}/buckets`, {
    data: { id: BUCKET, public: false, allowed_mime_types: null, file_size_limit: null, type: 'STANDARD' },
  });
  expect(bucket.ok(), await bucket.text()).toBe(true);
});

test.afterAll(async () => {
  const { projectRef } = readFixture();
  if (state.snippetId) expect((await api.delete(`/api/platform/projects/${projectRef}/snippets/${state.snippetId}`)).ok()).toBe(true);
  expect((await api.delete(`/api/platform/storage/${projectRef}/buckets/${BUCKET}`)).ok()).toBe(true);
  await projectSql(api, projectRef, `drop table if exists public.${TABLE};`);
  await api.dispose();
});

/**
 * A page signed in or not, first shown in `theme` (the theme actor reads localStorage 'theme' before first paint, spec
 * A4.14). Later full loads keep the theme the page was last switched to (switchTheme).
 */
async function themedPage(browser: Browser, theme: Theme, signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({
    storageState: signedIn ? STORAGE_STATE : { cookies: [], origins: [] },
    viewport: { width: 1400, height: 900 },
  });
  await context.addInitScript((value) => {
    if (window.localStorage.getItem('theme') === null) window.localStorage.setItem('theme', value);
  }, theme);
  return context.newPage();
}

/**
 * Switches the shown page to `theme` in place, the way another tab of the console does (spec A4.14: it writes the
 * stored preference; this tab's theme actor hears the `storage` event and repaints), instead of loading the route
 * again: the same route, the same DOM, now in the other theme.
 */
async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => {
    const oldValue = window.localStorage.getItem('theme');
    window.localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', oldValue, newValue: value, storageArea: window.localStorage, url: window.location.href }));
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * Waits until the page has settled: a heading or the main landmark shown, nothing loading (no progress bar, nothing
 * aria-busy, no spinner or skeleton: their animations run forever) and every transition finished (a fading dialog
 * would be measured half-transparent). A page that never stops animating is checked anyway, and said.
 */
async function settle(page: Page, where: string): Promise<void> {
  // Soft: a page that shows neither is reported, and the run goes on to the next route.
  await expect.soft(page.locator('h1:visible, main:visible').first(), `${where}: an h1 or the main landmark`).toBeVisible({ timeout: 20_000 });
  try {
    await page.waitForFunction(
      () => {
        const shown = (e: Element) => (e as HTMLElement).offsetParent !== null || getComputedStyle(e).position === 'fixed';
        if ([...document.querySelectorAll('[role="progressbar"], [aria-busy="true"]')].some(shown)) return false;
        return document.getAnimations().every((a) => a.playState !== 'running');
      },
      null,
      { timeout: 15_000, polling: 100 },
    );
  } catch {
    const running = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running')
        .map((a) => ((a.effect as KeyframeEffect | null)?.target as Element | null)?.outerHTML.slice(0, 120) ?? '?'),
    );
    console.log(`${where}: not settled after 15 s (still running: ${running.join(' | ') || 'a progress bar or aria-busy'}); checked as it is`);
  }
}

/**
 * Goes to `path`: a full load the first time a page is used (and for the signed-out pages, which are outside the
 * console's router), then within the loaded console as a link would — history.pushState and the popstate the router
 * listens to — which skips reloading the bundle for every route (a full load is ~1 s of a route's time).
 */
async function visit(page: Page, path: string): Promise<void> {
  const loaded = page.url().startsWith('http') && new URL(page.url()).pathname.startsWith('/dashboard/');
  if (!loaded) {
    await page.goto(path);
    return;
  }
  // The router's own record of where it is (TanStack Router keeps itself on self.__TSR_ROUTER__ in the browser).
  type RouterState = { status: string; location: { href: string }; resolvedLocation?: { href: string } };
  const before = await page.evaluate(() => (self as unknown as { __TSR_ROUTER__: { state: RouterState } }).__TSR_ROUTER__.state.location.href);
  await page.evaluate((next) => {
    window.history.pushState({}, '', next);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  // Done when the router has moved (to the route, or where it redirects) and finished loading and rendering it.
  await page
    .waitForFunction((old) => {
      const { state } = (self as unknown as { __TSR_ROUTER__: { state: RouterState } }).__TSR_ROUTER__;
      return state.status === 'idle' && state.location.href !== old && state.resolvedLocation?.href === state.location.href;
    }, before, { timeout: 15_000 })
    .catch(async () => {
      // It did not move (a redirect back to the page shown): a full load makes sure the route itself is what is checked.
      await page.goto(path);
    });
}

// Each route is loaded once and checked in both themes: the theme is switched in place between the two checks (a
// load per route and theme cost ~1-3 s more a route). The order alternates (dark → light, then light → dark) so that
// no switch is spent going back.
test('every route, both themes: no critical or serious axe findings', async ({ browser }) => {
  // Both themes in one test: the budget of the two tests it replaces (15 min each). Seen here: 74 routes in 20 min at
  // load 25-35 (axe ~7 s a check is most of it); a few minutes on a quiet machine.
  test.setTimeout(1_800_000);
  const started = Date.now();
  const routes = routeTree();
  const skippedGone = Object.keys(SKIPPED).filter((path) => !routes.some((r) => r.fullPath === path));
  expect(skippedGone, 'skip list entries that are no longer routes').toEqual([]);
  // A11Y_ROUTES_ONLY=settings/addons,settings/infrastructure: only the routes whose path contains one of these (a
  // quick check of the routes one changed; the full sweep stays the default).
  const only = (process.env.A11Y_ROUTES_ONLY ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  const toVisit = routes.filter((r) => !(r.fullPath in SKIPPED) && (only.length === 0 || only.some((part) => r.fullPath.includes(part))));

  // One page per session kind, reused from route to route; each remembers the theme it shows.
  const pages: Partial<Record<'in' | 'out', { page: Page; theme: Theme }>> = {};
  const pageFor = async (out: boolean) => (pages[out ? 'out' : 'in'] ??= { page: await themedPage(browser, THEMES[0], !out), theme: THEMES[0] });
  const checked: Record<Theme, number> = { dark: 0, light: 0 };
  for (const route of toVisit) {
    const out = signedOut(route);
    const shown = await pageFor(out);
    const { page } = shown;
    const t0 = Date.now();
    await visit(page, address(route.fullPath));
    const loadMs = Date.now() - t0;
    const order = shown.theme === THEMES[0] ? THEMES : ([...THEMES].reverse() as Theme[]);
    for (const [index, theme] of order.entries()) {
      const where = `${route.fullPath}${out ? ' (signed out)' : ''}, ${theme}`;
      await test.step(where, async () => {
        const t1 = Date.now();
        if (index > 0) {
          await switchTheme(page, theme);
          shown.theme = theme;
        }
        await settle(page, where);
        const t2 = Date.now();
        await expect.soft(page.locator('html')).toHaveAttribute('data-theme', theme);
        // Soft: one run lists every route's findings. A redirect is checked where it lands (the URL is in the message).
        await expectNoAxeFindings(page, `${where} → ${new URL(page.url()).pathname}`, { soft: true });
        checked[theme] += 1;
        // A11Y_ROUTES_DEBUG=1: where each route landed and what its time went to (axe itself is most of it).
        if (process.env.A11Y_ROUTES_DEBUG) {
          const landed = new URL(page.url());
          const load = index === 0 ? `goto ${loadMs} ms, ` : 'switched in place, ';
          console.log(`${where}: ${load}settle ${t2 - t1} ms, axe ${Date.now() - t2} ms → ${landed.pathname}${landed.search}`);
        }
      });
    }
  }
  for (const { page } of Object.values(pages)) await page.context().close();

  const seconds = (Date.now() - started) / 1000;
  console.log(
    `a11y-routes: ${checked.dark} routes checked dark and ${checked.light} light of ${routes.length} in the tree (${Object.keys(SKIPPED).length} skipped) in ${seconds.toFixed(1)} s`,
  );
  expect(checked).toEqual({ dark: toVisit.length, light: toVisit.length });
});

// The error pages of spec A2.14 are states, not routes, so the sweep above never shows them: the 400 page of a
// malformed address and the 404 page inside the chrome, and the 500 page of a project the platform fails to load,
// each in both themes (signals-error-pages.spec.ts checks them in the default theme, with their behaviour).
test('the error pages (400, 404, 500), both themes: no critical or serious axe findings', async ({ browser }) => {
  const { projectRef } = readFixture();
  const cases: { name: string; path: string; heading: string; fail?: string }[] = [
    { name: '400 (malformed project ref)', path: '/dashboard/project/NOT-a-ref/settings/general', heading: '400' },
    { name: '400 (malformed organization slug)', path: '/dashboard/org/NOT_A_SLUG/team', heading: '400' },
    { name: '404 (unknown page)', path: '/dashboard/no-such-page', heading: '404' },
    { name: '500 (project load failed)', path: `/dashboard/project/${projectRef}`, heading: '500', fail: `**/api/platform/projects/${projectRef}` },
  ];
  for (const theme of THEMES) {
    const page = await themedPage(browser, theme, true);
    for (const { name, path, heading, fail } of cases) {
      await test.step(`${name}, ${theme}`, async () => {
        if (fail) {
          await page.route(fail, (route) =>
            route.request().method() === 'GET' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }) : route.fallback(),
          );
        }
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 20_000 });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await settle(page, `${name}, ${theme}`);
        await expectNoAxeFindings(page, `${name}, ${theme}`, { soft: true });
        if (fail) await page.unroute(fail);
      });
    }
    await page.context().close();
  }
});
