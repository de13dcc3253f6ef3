import { expect, request as playwrightRequest, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { projectSql, savedSessionToken } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// Database pages (issue 19, spec A2.6): a trigger function, an enumerated type and a trigger created from their pages
// (each dialog shows its SQL before it runs), then used by a table: a row inserted through the SQL endpoint gets the
// enum value and the trigger's change; the Tables page shows the enum column; the Schema Visualizer shows the
// table's foreign key. axe passes on each page.
const fx = () => readFixture();
const stamp = Date.now().toString(36);
const FN = `e2e_note_${stamp}`;
const ENUM = `e2e_mood_${stamp}`;
const TRIGGER = `e2e_trg_${stamp}`;
const AUTHORS = `e2e_authors_${stamp}`;
const DIARY = `e2e_diary_${stamp}`;
const VIS = `e2e_vis_${stamp}`;

let api: APIRequestContext;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  page = await (await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 900 } })).newPage();
});

test.afterAll(async () => {
  await projectSql(api, fx().projectRef, `drop schema if exists ${VIS} cascade; drop table if exists public.${DIARY}; drop table if exists public.${AUTHORS}; drop type if exists public.${ENUM}; drop function if exists public.${FN}()`).catch(() => undefined);
  await page?.context().close();
  await api?.dispose();
});

const url = (path: string) => `/dashboard/project/${fx().projectRef}/database/${path}`;

async function closeToasts() {
  const close = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Close' });
  while ((await close.count()) > 0) await close.first().click();
  await expect(page.locator('[aria-live] div[role="img"]')).toHaveCount(0, { timeout: 15_000 });
}

