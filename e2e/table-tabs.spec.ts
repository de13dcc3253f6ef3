import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { savedSessionToken, projectSql } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// The table editor's smaller promises of issue 14 item 6 on the real platform, in a schema of their own in
// 'Storefront': a table tab keeps its sort, filter and scroll position (tab switch and reload), a new sort starts at the
// top (issue 25); a dropped table opened from Recent items says so instead of opening a dead tab; an empty table and
// an empty filter result say so; the database picker (spec B2.3) is in the table editor; several schemas can be
// listed at once (spec B2.1 'the selected schemas').
const SCHEMA = 'e2e_table_tabs';
const OTHER_SCHEMA = 'e2e_table_tabs_other';
const fx = () => readFixture();

let api: APIRequestContext;
const sql = <T = Record<string, unknown>>(query: string) => projectSql<T>(api, fx().projectRef, query);

test.describe.configure({ mode: 'serial' });

let page: Page;
let ids: Record<string, number>;

async function readIds() {
  const rows = await sql<{ name: string; id: number }>(
    `select relname as name, oid::int as id from pg_class where relnamespace in ('${SCHEMA}'::regnamespace, '${OTHER_SCHEMA}'::regnamespace) and relkind = 'r'`,
  );
  ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  await sql(`drop schema if exists ${SCHEMA} cascade; drop schema if exists ${OTHER_SCHEMA} cascade;
    create schema ${SCHEMA}; create schema ${OTHER_SCHEMA};
    create table ${SCHEMA}.long_list (id bigint primary key, score int);
    insert into ${SCHEMA}.long_list select i, (i * 7919) % 5000 from generate_series(1, 5000) i;
    create table ${SCHEMA}.short_list (id bigint primary key, label text);
    insert into ${SCHEMA}.short_list select i, 'label ' || i from generate_series(1, 50) i;
    create table ${SCHEMA}.nothing_yet (id bigint primary key, label text);
    create table ${SCHEMA}.soon_gone (id bigint primary key);
    create table ${SCHEMA}.gone_while_open (id bigint primary key);
    create table ${OTHER_SCHEMA}.elsewhere (id bigint primary key);`);
  await readIds();
  page = await browser.newPage({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 800 } });
});

test.afterAll(async () => {
  await page?.close();
  await sql(`drop schema if exists ${SCHEMA} cascade; drop schema if exists ${OTHER_SCHEMA} cascade`).catch(() => {});
  await api?.dispose();
});

const grid = () => page.getByRole('grid');
const scroller = () => page.getByRole('grid');
/** The cell of `column` in the row at position `index` (0-based) of the grid. */
const cell = (index: number, column: string) => grid().locator(`[role="row"][aria-rowindex="${index + 2}"] [data-column="${column}"]`);
const tableUrl = (table: string, search = '') => `/dashboard/project/${fx().projectRef}/editor/${ids[table]}?schema=${SCHEMA}${search}`;
const editorHome = () => `/dashboard/project/${fx().projectRef}/editor?schema=${SCHEMA}`;
const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const scrollTop = () => scroller().evaluate((element) => element.scrollTop);
/**
 * Scrolls the grid to row `row` (32 px rows) once the grid is that tall: until the table's row count is in, the grid is
 * only as tall as its first page, and an earlier scroll is cut to that height (seen once: row 84 instead of 3000).
 */
async function scrollToRow(row: number) {
  await expect.poll(() => scroller().evaluate((element) => element.scrollHeight)).toBeGreaterThan(32 * (row + 20));
  await scroller().evaluate((element, top) => (element.scrollTop = top), 32 * row);
}
/** The first row index the grid shows (its topmost rendered row below the header). */
const topRowId = async () => {
  const top = await scrollTop();
  return Number(await cell(Math.floor(top / 32), 'id').textContent());
};

