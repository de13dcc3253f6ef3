import { expect, request as playwrightRequest, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { savedSessionToken, projectSql } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// The table editor's table list, tab bar and home (issue 6, spec B2.1, B2.2, B7, B9) on the real platform: relations
// of every kind are created with SQL in a schema of their own in 'Storefront', then searched, filtered, sorted,
// paged past 100, opened as preview and permanent tabs, closed, reloaded, and found again among the recent items.
const SCHEMA = 'e2e_table_list';
const fx = () => readFixture();

let api: APIRequestContext;
const sql = <T = Record<string, unknown>>(query: string) => projectSql<T>(api, fx().projectRef, query);

test.describe.configure({ mode: 'serial' });

let page: Page;
let ids: Record<string, number>;

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  await sql(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA};
    create table ${SCHEMA}.orders (id int primary key, total numeric);
    comment on table ${SCHEMA}.orders is 'What customers bought';
    alter table ${SCHEMA}.orders enable row level security;
    create view ${SCHEMA}.orders_view as select * from ${SCHEMA}.orders;
    create materialized view ${SCHEMA}.orders_totals as select count(*) from ${SCHEMA}.orders;
    create table ${SCHEMA}.orders_events (at date not null) partition by range (at);
    create table ${SCHEMA}.orders_events_2026 partition of ${SCHEMA}.orders_events for values from ('2026-01-01') to ('2027-01-01');
    do $$ begin for i in 1..120 loop
      execute format('create table ${SCHEMA}.%I (id int)', 'bulk_' || lpad(i::text, 3, '0'));
    end loop; end $$;`);
  const rows = await sql<{ name: string; id: number }>(
    `select relname as name, oid::int as id from pg_class where relnamespace = '${SCHEMA}'::regnamespace and relkind in ('r','v','m','p')`,
  );
  ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  page = await browser.newPage({ storageState: STORAGE_STATE });
});

test.afterAll(async () => {
  await page?.close();
  await sql(`drop schema if exists ${SCHEMA} cascade`).catch(() => {});
  await api?.dispose();
});

const list = () => page.getByTestId('table-list');
const entries = () => list().getByTestId('table-entry');
const entry = (name: string) => list().locator(`[data-testid="table-entry"][data-name="${name}"]`);
const entryButton = (name: string) => entry(name).getByRole('button', { name: new RegExp(`^${name},`) });
const tabs = () => page.getByTestId('editor-tab');
const tabNames = async () => (await page.getByRole('tab').allTextContents()).map((text) => text.trim());
const editorHome = () => `/dashboard/project/${fx().projectRef}/editor?schema=${SCHEMA}`;
// The grid page may add its own search keys (sort, filter): only the id and the schema are this spec's.
const expectTableUrl = (name: string) => expect(page).toHaveURL(new RegExp(`/editor/${ids[name]}\\?(.*&)?schema=${SCHEMA}(&|$)`));
const names = async (locator: Locator) => locator.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-name')));

test('lists every relation kind and loads past the first 100 while scrolling', async () => {
  await page.goto(editorHome());
  await expect(page.getByRole('heading', { name: 'Table Editor' })).toBeVisible();
  await expect(entries()).toHaveCount(100);
  await expect(entry('bulk_001')).toBeVisible();
  await expect(entry('bulk_001').getByText('No RLS')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/table-list.png` });
  // 125 relations: scrolling the list to its end loads the second page (spec B7: 1 × 100 < 125).
  await list().evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(entries()).toHaveCount(125);
  await expect(entry('orders').getByText('RLS', { exact: true })).toBeVisible();
  await expect(entry('orders').getByText('What customers bought')).toBeVisible();
});

