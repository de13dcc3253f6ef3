import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { savedSessionToken, projectSql } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// The table editor's grid (issue 6, spec B2.1, B9) on the real platform: tables created with SQL in a schema of
// their own in 'Storefront'; sort and filter through the UI (checked in the URL and against SQL), a cell edited
// (and checked with SQL), a Postgres error kept with the typed value, keyboard navigation and copy, a foreign key
// followed to the referenced row, and the exact count of a table big enough to be estimated.
const SCHEMA = 'e2e_table_grid';
const fx = () => readFixture();

let api: APIRequestContext;
const sql = <T = Record<string, unknown>>(query: string) => projectSql<T>(api, fx().projectRef, query);

test.describe.configure({ mode: 'serial' });
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

let page: Page;
let ids: Record<string, number>;

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  await sql(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA};
    create table ${SCHEMA}.customers (id bigint primary key, name text not null);
    insert into ${SCHEMA}.customers select i, 'customer ' || i from generate_series(1, 20) i;
    create table ${SCHEMA}.orders (id bigint primary key, customer_id bigint references ${SCHEMA}.customers (id), amount int,
      note text, doc jsonb);
    insert into ${SCHEMA}.orders select i, (i % 20) + 1, (i * 37) % 1000, case when i % 7 = 0 then null else 'note ' || i end,
      case when i = 2 then jsonb_build_object('big', repeat('x', 2000)) else jsonb_build_object('i', i) end
      from generate_series(1, 300) i;
    create table ${SCHEMA}.big (id bigint primary key, v int);
    insert into ${SCHEMA}.big select i, i % 97 from generate_series(1, 60000) i;
    analyze ${SCHEMA}.big;
    create view ${SCHEMA}.orders_view as select id, amount from ${SCHEMA}.orders;`);
  const rows = await sql<{ name: string; id: number }>(`select relname as name, oid::int as id from pg_class where relnamespace = '${SCHEMA}'::regnamespace and relkind in ('r', 'v')`);
  ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  page = await browser.newPage({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 800 } });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
});

test.afterAll(async () => {
  await page?.close();
  await sql(`drop schema if exists ${SCHEMA} cascade`).catch(() => {});
  await api?.dispose();
});

const grid = () => page.getByRole('grid');
const count = () => page.getByTestId('row-count');
/** The cell of `column` in the row at position `index` (0-based) of the grid. */
const cell = (index: number, column: string) => grid().locator(`[role="row"][aria-rowindex="${index + 2}"] [data-column="${column}"]`);
const open = async (table: string, search = '') => {
  await page.goto(`/dashboard/project/${fx().projectRef}/editor/${ids[table]}?schema=${SCHEMA}${search}`);
  await expect(grid()).toBeVisible();
};

test('opens a table: header with names and types, rows, exact count for a small table', async () => {
  await open('orders');
  await expect(grid().getByRole('columnheader', { name: /amount\s*int4/ })).toBeVisible();
  await expect(count()).toContainText('300 rows');
  await expect(count().getByRole('button', { name: 'Count exactly' })).toHaveCount(0);
  await expect(cell(0, 'note')).toHaveText('note 1');
  await expect(cell(6, 'note')).toHaveText('NULL');
  // The 2,000-character JSON is cut on the wire and expandable.
  await expect(cell(1, 'doc')).toContainText('…');
  await expect(cell(1, 'doc').getByRole('button', { name: 'Expand doc' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/table-grid.png` });
});

test('sorts by clicking a header and filters through the filter bar (URL and SQL agree)', async () => {
  await open('orders');
  await grid().getByRole('button', { name: /^amount int4/ }).click();
  await expect(page).toHaveURL(/sort=amount(%3A|:)asc/);
  const [low] = await sql<{ id: string; amount: number }>(`select id::text, amount from ${SCHEMA}.orders order by amount asc, id asc limit 1`);
  await expect(cell(0, 'id')).toHaveText(low!.id);
  await grid().getByRole('button', { name: /^amount int4/ }).click();
  await expect(page).toHaveURL(/sort=amount(%3A|:)desc/);
  const [high] = await sql<{ id: string }>(`select id::text from ${SCHEMA}.orders order by amount desc, id desc limit 1`);
  await expect(cell(0, 'id')).toHaveText(high!.id);

  await page.getByRole('button', { name: /Column/ }).first().click();
  await page.getByRole('option', { name: 'amount', exact: true }).click();
  await page.getByRole('button', { name: /Operator/ }).click();
  await page.getByRole('option', { name: '>= greater or equal' }).click();
  await page.getByLabel('Filter value').fill('900');
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveURL(/filter=amount(%3A|:)gte(%3A|:)900/);
  const [{ n }] = (await sql<{ n: string }>(`select count(*)::text as n from ${SCHEMA}.orders where amount >= 900`)) as [{ n: string }];
  await expect(count()).toContainText(`${n} rows`);
  await page.screenshot({ path: `${SCREENSHOTS}/table-grid-filtered.png` });
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count()).toContainText('300 rows');
});

