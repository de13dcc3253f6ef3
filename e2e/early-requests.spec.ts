import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { savedSessionToken, projectSql } from './support/project-sql.ts';
import { STORAGE_STATE, readFixture } from './support/fixture.ts';

// Issues 15 and 25, the early requests of a first load (src/domain/early-requests.ts): the page's HTML sends the
// reads the console makes at start on that page with the stored session, before the console's code has loaded; the
// API client takes each answer in place of its own request. Checked on the pages it covers: every early request is
// taken (none left over: a URL the console does not ask for exactly would be), and none of those URLs is asked for a
// second time. Signed out, the page sends nothing.
const SCHEMA = 'e2e_early';
const fx = () => readFixture();

let api: APIRequestContext;
let tableId: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  await projectSql(api, fx().projectRef, `drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA};
    create table ${SCHEMA}.items (id bigint primary key, name text, score int);
    insert into ${SCHEMA}.items select i, 'item ' || i, (i * 37) % 101 from generate_series(1, 300) i;`);
  const [row] = await projectSql<{ id: number }>(api, fx().projectRef, `select '${SCHEMA}.items'::regclass::oid::int as id`);
  tableId = row!.id;
});

test.afterAll(async () => {
  await projectSql(api, fx().projectRef, `drop schema if exists ${SCHEMA} cascade`).catch(() => {});
  await api?.dispose();
});

/** Opens `path` in a fresh signed-in (or not) context; returns the early URLs, those left untaken, and API GETs by URL. */
async function firstLoad(page: Page, path: string, ready: () => Promise<void>) {
  const gets = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) {
      const key = url.pathname + url.search;
      gets.set(key, (gets.get(key) ?? 0) + 1);
    }
  });
  await page.goto(path);
  await ready();
  const early = await page.evaluate(() => {
    const data = document.getElementById('strata-early')?.textContent;
    const record = (window as unknown as { __strataEarly?: { responses: Record<string, unknown> } }).__strataEarly;
    return { requests: data ? (JSON.parse(data) as { requests: string[] }).requests : [], left: record ? Object.keys(record.responses) : null };
  });
  return { ...early, gets };
}

test('the project home, the table editor (sorted) and the projects page take every early request once', async ({ browser }) => {
  const pages: Array<{ path: string; ready: (page: Page) => Promise<void> }> = [
    { path: `/dashboard/project/${fx().projectRef}`, ready: (page) => expect(page.locator('#project-title')).toHaveText(fx().projectName) },
    {
      path: `/dashboard/project/${fx().projectRef}/editor/${tableId}?schema=${SCHEMA}&sort=score:desc`,
      // The highest score first: the sorted first page is what the early open returned.
      ready: async (page) => {
        await expect(page.getByRole('grid')).toBeVisible();
        await expect(page.getByRole('grid').locator('[role="row"][aria-rowindex="2"] [data-column="score"]')).toHaveText('100');
      },
    },
    { path: `/dashboard/org/${fx().orgSlug}`, ready: (page) => expect(page.getByText(fx().projectName).first()).toBeVisible() },
  ];
  for (const { path, ready } of pages) {
    const context = await browser.newContext({ storageState: STORAGE_STATE });
    const page = await context.newPage();
    const { requests, left, gets } = await firstLoad(page, path, () => ready(page));
    expect(requests.length, path).toBeGreaterThan(0);
    expect(left, `${path}: early requests nobody took`).toEqual([]);
    for (const url of requests) expect(gets.get(url), `${path}: ${url} asked for`).toBe(1);
    await context.close();
  }
});

test('signed out, the page sends no early request and the sign-in page is shown', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const { requests, left, gets } = await firstLoad(page, `/dashboard/project/${fx().projectRef}`, () =>
    expect(page).toHaveURL(/\/dashboard\/sign-in/),
  );
  expect(requests.length).toBeGreaterThan(0);
  expect(left).toBeNull();
  // The early list was in the page (the platform cannot know who asks), but nothing went out with it.
  for (const url of requests) expect(gets.get(url) ?? 0, url).toBe(0);
  await context.close();
});