test('an empty table says so, and so does a filter that matches nothing (with a way to clear it)', async () => {
  await page.goto(tableUrl('nothing_yet'));
  await expect(grid()).toBeVisible();
  const empty = page.getByTestId('grid-empty');
  await expect(empty.getByRole('heading', { name: 'This table is empty' })).toBeVisible();
  await expect(empty.getByRole('button', { name: 'Insert row' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/table-grid-empty.png` });

  await page.goto(tableUrl('short_list', '&filter=label:eq:nobody'));
  await expect(empty.getByRole('heading', { name: 'No rows match your filters' })).toBeVisible();
  await expect(empty).toContainText('No row of short_list matches the 1 filter applied.');
  await page.screenshot({ path: `${SCREENSHOTS}/table-grid-no-match.png` });
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/filter=/);
  await expect(cell(0, 'label')).toHaveText('label 1');
  await expect(empty).toHaveCount(0);
});

test('a table tab keeps its sort, filter and scroll position across tab switches and a reload', async () => {
  await page.goto(tableUrl('short_list', '&filter=id:lte:40&sort=id:desc'));
  await expect(cell(0, 'id')).toHaveText('40');
  await tab('short_list').dblclick(); // kept open: the next table would replace a preview tab
  await page.goto(tableUrl('long_list', '&sort=score:desc'));
  await expect(cell(0, 'score')).toHaveText('4999');
  await scrollToRow(1200);
  await expect(cell(1200, 'id')).toBeVisible();
  await expect.poll(topRowId).toBeGreaterThan(0); // the rows at that offset have landed
  const shownBefore = await topRowId();
  await page.waitForTimeout(600); // the tab saves its scroll position once scrolling settles

  // Away to the other tab (its own sort and filter come back), and back again.
  await tab('short_list').click();
  await expect(page).toHaveURL(/filter=id(%3A|:)lte(%3A|:)40/);
  await expect(page).toHaveURL(/sort=id(%3A|:)desc/);
  await expect(cell(0, 'id')).toHaveText('40');
  await tab('long_list').click();
  await expect(page).toHaveURL(/sort=score(%3A|:)desc/);
  await expect.poll(scrollTop).toBeGreaterThan(32 * 1100);
  await expect.poll(topRowId).toBe(shownBefore);

  // A reload keeps all of it.
  await page.reload();
  await expect(page).toHaveURL(/sort=score(%3A|:)desc/);
  await expect.poll(scrollTop).toBeGreaterThan(32 * 1100);
  await expect.poll(topRowId).toBe(shownBefore);

  // issue 25: a new sort (or filter) starts at the top, never at the old offset in the new order.
  // (A header click goes descending → no sort → ascending.)
  await grid().getByRole('button', { name: /^score int4/ }).click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect.poll(scrollTop).toBe(0);
  await expect(cell(0, 'id')).toHaveText('1');
  await scrollToRow(700);
  await expect(cell(700, 'id')).toBeVisible();
  await grid().getByRole('button', { name: /^score int4/ }).click();
  await expect(page).toHaveURL(/sort=score(%3A|:)asc/);
  await expect(cell(0, 'score')).toHaveText('0');
  await expect.poll(scrollTop).toBe(0);
  await page.waitForTimeout(600);
  await tab('short_list').click();
  await expect(cell(0, 'id')).toHaveText('40');
  await expect.poll(scrollTop).toBe(0);
  await tab('long_list').click();
  await expect(page).toHaveURL(/sort=score(%3A|:)asc/);
  await expect(cell(0, 'score')).toHaveText('0');
  await expect.poll(scrollTop).toBe(0);
});

test('issue 25: deep in a table, a new sort starts at the top, also after a reload', async () => {
  await page.goto(tableUrl('long_list'));
  await expect(cell(0, 'id')).toHaveText('1');
  await scrollToRow(3000);
  await expect.poll(topRowId).toBeGreaterThan(2900);
  await grid().getByRole('button', { name: /^score int4/ }).click();
  await expect(page).toHaveURL(/sort=score(%3A|:)asc/);
  await expect.poll(scrollTop).toBe(0);
  await expect(cell(0, 'score')).toHaveText('0');
  await expect(cell(0, 'score')).toBeInViewport();

  await scrollToRow(3000);
  await expect.poll(topRowId).toBeGreaterThan(0);
  await page.waitForTimeout(600);
  await page.reload();
  await expect(grid()).toBeVisible();
  await expect.poll(scrollTop).toBeGreaterThan(32 * 2900);
  await grid().getByRole('button', { name: /^score int4/ }).click();
  await expect(page).toHaveURL(/sort=score(%3A|:)desc/);
  await expect.poll(scrollTop).toBe(0);
  await expect(cell(0, 'score')).toHaveText('4999');
  await expect(cell(0, 'score')).toBeInViewport();
});

test('a dropped table opened from Recent items says so and leaves the recent items; no dead tab', async () => {
  await page.goto(tableUrl('soon_gone'));
  await expect(grid()).toBeVisible();
  await page.getByLabel('Close soon_gone', { exact: true }).click();
  await sql(`drop table ${SCHEMA}.soon_gone`);
  await page.goto(editorHome());
  const recent = page.getByTestId('recent-items');
  await expect(recent.getByRole('button', { name: /soon_gone/ })).toBeVisible();
  const tabsBefore = await page.getByRole('tab').count();
  await recent.getByRole('button', { name: /soon_gone/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'soon_gone' })).toContainText(`Table ${SCHEMA}.soon_gone no longer exists`);
  await page.screenshot({ path: `${SCREENSHOTS}/table-recent-dropped.png` });
  await expect(recent.getByRole('button', { name: /soon_gone/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\/editor\?/);
  expect(await page.getByRole('tab').count()).toBe(tabsBefore);
  await expect(tab('soon_gone')).toHaveCount(0);
});

test('a tab whose table was dropped says so and offers to close it; the table leaves the recent items', async () => {
  await page.goto(tableUrl('gone_while_open'));
  await expect(grid()).toBeVisible();
  await tab('gone_while_open').dblclick();
  await page.goto(tableUrl('short_list'));
  await expect(grid()).toBeVisible();
  await tab('short_list').dblclick();
  await sql(`drop table ${SCHEMA}.gone_while_open`);
  await tab('gone_while_open').click();
  await expect(page.getByRole('heading', { name: 'Table not found' })).toBeVisible();
  await expect(page.getByTestId('table-list').locator('[data-testid="table-entry"][data-name="gone_while_open"]')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/table-tab-dropped.png` });
  await page.getByRole('button', { name: 'Close this tab' }).click();
  await expect(tab('gone_while_open')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/editor/${ids.short_list}\\?`));
  await expect(grid()).toBeVisible();
  await page.goto(editorHome());
  await expect(page.getByTestId('recent-items').getByRole('button', { name: /short_list/ })).toBeVisible();
  await expect(page.getByTestId('recent-items').getByRole('button', { name: /gone_while_open/ })).toHaveCount(0);
});

test('the table editor has the database picker (spec B2.3)', async () => {
  await page.goto(tableUrl('short_list'));
  await expect(grid()).toBeVisible();
  const picker = page.getByRole('button', { name: 'Database: Primary database' });
  await expect(picker).toBeVisible();
  await picker.click();
  await expect(page.getByRole('listbox', { name: 'Databases' }).getByRole('option', { name: /Primary database/ })).toBeVisible();
  await page.waitForTimeout(300); // the popover fades in
  await page.screenshot({ path: `${SCREENSHOTS}/table-editor-database-picker.png` });
  await page.keyboard.press('Escape');
});

test('several schemas can be selected; the list shows the tables of each (spec B2.1)', async () => {
  await page.goto(editorHome());
  const list = page.getByTestId('table-list');
  await expect(list.locator('[data-testid="table-entry"][data-name="short_list"]')).toBeVisible();
  await expect(list.locator('[data-testid="table-entry"][data-name="elsewhere"]')).toHaveCount(0);
  await page.getByRole('button', { name: /^Schemas?/ }).click();
  await page.getByRole('menuitemcheckbox', { name: OTHER_SCHEMA }).click();
  await page.keyboard.press('Escape');
  await expect(list.locator('[data-testid="table-entry"][data-name="elsewhere"]')).toBeVisible();
  await expect(list.locator('[data-testid="table-entry"][data-name="short_list"]')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`schema=${SCHEMA}(%2C|,)${OTHER_SCHEMA}`));
  await page.screenshot({ path: `${SCREENSHOTS}/table-list-schemas.png` });
  await list.locator('[data-testid="table-entry"][data-name="elsewhere"]').getByRole('button', { name: /^elsewhere,/ }).click();
  await expect(page).toHaveURL(new RegExp(`/editor/${ids.elsewhere}\\?`));
  await expect(grid()).toBeVisible();
  // The list keeps both schemas while a table is open.
  await expect(list.locator('[data-testid="table-entry"][data-name="short_list"]')).toBeVisible();
});