test('edits a cell (checked with SQL); a Postgres error is shown verbatim and the typed value kept', async () => {
  await open('orders');
  await cell(0, 'note').dblclick();
  const input = page.getByLabel('Edit note');
  await input.fill('edited by e2e');
  await input.press('Enter');
  await expect(cell(0, 'note')).toHaveText('edited by e2e');
  // Focus is back on the grid: the keyboard moves on from the edited cell.
  await page.keyboard.press('ArrowDown');
  await expect(cell(1, 'note')).toHaveAttribute('data-active', 'true');
  expect(await sql(`select note from ${SCHEMA}.orders where id = 1`)).toEqual([{ note: 'edited by e2e' }]);

  await cell(0, 'amount').dblclick();
  await page.getByLabel('Edit amount').fill('abc');
  await page.getByLabel('Edit amount').press('Enter');
  await expect(grid().getByRole('alert')).toHaveText('invalid input syntax for type integer: "abc"');
  await expect(page.getByLabel('Edit amount')).toHaveValue('abc');
  await page.screenshot({ path: `${SCREENSHOTS}/table-grid-edit-error.png` });
  await page.getByLabel('Edit amount').press('Escape');
  await expect(page.getByLabel('Edit amount')).toHaveCount(0);
  expect(await sql(`select amount from ${SCHEMA}.orders where id = 1`)).toEqual([{ amount: 37 }]);
});

test('moves between cells with the keyboard and copies a range', async () => {
  await open('orders');
  await cell(0, 'id').click();
  await page.keyboard.press('ArrowRight');
  await expect(cell(0, 'customer_id')).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Control+c');
  const rows = await sql<{ customer_id: string; amount: number }>(`select customer_id::text, amount from ${SCHEMA}.orders order by id limit 2`);
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(rows.map((row) => `${row.customer_id}\t${row.amount}`).join('\n'));
  await page.keyboard.press('End');
  await expect(cell(1, 'doc')).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('Control+End');
  await expect(cell(299, 'doc')).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('Control+Home');
  await expect(cell(0, 'id')).toHaveAttribute('data-active', 'true');
});

test('follows a foreign key to the referenced row', async () => {
  await open('orders');
  await cell(0, 'customer_id').getByRole('button', { name: 'Follow customer_id to customers' }).click();
  await expect(page).toHaveURL(new RegExp(`/editor/${ids.customers}\\?.*filter=id(%3A|:)eq(%3A|:)2`));
  await expect(count()).toContainText('1 row');
  await expect(cell(0, 'name')).toHaveText('customer 2');
});

test('estimates a big table, counts it exactly on request, and jumps to its end', async () => {
  await open('big');
  await expect(count()).toContainText(/~[\d,]+ rows \(estimate\)/);
  await count().getByRole('button', { name: 'Count exactly' }).click();
  await expect(count()).toContainText('60,000 rows');
  await cell(0, 'id').click();
  await page.keyboard.press('Control+End');
  await expect(cell(59_999, 'v')).toHaveText(String(60_000 % 97));
  await expect(cell(59_999, 'id')).toHaveText('60000');
  await page.screenshot({ path: `${SCREENSHOTS}/table-grid-big.png` });
});

test('resizes a column by dragging its edge, selects rows for deletion, expands a cut value', async () => {
  await open('orders');
  const header = grid().getByRole('columnheader', { name: /note/ });
  const before = (await header.boundingBox())!.width;
  const handle = grid().getByRole('separator', { name: 'Resize note' });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await header.boundingBox())!.width).toBeGreaterThan(before + 100);

  await page.getByRole('checkbox', { name: 'Select row 1', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Select row 2', exact: true }).check();
  await page.getByRole('button', { name: 'Delete 2 rows' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(await sql(`select count(*)::int as n from ${SCHEMA}.orders`)).toEqual([{ n: 300 }]);

  await cell(1, 'doc').getByRole('button', { name: 'Expand doc' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForTimeout(500); // the side panel slides in
  await page.screenshot({ path: `${SCREENSHOTS}/table-grid-expand.png` });
});

test('a view is read-only: no insert, selection or inline edit', async () => {
  await open('orders_view');
  await expect(count()).toContainText('300 rows');
  await expect(page.getByRole('button', { name: 'Insert row' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Select all rows' })).toHaveCount(0);
  await cell(0, 'amount').dblclick();
  await expect(page.getByLabel('Edit amount')).toHaveCount(0);
  await grid().getByRole('button', { name: /^amount int4/ }).click();
  await expect(page).toHaveURL(/sort=amount(%3A|:)asc/);
});
