import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { STORAGE_STATE, readFixture } from './support/fixture.ts';

// What a professional expects of the SQL editor (issue 14): Format, Run statement under the cursor, the statement
// count beside the running time, a chart of a two-column numeric result, Markdown export, the error line marked in
// the gutter, and a snippet name proposed from the query — on the real platform.
test.describe.configure({ mode: 'serial' });

let page: Page;
const editor = () => page.locator('.cm-content');
const grid = () => page.getByRole('grid', { name: 'Results' });

test.beforeAll(async ({ browser }) => {
  // A page of its own context: axe (e2e/axe.ts) cannot run in a page made by browser.newPage().
  page = await (await browser.newContext({ storageState: STORAGE_STATE })).newPage();
  await page.goto(`/dashboard/project/${readFixture().projectRef}/sql`);
  const before = page.url();
  await page.getByRole('button', { name: 'New query' }).click();
  await page.waitForURL((url) => /\/sql\/[0-9a-f-]{36}$/.test(url.pathname) && url.href !== before);
  await expect(editor()).toHaveText('');
});

test.afterAll(async () => page?.context().close());

async function typeSql(text: string) {
  await editor().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test('Format lays the query out on several lines, keeping what it does', async () => {
  await typeSql("select id,name from pg_namespace where nspname='public' order by 1");
  await expect(page.locator('.cm-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Format' }).click();
  await expect.poll(() => page.locator('.cm-line').count()).toBeGreaterThan(3);
  const text = await page.locator('.cm-line').allTextContents();
  expect(text.join('\n')).toMatch(/^select\n\s+id,\n\s+name\nfrom\n\s+pg_namespace\nwhere\n\s+nspname = 'public'\norder by\n\s+1$/);
});

test('Run statement runs only the statement under the cursor', async () => {
  await typeSql("select 'one' as first_statement;\nselect 'two;' as second_statement;\nselect 3 as third_statement");
  await page.locator('.cm-line').nth(1).click();
  await page.getByRole('button', { name: 'Run statement' }).click();
  await expect(grid().getByRole('columnheader', { name: 'second_statement' })).toBeVisible();
  await expect(grid().getByRole('gridcell').first()).toHaveText('two;');
  await expect(grid().getByRole('columnheader', { name: 'first_statement' })).toHaveCount(0);
});

test('a running query shows how many statements it sends beside the elapsed time', async () => {
  await typeSql("select pg_sleep(2);\nselect ';' as a; -- one more;\nselect $$;$$ as b");
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('timer')).toHaveText(/^Running… \d+\.\d s · 3 statements$/);
  await expect(page.getByRole('timer')).toHaveCount(0, { timeout: 15_000 });
});

test('a two-column numeric result can be seen as a chart, and exported as Markdown', async () => {
  await typeSql('select g as day, g * g as total from generate_series(1, 12) g order by 1');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByRole('status').filter({ hasText: '12 rows' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Chart' }).click();
  const chart = page.getByRole('img', { name: /^total by day: 12 points, day from 1 to 12, total from 1 to 144\.$/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('circle')).toHaveCount(12);
  await expectNoAxeFindings(page, 'SQL editor with a chart');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Markdown' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.md$/);
  const markdown = readFileSync((await download.path())!, 'utf8').split('\n');
  expect(markdown.slice(0, 4)).toEqual(['| day | total |', '| --- | --- |', '| 1 | 1 |', '| 2 | 4 |']);

  // A text column is not charted.
  await typeSql("select 'a' as label, 1 as n union all select 'b', 2");
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByRole('status').filter({ hasText: '2 rows' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Chart' })).toHaveCount(0);
});

test('the failed line is marked in the gutter', async () => {
  await typeSql('select 1;\nselect no_such_column_here;');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'no_such_column_here' })).toBeVisible({ timeout: 15_000 });
  const markers = page.locator('.cm-gutter-lint .cm-gutterElement:has(.cm-lint-marker-error)');
  await expect(markers).toHaveCount(1);
  // On the second line: its gutter element sits level with the second text line.
  const [markerBox, lineBox] = await Promise.all([markers.boundingBox(), page.locator('.cm-line').nth(1).boundingBox()]);
  expect(Math.abs(markerBox!.y - lineBox!.y)).toBeLessThan(4);
  await expectNoAxeFindings(page, 'SQL editor with an error');
});

test('renaming an untitled snippet proposes a name read from its query', async () => {
  await typeSql('-- Orders per day\nselect 1');
  // At once, before any save: the snippet list still has the old text, the proposal reads the latest.
  const id = new URL(page.url()).pathname.split('/').pop()!;
  // The row of this snippet (its link's parent): other untitled snippets may be listed.
  await page.locator(`a[href*="${id}"]`).first().locator('xpath=..').getByRole('button', { name: 'Actions for Untitled query' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(page.getByRole('dialog', { name: 'Rename snippet' }).getByRole('textbox', { name: 'Name' })).toHaveValue('Orders per day');
  await page.keyboard.press('Escape');
});