test('searches by name, filters by type and sorts by type', async () => {
  await page.getByRole('searchbox', { name: 'Search tables' }).fill('ORDERS');
  await expect.poll(() => names(entries())).toEqual(['orders', 'orders_events', 'orders_events_2026', 'orders_totals', 'orders_view']);
  await page.getByRole('button', { name: 'Filter by type' }).click();
  await page.getByRole('menuitem', { name: 'View', exact: true }).click();
  await expect(entries()).toHaveCount(1);
  await expect(entry('orders_view')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filter by type' })).toHaveText('1 type');
  await page.getByRole('button', { name: 'Filter by type' }).click();
  await page.getByRole('menuitem', { name: 'All types' }).click();
  await expect(entries()).toHaveCount(5);
  await page.getByRole('button', { name: /Sort tables/ }).click();
  await page.getByRole('option', { name: 'By type' }).click();
  await expect.poll(() => names(entries())).toEqual(['orders', 'orders_events_2026', 'orders_view', 'orders_totals', 'orders_events']);
  await page.screenshot({ path: `${SCREENSHOTS}/table-list-search.png` });
  await page.getByRole('searchbox', { name: 'Search tables' }).fill('no such table');
  await expect(list().getByText('No results found')).toBeVisible();
  // The sort is remembered for the project: back to alphabetical for what follows.
  await page.getByRole('button', { name: /Sort tables/ }).click();
  await page.getByRole('option', { name: 'Alphabetical' }).click();
  await page.getByRole('searchbox', { name: 'Search tables' }).fill('bulk_00');
  await expect(entries()).toHaveCount(9);
});

test('a click opens a preview tab, replaced by the next preview; a double-click keeps it', async () => {
  await entryButton('bulk_001').click();
  await expectTableUrl('bulk_001');
  await expect(tabs()).toHaveCount(1);
  await expect(tabs().first()).toHaveAttribute('data-preview', 'true');
  await entryButton('bulk_002').click();
  await expectTableUrl('bulk_002');
  await expect.poll(tabNames).toEqual(['bulk_002']);
  await expect(entry('bulk_002')).toHaveAttribute('data-active', 'true');
  await entryButton('bulk_003').dblclick();
  await expectTableUrl('bulk_003');
  await expect.poll(tabNames).toEqual(['bulk_003']);
  await expect(tabs().first()).not.toHaveAttribute('data-preview', 'true');
  await entryButton('bulk_004').dblclick();
  await entryButton('bulk_005').click();
  await expect.poll(tabNames).toEqual(['bulk_003', 'bulk_004', 'bulk_005']);
  await expect(tabs().nth(2)).toHaveAttribute('data-preview', 'true');
  await expect(tabs().nth(2).getByRole('tab')).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: `${SCREENSHOTS}/table-list-tabs.png` });
  await page.getByRole('tab', { name: 'bulk_005' }).dblclick();
  await expect(tabs().nth(2)).not.toHaveAttribute('data-preview', 'true');
  // Dragging a preview tab to the front reorders it and keeps it. spec B2.2
  await entryButton('bulk_006').click();
  await expectTableUrl('bulk_006');
  await expect(tabs().nth(3)).toHaveAttribute('data-preview', 'true');
  await tabs().nth(3).dragTo(tabs().nth(0));
  await expect.poll(tabNames).toEqual(['bulk_006', 'bulk_003', 'bulk_004', 'bulk_005']);
  await expect(tabs().nth(0)).not.toHaveAttribute('data-preview', 'true');
});

