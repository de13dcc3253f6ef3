import { expect, request as playwrightRequest, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { projectSql, savedSessionToken } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// Database admin pages (issue 19, spec A2.6): an extension enabled from the Extensions page (its SQL shown first) and
// listed enabled; an index created from the Indexes page and found in the catalog; a migration applied from the SQL
// editor's "Save as migration" and listed in Database → Migrations with its SQL; a role created from the Roles page
// (run by the platform: the project's own role on the shared cluster), listed, then deleted.
const fx = () => readFixture();
const stamp = Date.now().toString(36);
const TABLE = `e2e_idx_${stamp}`;
const MIGRATION = `e2e_add_notes_${stamp}`;
const EXTENSION = 'pg_trgm';
const ROLE = `e2e reporter ${stamp}`;

let api: APIRequestContext;
let page: Page;

test.describe.configure({ mode: 'serial' });

const sql = <T = Record<string, unknown>>(query: string) => projectSql<T>(api, fx().projectRef, query);
const url = (path: string) => `/dashboard/project/${fx().projectRef}/database/${path}`;

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  await sql(`drop extension if exists ${EXTENSION}; create table public.${TABLE} (id bigint primary key, email text, created_at timestamptz)`);
  page = await (await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 900 } })).newPage();
});

test.afterAll(async () => {
  await sql(`drop table if exists public.${TABLE}; drop table if exists public.${MIGRATION}; drop extension if exists ${EXTENSION}`).catch(() => undefined);
  await page?.context().close();
  await api?.dispose();
});

async function closeToasts() {
  const close = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Close' });
  while ((await close.count()) > 0) await close.first().click();
  await expect(page.locator('[aria-live] div[role="img"]')).toHaveCount(0, { timeout: 15_000 });
}

