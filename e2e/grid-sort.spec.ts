import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { savedSessionToken, projectSql } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// Issue 14, the grid's Sort popover on the real platform: two sort rules built in the popover (added in the other
// order, one moved up, one flipped to Descending) and applied; the URL carries them (`sort=grp:asc,score:desc`) and
// the first rows shown are those of `order by grp, score desc` read with SQL. axe checks the open popover.
const SCHEMA = 'e2e_grid_sort';
const FIRST = 8;
const fx = () => readFixture();

let api: APIRequestContext;
const sql = <T = Record<string, unknown>>(query: string) => projectSql<T>(api, fx().projectRef, query);

test.describe.configure({ mode: 'serial' });

let page: Page;
let tableId: number;

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  // Groups and scores in neither id order nor each other's: (grp, score) is unique, so the order is fully defined
  // by the two sorts, and neither sort alone nor the ascending score gives the same first rows.
  await sql(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA};
    create table ${SCHEMA}.scores (id bigint primary key, grp text not null, score int not null, unique (grp, score));
    insert into ${SCHEMA}.scores select i, 'g' || ((i * 7) % 4), (i * 37) % 101 from generate_series(1, 40) i;`);
  const [row] = await sql<{ id: number }>(`select '${SCHEMA}.scores'::regclass::oid::int as id`);
  tableId = row!.id;
  // axe needs a page of a context made with browser.newContext().
  const context = await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await sql(`drop schema if exists ${SCHEMA} cascade`).catch(() => {});
  await api?.dispose();
});

const grid = () => page.getByRole('grid');
const cell = (index: number, column: string) => grid().locator(`[role="row"][aria-rowindex="${index + 2}"] [data-column="${column}"]`);
const popover = () => page.getByRole('dialog', { name: 'Sort rows' });
/** 'Pick a column to sort by' from the keyboard: focus, open with ↓, type the column's name ahead, Enter. */
const pick = async (column: string) => {
  await popover().getByRole('button', { name: /Pick a column to sort by/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.type(column);
  await expect(page.getByRole('option', { name: column, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
};
/** The column a rule sorts by, as its column picker shows it. */
const ruleColumn = (index: number) => popover().getByRole('listitem').nth(index).getByRole('button', { name: /Column of sort rule/ });
const shownRows = async (count: number) => {
  const rows: Array<{ id: string; grp: string; score: string }> = [];
  for (let index = 0; index < count; index++) {
    rows.push({ id: (await cell(index, 'id').textContent()) ?? '', grp: (await cell(index, 'grp').textContent()) ?? '', score: (await cell(index, 'score').textContent()) ?? '' });
  }
  return rows;
};

test('applies a two-column sort built in the Sort popover: URL and first rows agree with SQL', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/editor/${tableId}?schema=${SCHEMA}`);
  await expect(cell(0, 'id')).toHaveText('1');
  const toolbar = page.getByRole('toolbar', { name: 'Table actions' });

  await toolbar.getByRole('button', { name: 'Sort', exact: true }).click();
  await expect(popover().getByText('No sorts applied to this view')).toBeVisible();
  await pick('score');
  await pick('grp');
  const rules = popover().getByRole('list', { name: 'Sort rules' }).getByRole('listitem');
  await expect(rules).toHaveCount(2);
  await expect(ruleColumn(0)).toHaveText('score');

  // grp first, from the keyboard; then score descending.
  await popover().getByRole('button', { name: 'Move grp up' }).focus();
  await page.keyboard.press('Enter');
  await expect(ruleColumn(0)).toHaveText('grp');
  await expect(ruleColumn(1)).toHaveText('score');
  await expect(popover().getByRole('button', { name: 'Move grp down' })).toBeFocused();
  await popover().getByRole('radiogroup', { name: 'Direction of score' }).getByRole('radio', { name: 'Descending' }).click();
  await expect(popover().getByRole('radiogroup', { name: 'Direction of score' }).getByRole('radio', { name: 'Descending' })).toBeChecked();
  await expect(popover().getByRole('radiogroup', { name: 'Direction of grp' }).getByRole('radio', { name: 'Ascending' })).toBeChecked();

  // Measured once the popover has faded in (during the fade its text blends with the page behind).
  await expect(page.locator('[data-entering]')).toHaveCount(0);
  await expect.poll(() => popover().evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(0);
  await expectNoAxeFindings(page, 'grid sort popover');
  await page.screenshot({ path: `${SCREENSHOTS}/grid-sort-popover.png` });

  await popover().getByRole('button', { name: 'Apply sorting' }).click();
  await expect(popover()).toBeHidden();
  await expect(page).toHaveURL(/[?&]sort=grp(%3A|:)asc(%2C|,)score(%3A|:)desc(&|$)/);
  await expect(toolbar.getByRole('button', { name: 'Sorted by 2 rules' })).toBeVisible();

  const expected = await sql<{ id: string; grp: string; score: string }>(
    `select id::text, grp, score::text from ${SCHEMA}.scores order by grp, score desc limit ${FIRST}`,
  );
  expect(expected).toHaveLength(FIRST);
  // Not what the table's own order, or grp alone with ascending scores, would show.
  const unsorted = await sql<{ id: string }>(`select id::text from ${SCHEMA}.scores order by grp, score limit ${FIRST}`);
  expect(unsorted.map((row) => row.id)).not.toEqual(expected.map((row) => row.id));
  await expect(cell(0, 'id')).toHaveText(expected[0]!.id);
  await expect(cell(FIRST - 1, 'id')).toHaveText(expected[FIRST - 1]!.id);
  expect(await shownRows(FIRST)).toEqual(expected);

  // Opened again, the popover shows the applied rules in order.
  await toolbar.getByRole('button', { name: 'Sorted by 2 rules' }).click();
  await expect(rules).toHaveCount(2);
  await expect(ruleColumn(0)).toHaveText('grp');
  await expect(ruleColumn(1)).toHaveText('score');
  await page.keyboard.press('Escape');
  await expect(popover()).toBeHidden();
});