test('closing the active tab shows the next one (or the previous when it was last); reload keeps the tabs', async () => {
  await page.getByRole('tab', { name: 'bulk_004' }).click();
  await expectTableUrl('bulk_004');
  await page.getByLabel('Close bulk_004', { exact: true }).click();
  await expectTableUrl('bulk_005');
  await expect.poll(tabNames).toEqual(['bulk_006', 'bulk_003', 'bulk_005']);
  await page.getByLabel('Close bulk_005', { exact: true }).click();
  await expectTableUrl('bulk_003');
  await page.reload();
  await expect(tabs()).toHaveCount(2);
  await expect.poll(tabNames).toEqual(['bulk_006', 'bulk_003']);
  await expect(page.getByRole('tab', { name: 'bulk_003' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Close bulk_003', { exact: true }).click();
  await expectTableUrl('bulk_006');
  // Closing the last tab goes to the editor home. spec B2.2
  await page.getByLabel('Close bulk_006', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${fx().projectRef}/editor\\?schema=${SCHEMA}$`));
  await expect(tabs()).toHaveCount(0);
});

test("'Close all' closes every table tab and goes home; the home lists recent tables newest first", async () => {
  await page.getByRole('searchbox', { name: 'Search tables' }).fill('bulk_01');
  for (const name of ['bulk_010', 'bulk_011', 'bulk_012']) await entryButton(name).dblclick();
  await expectTableUrl('bulk_012');
  await expect.poll(tabNames).toEqual(['bulk_010', 'bulk_011', 'bulk_012']);
  await page.getByRole('button', { name: 'Close all' }).click();
  await expect(page).toHaveURL(new RegExp(`/editor\\?schema=${SCHEMA}$`));
  await expect(tabs()).toHaveCount(0);
  const recent = page.getByTestId('recent-items').getByRole('button');
  // Opened: 001 … 006, 010, 011, 012 → the 8 newest, newest first (spec B9 cap 8): bulk_001 dropped.
  await expect(recent).toHaveCount(8);
  const labels = (await recent.allTextContents()).map((text) => text.match(/bulk_\d+/)?.[0]);
  // The last three opened lead; the grid page may re-add the earlier ones as it shows them, so only their set is fixed.
  expect(labels.slice(0, 3)).toEqual(['bulk_012', 'bulk_011', 'bulk_010']);
  expect(labels.slice(3).sort()).toEqual(['bulk_002', 'bulk_003', 'bulk_004', 'bulk_005', 'bulk_006']);
  await page.screenshot({ path: `${SCREENSHOTS}/table-list-home.png` });
  await recent.filter({ hasText: 'bulk_005' }).click();
  await expectTableUrl('bulk_005');
  await expect.poll(tabNames).toEqual(['bulk_005']);
});

test('the quickstart is dismissed for good', async () => {
  await page.goto(editorHome());
  const quickstart = page.getByTestId('table-quickstart');
  await expect(quickstart).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss table quickstart' }).click();
  await expect(quickstart).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Table Editor' })).toBeVisible();
  await expect(quickstart).toHaveCount(0);
});

// The race behind the flaky close test above: a tab closed while its page is still loading (the URL already names it,
// the router has not shown it yet) came back as a preview tab and the page stayed on it. Here the table's columns are
// held back until the tab is closed, so the window is always open.
test('a tab closed while its page is still loading stays closed, and the page shows the next tab', async () => {
  await page.goto(editorHome());
  await page.getByRole('searchbox', { name: 'Search tables' }).fill('bulk_02');
  await entryButton('bulk_020').dblclick();
  await expectTableUrl('bulk_020');
  await entryButton('bulk_021').dblclick();
  await expectTableUrl('bulk_021');
  // A reload empties the router's cache: going back to bulk_020 reads its columns again.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'bulk_021' })).toHaveAttribute('aria-selected', 'true');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let served: Promise<void> = Promise.resolve();
  await page.route(`**/entities/${ids.bulk_020}`, (route) => {
    served = held.then(() => route.continue().catch(() => {}));
    return served;
  });
  await page.getByRole('tab', { name: 'bulk_020' }).click();
  await expectTableUrl('bulk_020');
  await page.getByLabel('Close bulk_020', { exact: true }).click();
  release();
  await served;
  await expectTableUrl('bulk_021');
  await expect(page.getByRole('tab', { name: 'bulk_021' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(tabNames).not.toContain('bulk_020');
  await page.unroute(`**/entities/${ids.bulk_020}`);
});