async function choose(scope: Locator, label: string, option: string) {
  await scope.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('enables an extension into a schema and lists it enabled', async () => {
  await page.goto(url('extensions'));
  await expect(page.getByRole('heading', { name: 'Database Extensions', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search for an extension' }).fill(EXTENSION);
  const table = page.getByRole('table', { name: 'Extensions' });
  const row = table.getByRole('row').filter({ hasText: EXTENSION });
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/database-extensions.png` });
  await expectNoAxeFindings(page, 'Database Extensions');

  await row.getByRole('switch', { name: `Enable ${EXTENSION}` }).click({ force: true });
  const dialog = page.getByRole('dialog', { name: `Enable ${EXTENSION}` });
  await expect(dialog.getByLabel('SQL to run')).toHaveText(
    `begin;\ncreate schema if not exists extensions;\ncreate extension if not exists ${EXTENSION} with schema extensions cascade;\ncommit;`,
  );
  await page.screenshot({ path: `${SCREENSHOTS}/database-extensions-enable.png` });
  await expectNoAxeFindings(page, 'Enable extension dialog');
  await dialog.getByRole('button', { name: 'Enable extension' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Enabled', { exact: true })).toBeVisible();
  await expect(row.getByText('extensions', { exact: true })).toBeVisible();
  const [installed] = await sql<{ schema: string }>(`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = '${EXTENSION}'`);
  expect(installed?.schema).toBe('extensions');
  await closeToasts();
});

test('creates an index from the Indexes page and lists it with its method and columns', async () => {
  await page.goto(url('indexes'));
  await expect(page.getByRole('heading', { name: 'Database Indexes', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create index' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new index' });
  await choose(dialog, 'Table$', TABLE);
  await dialog.getByRole('switch', { name: 'email' }).click({ force: true });
  await dialog.getByRole('switch', { name: 'created_at' }).click({ force: true });
  await expect(dialog.getByLabel('SQL to run')).toHaveText(`create index on public.${TABLE} using btree (email, created_at);`);
  await page.screenshot({ path: `${SCREENSHOTS}/database-indexes-create.png` });
  await expectNoAxeFindings(page, 'Create index dialog');
  await dialog.getByRole('button', { name: 'Create index' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search for an index' }).fill(TABLE);
  const made = page.getByRole('table', { name: 'Indexes in public' }).getByRole('row').filter({ hasText: `${TABLE}_email_created_at_idx` });
  await expect(made).toBeVisible();
  await expect(made.getByText('email, created_at', { exact: true })).toBeVisible();
  const [index] = await sql<{ def: string }>(`select indexdef as def from pg_indexes where tablename = '${TABLE}' and indexname = '${TABLE}_email_created_at_idx'`);
  expect(index?.def).toContain('USING btree (email, created_at)');
  await page.screenshot({ path: `${SCREENSHOTS}/database-indexes.png` });
  await expectNoAxeFindings(page, 'Database Indexes');
  await closeToasts();
});

test('applies a migration from the SQL editor and finds it in the history with its SQL', async () => {
  const migrationSql = `create table public.${MIGRATION} (id bigint primary key, note text);`;
  await page.goto(`/dashboard/project/${fx().projectRef}/sql`);
  const before = page.url();
  await page.getByRole('button', { name: 'New query' }).click();
  await page.waitForURL((address) => /\/sql\/[0-9a-f-]{36}$/.test(address.pathname) && address.href !== before);
  const editor = page.locator('.cm-content');
  await expect(editor).toHaveText('');
  await editor.click();
  await page.keyboard.insertText(migrationSql);
  await page.getByRole('button', { name: 'Save as migration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as migration' });
  await expect(dialog.getByLabel('SQL to run')).toHaveText(migrationSql);
  await dialog.getByRole('textbox', { name: 'Migration name' }).fill(MIGRATION);
  await page.screenshot({ path: `${SCREENSHOTS}/database-save-as-migration.png` });
  await dialog.getByRole('button', { name: 'Apply migration' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(new RegExp(`Migration "${MIGRATION}" applied`))).toBeVisible();
  expect(await sql(`select to_regclass('public.${MIGRATION}') is not null as made`)).toEqual([{ made: true }]);
  await closeToasts();

  await page.goto(url('migrations'));
  await expect(page.getByRole('heading', { name: 'Migrations', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search for a migration' }).fill(MIGRATION);
  const row = page.getByRole('table', { name: 'Migrations' }).getByRole('row').filter({ hasText: MIGRATION });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText(/^\d{20}$/);
  await row.getByRole('button', { name: `View SQL of ${MIGRATION}` }).click();
  const shown = page.getByRole('dialog', { name: `Migration ${MIGRATION}` });
  await expect(shown.getByLabel(`SQL of ${MIGRATION}`)).toHaveText(migrationSql);
  await page.screenshot({ path: `${SCREENSHOTS}/database-migrations.png` });
  await expectNoAxeFindings(page, 'Migration SQL');
  await shown.getByRole('button', { name: 'Close' }).first().click();
});

test('creates a role from the Roles page, lists it with its attributes and deletes it', async () => {
  await page.goto(url('roles'));
  await expect(page.getByRole('heading', { name: 'Database Roles', level: 1 })).toBeVisible();
  await expect(page.getByText(/the platform creates and changes the roles of this project for you/)).toBeVisible();
  await page.getByRole('button', { name: 'Add role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a new role' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(ROLE);
  await dialog.getByRole('switch', { name: 'Can login' }).click({ force: true });
  await dialog.getByRole('textbox', { name: 'Connection limit' }).fill('2');
  await expect(dialog.getByRole('switch', { name: 'Can create roles' })).toHaveCount(0);
  const shown = dialog.getByLabel('SQL to run');
  await expect(shown).toContainText(`create role "${ROLE}" with login nocreatedb nocreaterole noreplication nobypassrls inherit connection limit 2`);
  await expect(shown).toContainText(`grant connect on database project_${fx().projectRef} to "${ROLE}";`);
  await page.screenshot({ path: `${SCREENSHOTS}/database-roles-create.png` });
  await expectNoAxeFindings(page, 'Add role dialog');
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search for a role' }).fill(ROLE);
  const row = page.getByRole('table', { name: 'Roles' }).getByRole('row').filter({ hasText: ROLE });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Can login', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/database-roles.png` });
  await expectNoAxeFindings(page, 'Database Roles');
  await closeToasts();

  await row.getByRole('button', { name: `Delete role ${ROLE}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete role ${ROLE}` });
  await confirm.getByRole('button', { name: 'Delete role' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Roles' }).getByRole('row').filter({ hasText: ROLE })).toHaveCount(0);
  await expect(page.getByText('No results found')).toBeVisible();
});
