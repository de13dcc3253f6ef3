import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { projectSql, savedSessionToken } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// Authentication → Policies (issue 18, spec A2.7): RLS enabled on a table behind a confirmation showing the SQL; a
// policy created from a template, its SQL reviewed, saved and found in pg_policies; edited (Postgres's error shown
// verbatim, the form kept), then deleted.
const fx = () => readFixture();
const stamp = Date.now().toString(36);
const TABLE = `e2e_pol_${stamp}`;
const READ_ALL = 'Enable read access for all users';

let api: APIRequestContext;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  await projectSql(api, fx().projectRef, `create table public.${TABLE} (id bigint primary key, user_id uuid, body text)`);
  page = await (await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 900 } })).newPage();
});

test.afterAll(async () => {
  await projectSql(api, fx().projectRef, `drop table if exists public.${TABLE}`).catch(() => undefined);
  await page?.context().close();
  await api?.dispose();
});

const policies = () =>
  projectSql<{ policyname: string; cmd: string; roles: string[]; qual: string | null; with_check: string | null }>(
    api,
    fx().projectRef,
    `select policyname, cmd, roles::text[] as roles, qual, with_check from pg_policies where schemaname = 'public' and tablename = '${TABLE}' order by policyname`,
  );

/**
 * Closes the toasts and waits for react-aria's announcer to drop its reference to them (a div role=img labelled by
 * the closed toast, until the announcer clears it: the app-wide announcer's, not this page's; see auth-users.spec.ts).
 */
async function closeToasts() {
  const close = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Close' });
  while ((await close.count()) > 0) await close.first().click();
  await expect(page.locator('[aria-live] div[role="img"]')).toHaveCount(0, { timeout: 15_000 });
}

test('enables RLS, creates a policy from a template, edits it and deletes it', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/auth/policies`);
  await expect(page.getByRole('heading', { name: 'Policies', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search for a table' }).fill(TABLE);
  const card = page.getByRole('listitem', { name: TABLE });
  await expect(card.getByText('RLS disabled', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tables in public' }).getByRole('listitem')).toHaveCount(1);

  // RLS on, behind a confirmation that shows the SQL.
  await card.getByRole('button', { name: `Enable RLS on ${TABLE}` }).click();
  const confirm = page.getByRole('dialog', { name: `Enable Row Level Security on ${TABLE}` });
  await expect(confirm.getByLabel('SQL to run')).toHaveText(`alter table public.${TABLE} enable row level security;`);
  await confirm.getByRole('button', { name: 'Enable RLS' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card.getByText('RLS enabled', { exact: true })).toBeVisible();
  const [rls] = await projectSql<{ on: boolean }>(api, fx().projectRef, `select relrowsecurity as on from pg_class where oid = 'public.${TABLE}'::regclass`);
  expect(rls?.on).toBe(true);
  await closeToasts();

  // A policy from a template: the SQL reviewed, then saved.
  await card.getByRole('button', { name: `Create policy on ${TABLE}` }).click();
  const editor = page.getByRole('dialog', { name: `Create policy on ${TABLE}` });
  await editor.getByRole('button', { name: READ_ALL }).click();
  await expect(editor.getByRole('textbox', { name: 'Policy name' })).toHaveValue(READ_ALL);
  await expect(editor.getByRole('textbox', { name: 'USING expression' })).toHaveValue('true');
  await expect(editor.getByRole('textbox', { name: 'WITH CHECK expression' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/auth-policies-editor.png` });
  await expectNoAxeFindings(page, 'Policy editor');
  await editor.getByRole('button', { name: 'Review' }).click();
  await expect(editor.getByLabel('SQL to run')).toHaveText(
    `create policy "${READ_ALL}"\non public.${TABLE}\nas permissive\nfor select\nto public\nusing (true);`,
  );
  await page.screenshot({ path: `${SCREENSHOTS}/auth-policies-review.png` });
  await editor.getByRole('button', { name: 'Save policy' }).click();
  await expect(editor).toHaveCount(0);
  await expect(card.getByRole('cell', { name: READ_ALL, exact: true })).toBeVisible();
  expect(await policies()).toEqual([{ policyname: READ_ALL, cmd: 'SELECT', roles: ['public'], qual: 'true', with_check: null }]);

  await closeToasts();
  await page.screenshot({ path: `${SCREENSHOTS}/auth-policies.png` });
  await expectNoAxeFindings(page, 'Authentication policies page');

  // Edit: Postgres's error comes back verbatim and the form keeps what was typed; then a good expression saves.
  await card.getByRole('button', { name: `Edit policy ${READ_ALL}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit policy ${READ_ALL}` });
  await edit.getByRole('textbox', { name: 'Policy name' }).fill('read own rows');
  await edit.getByRole('checkbox', { name: 'authenticated', exact: true }).check();
  await edit.getByRole('textbox', { name: 'USING expression' }).fill('no_such_column = 1');
  await edit.getByRole('button', { name: 'Review' }).click();
  await expect(edit.getByLabel('SQL to run')).toContainText(`drop policy "${READ_ALL}" on public.${TABLE};\ncreate policy "read own rows"`);
  await edit.getByRole('button', { name: 'Save policy' }).click();
  await expect(edit.getByRole('alert')).toHaveText('column "no_such_column" does not exist');
  await expect(edit.getByRole('textbox', { name: 'Policy name' })).toHaveValue('read own rows');
  await edit.getByRole('textbox', { name: 'USING expression' }).fill('auth.uid() = user_id');
  await edit.getByRole('button', { name: 'Review' }).click();
  await edit.getByRole('button', { name: 'Save policy' }).click();
  await expect(edit).toHaveCount(0);
  await expect(card.getByRole('cell', { name: 'read own rows', exact: true })).toBeVisible();
  expect(await policies()).toEqual([{ policyname: 'read own rows', cmd: 'SELECT', roles: ['authenticated'], qual: '(auth.uid() = user_id)', with_check: null }]);

  // Delete, behind a confirmation showing the SQL.
  await card.getByRole('button', { name: 'Delete policy read own rows' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete policy read own rows' });
  await expect(remove.getByLabel('SQL to run')).toHaveText(`drop policy "read own rows" on public.${TABLE};`);
  await remove.getByRole('button', { name: 'Delete policy' }).click();
  await expect(remove).toHaveCount(0);
  await expect(card.getByText(/^No policies created yet/)).toBeVisible();
  expect(await policies()).toEqual([]);
});
