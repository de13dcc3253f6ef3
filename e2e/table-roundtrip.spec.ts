import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { savedSessionToken, projectSql } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// Issue 14.1 and 14.5 in the browser, checked with SQL: editing a jsonb row in the side panel keeps an object an
// object (it was saved back as a JSON string), and a table whose id is a uuid primary key can be created from the
// new-table panel's starting columns (the hidden Identity switch stayed on and Postgres refused the table).
const SCHEMA = 'e2e_roundtrip';
const fx = () => readFixture();

let api: APIRequestContext;
const sql = <T = Record<string, unknown>>(query: string) => projectSql<T>(api, fx().projectRef, query);

test.describe.configure({ mode: 'serial' });
let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  await sql(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA};
    create table ${SCHEMA}.carts (id int8 primary key, items jsonb, big int8, note text);
    insert into ${SCHEMA}.carts values (1, '{"qty": 1, "sku": "a,b", "price": 12345678901234567890.5}', 9007199254740993, '');`);
  page = await browser.newPage({ storageState: STORAGE_STATE });
});

test.afterAll(async () => {
  await page?.close();
  await sql(`drop schema if exists ${SCHEMA} cascade`).catch(() => {});
  await api?.dispose();
});

const panel = () => page.getByRole('dialog');
const settled = () => expect(page.locator('[data-entering]')).toHaveCount(0);
const entry = (name: string) => page.getByTestId('table-list').locator(`[data-testid="table-entry"][data-name="${name}"]`);

test('edits a jsonb row in the side panel: the object stays an object, other values stay exactly as they were', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/editor?schema=${SCHEMA}`);
  await entry('carts').getByRole('button', { name: /^carts,/ }).click();
  await expect(page.getByRole('grid', { name: 'Rows of carts' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select row 1' }).check();
  await page.getByRole('button', { name: 'Edit row' }).click();
  await expect(panel().getByRole('heading', { name: 'Update row from carts' })).toBeVisible();
  const items = panel().getByLabel('items', { exact: true });
  // The form shows the JSON object itself, not a quoted string of it.
  await expect(items).toHaveValue('{"qty": 1, "sku": "a,b", "price": 12345678901234567890.5}');
  await expect(panel().getByLabel('big', { exact: true })).toHaveValue('9007199254740993');
  await items.fill('{"qty": 2, "sku": "a,b", "price": 12345678901234567890.5}');
  await settled();
  await page.screenshot({ path: `${SCREENSHOTS}/table-roundtrip-jsonb-row.png` });
  await panel().getByRole('button', { name: 'Save' }).click();
  await expect(panel()).toBeHidden();
  expect(await sql(`select jsonb_typeof(items) as kind, items ->> 'qty' as qty, items::text as items, big::text as big, note from ${SCHEMA}.carts`)).toEqual([
    { kind: 'object', qty: '2', items: '{"qty": 2, "sku": "a,b", "price": 12345678901234567890.5}', big: '9007199254740993', note: '' },
  ]);
});

test('creates a table with a uuid primary key from the new-table panel', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/editor?schema=${SCHEMA}`);
  await expect(entry('carts')).toBeVisible();
  await page.getByRole('button', { name: 'New table', exact: true }).click();
  await expect(panel().getByRole('heading', { name: `Create a new table under ${SCHEMA}` })).toBeVisible();
  await panel().getByLabel('Name', { exact: true }).fill('accounts');
  await expect(panel().getByRole('switch', { name: 'Identity' })).toBeChecked();
  await panel().getByRole('button', { name: /Type \(id\)$/ }).click();
  await page.getByRole('option', { name: 'uuid — Universally unique identifier', exact: true }).click();
  // What no longer applies goes; the uuid key gets its generated default.
  await expect(panel().getByRole('switch', { name: 'Identity' })).toHaveCount(0);
  await expect(panel().getByRole('button', { name: /Default function \(id\)$/ })).toContainText('gen_random_uuid()');
  await settled();
  await page.screenshot({ path: `${SCREENSHOTS}/table-roundtrip-uuid-key.png` });
  await panel().getByRole('button', { name: 'Save' }).click();
  await expect(panel()).toBeHidden();
  await expect(page.getByText('Table accounts is good to go!')).toBeVisible();
  expect(
    await sql(`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attidentity as identity, pg_get_expr(d.adbin, d.adrelid) as dflt
      from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = '${SCHEMA}.accounts'::regclass and a.attname = 'id'`),
  ).toEqual([{ name: 'id', type: 'uuid', identity: '', dflt: 'gen_random_uuid()' }]);
  expect(await sql(`select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = '${SCHEMA}.accounts'::regclass and contype = 'p'`)).toEqual([
    { def: 'PRIMARY KEY (id)' },
  ]);
  expect(await sql(`insert into ${SCHEMA}.accounts default values returning length(id::text) as n`)).toEqual([{ n: 36 }]);
});