async function choose(scope: Locator, label: RegExp, option: string) {
  await scope.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('creates a trigger function from the Functions page', async () => {
  await page.goto(url('functions'));
  await expect(page.getByRole('heading', { name: 'Database Functions', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create a new function' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new function' });
  await dialog.getByRole('textbox', { name: 'Name of function' }).fill(FN);
  await dialog.getByRole('textbox', { name: 'Return type' }).fill('trigger');
  const body = dialog.getByRole('textbox', { name: 'Definition' });
  await body.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await body.fill("begin\n  new.note := 'written by trigger';\n  return new;\nend;");
  const sql = dialog.getByLabel('SQL to run');
  await expect(sql).toContainText(`create function public.${FN}()`);
  await expect(sql).toContainText('returns trigger');
  await expect(sql).toContainText("new.note := 'written by trigger'");
  await page.screenshot({ path: `${SCREENSHOTS}/database-function-editor.png` });
  await dialog.getByRole('button', { name: 'Create function' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search for a function' }).fill(FN);
  const row = page.getByRole('table', { name: 'Functions in public' }).getByRole('row', { name: new RegExp(FN) });
  await expect(row).toContainText('trigger');
  await expect(row).toContainText('plpgsql');
  await closeToasts();
  await expectNoAxeFindings(page, 'database functions');
});

test('creates an enumerated type, adds a value and renames one', async () => {
  await page.goto(url('types'));
  await expect(page.getByRole('heading', { name: 'Enumerated Types', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new enumerated type' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(ENUM);
  await dialog.getByRole('textbox', { name: 'Value 1' }).fill('happy');
  await dialog.getByRole('button', { name: 'Add value' }).click();
  await dialog.getByRole('textbox', { name: 'Value 2' }).fill('sad');
  await expect(dialog.getByLabel('SQL to run')).toHaveText(`create type public.${ENUM} as enum ('happy', 'sad');`);
  await dialog.getByRole('button', { name: 'Create type' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search for a type' }).fill(ENUM);
  await page.getByRole('button', { name: `Add a value to ${ENUM}` }).click();
  const add = page.getByRole('dialog', { name: `Add a value to ${ENUM}` });
  await add.getByRole('textbox', { name: 'New value' }).fill('meh');
  await expect(add.getByLabel('SQL to run')).toHaveText(`alter type public.${ENUM} add value 'meh';`);
  await add.getByRole('button', { name: 'Add value' }).click();
  await expect(add).toBeHidden();

  await page.getByRole('button', { name: `Rename a value of ${ENUM}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename a value of ${ENUM}` });
  await choose(rename, /Value$/, 'sad');
  await rename.getByRole('textbox', { name: 'New name' }).fill('blue');
  await expect(rename.getByLabel('SQL to run')).toHaveText(`alter type public.${ENUM} rename value 'sad' to 'blue';`);
  await rename.getByRole('button', { name: 'Rename value' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole('table', { name: 'Enumerated types in public' }).getByRole('row', { name: new RegExp(ENUM) })).toContainText('happy, blue, meh');
  await closeToasts();
  await expectNoAxeFindings(page, 'enumerated types');
});

test('creates a trigger on a table using the enum; an insert fires it', async () => {
  await projectSql(
    api,
    fx().projectRef,
    `create table public.${AUTHORS} (id bigint primary key, name text);
     create table public.${DIARY} (id bigint primary key, author_id bigint references public.${AUTHORS} (id), mood public.${ENUM} not null default 'happy', note text)`,
  );
  await page.goto(url('triggers'));
  await expect(page.getByRole('heading', { name: 'Database Triggers', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create a new trigger' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new trigger' });
  await dialog.getByRole('textbox', { name: 'Name of trigger' }).fill(TRIGGER);
  await choose(dialog, /Table$/, DIARY);
  await choose(dialog, /Function to execute$/, `public.${FN}`);
  await expect(dialog.getByLabel('SQL to run')).toHaveText(
    `create trigger ${TRIGGER}\nbefore insert on public.${DIARY}\nfor each row\nexecute function public.${FN}();`,
  );
  await dialog.getByRole('button', { name: 'Create trigger' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search for a trigger' }).fill(TRIGGER);
  const row = page.getByRole('table', { name: 'Triggers in public' }).getByRole('row', { name: new RegExp(TRIGGER) });
  await expect(row).toContainText('BEFORE INSERT');
  await expect(row).toContainText('Enabled');

  await projectSql(api, fx().projectRef, `insert into public.${AUTHORS} values (1, 'ann'); insert into public.${DIARY} (id, author_id, mood) values (1, 1, 'blue')`);
  expect(await projectSql(api, fx().projectRef, `select mood::text as mood, note from public.${DIARY}`)).toEqual([{ mood: 'blue', note: 'written by trigger' }]);
  const renamed = await api.post(`/api/platform/pg-meta/${fx().projectRef}/query`, { data: { query: `select 'sad'::public.${ENUM}` } });
  expect(renamed.status()).toBe(400);
  expect(await renamed.text()).toMatch(/invalid input value/);

  // Disabled, it does not fire.
  await row.getByRole('button', { name: `Disable trigger ${TRIGGER}` }).click();
  const toggle = page.getByRole('dialog', { name: `Disable trigger ${TRIGGER}` });
  await expect(toggle.getByLabel('SQL to run')).toHaveText(`alter table public.${DIARY} disable trigger ${TRIGGER};`);
  await toggle.getByRole('button', { name: 'Disable trigger' }).click();
  await expect(row).toContainText('Disabled');
  await projectSql(api, fx().projectRef, `insert into public.${DIARY} (id) values (2)`);
  expect(await projectSql(api, fx().projectRef, `select mood::text as mood, note from public.${DIARY} where id = 2`)).toEqual([{ mood: 'happy', note: null }]);
  await closeToasts();
  await page.screenshot({ path: `${SCREENSHOTS}/database-triggers.png` });
  await expectNoAxeFindings(page, 'database triggers');
});

test('the Tables page shows the table and its enum column', async () => {
  await page.goto(url('tables'));
  await expect(page.getByRole('heading', { name: 'Tables', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search for a table' }).fill(DIARY);
  const row = page.getByRole('table', { name: 'Tables in public' }).getByRole('row', { name: new RegExp(DIARY) });
  await expect(row).toContainText('RLS disabled');
  await expectNoAxeFindings(page, 'database tables');
  await row.getByRole('button', { name: `View columns of ${DIARY}` }).click();
  const dialog = page.getByRole('dialog', { name: `Columns of public.${DIARY}` });
  const mood = dialog.getByRole('row', { name: /^mood/ });
  await expect(mood).toContainText(ENUM);
  await expect(mood).toContainText(`'happy'::${ENUM}`);
  await expect(dialog.getByRole('row', { name: /^id/ })).toContainText('Primary key');
  await page.screenshot({ path: `${SCREENSHOTS}/database-table-columns.png` });
});

test('the Schema Visualizer draws the foreign key, pans and zooms, and exports SQL', async () => {
  // Its own schema: public holds other specs' tables, and zoomed out far a box shows its name only.
  await projectSql(
    api,
    fx().projectRef,
    `create schema ${VIS}; create table ${VIS}.${AUTHORS} (id bigint primary key, name text);
     create table ${VIS}.${DIARY} (id bigint primary key, author_id bigint references ${VIS}.${AUTHORS} (id), mood public.${ENUM}, note text)`,
  );
  await page.goto(`${url('schemas')}?schema=${VIS}`);
  await expect(page.getByRole('heading', { name: 'Schema Visualizer', level: 1 })).toBeVisible();
  const canvas = page.getByTestId('schema-canvas');
  await expect(canvas).toHaveAttribute('data-painted', 'true');
  await canvas.focus();
  await page.keyboard.press('0');
  await expect(canvas.locator(`[data-table="${DIARY}"]`)).toBeAttached();
  await expect(canvas.locator(`[data-edge="${DIARY}.${DIARY}_author_id_fkey"]`)).toBeAttached();
  await expect(canvas.locator(`[data-table="${DIARY}"]`)).toContainText('FK');
  const before = await canvas.locator('svg > g').getAttribute('transform');
  await page.keyboard.press('+');
  await expect(canvas.locator('svg > g')).not.toHaveAttribute('transform', before ?? '');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as SQL' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${VIS}.sql`);
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text).toContain(`create table ${VIS}.${DIARY} (`);
  expect(text).toContain(`references ${VIS}.${AUTHORS} (id);`);
  const png = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as PNG' }).click();
  expect((await png).suggestedFilename()).toBe(`${VIS}.png`);
  await page.screenshot({ path: `${SCREENSHOTS}/database-schema-visualizer.png` });
  await expectNoAxeFindings(page, 'schema visualizer');
});
