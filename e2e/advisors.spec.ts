import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { projectSql, savedSessionToken } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// Advisors and Query Performance (issue 19): a table without RLS shows up in the Security Advisor (and the sidebar's
// Advisors dot turns red), its fix SQL is shown, run, and the finding disappears; another finding is dismissed and
// shown again with 'Show dismissed'; a query run in the SQL editor is listed by Query Performance with its plan.
const fx = () => readFixture();
const stamp = Date.now().toString(36);
const OPEN = `e2e_adv_open_${stamp}`;
const DISMISSED = `e2e_adv_dismiss_${stamp}`;
const QUERIED = `e2e_adv_qp_${stamp}`;

let api: APIRequestContext;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  await projectSql(
    api,
    fx().projectRef,
    `create table public.${OPEN} (id bigint primary key); create table public.${DISMISSED} (id bigint primary key);
     create table public.${QUERIED} (id bigint primary key, n int); insert into public.${QUERIED} select g, g from generate_series(1, 50) g;
     alter table public.${QUERIED} enable row level security;`,
  );
  page = await (await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 900 } })).newPage();
});

test.afterAll(async () => {
  await projectSql(api, fx().projectRef, `drop table if exists public.${OPEN}, public.${DISMISSED}, public.${QUERIED}`).catch(() => undefined);
  await page?.context().close();
  await api?.dispose();
});

test('a table without RLS is found, fixed by its SQL, and disappears', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/advisors/security`);
  await expect(page.getByRole('heading', { name: 'Security Advisor', level: 1 })).toBeVisible();
  // spec A2.4: a security lint of level ERROR makes the Advisors dot red.
  await expect(page.locator('[data-sidebar-item="advisors"] [data-dot]')).toHaveAttribute('data-dot', 'red');
  await page.getByRole('searchbox', { name: 'Search issues' }).fill(OPEN);
  const finding = page.locator(`li[data-lint="rls_disabled_in_public"][data-object="public.${OPEN}"]`);
  await expect(finding).toHaveCount(1);
  await finding.getByRole('button', { name: /RLS Disabled in Public/ }).click();
  await expect(finding.getByText(`Table public.${OPEN} is public, but RLS has not been enabled.`)).toBeVisible();
  await expect(finding.getByLabel('SQL that fixes RLS Disabled in Public')).toHaveText(`alter table public.${OPEN} enable row level security;`);
  await page.screenshot({ path: `${SCREENSHOTS}/advisors-security.png` });
  await expectNoAxeFindings(page, 'security advisor');

  await finding.getByRole('button', { name: 'Run fix' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fix: RLS Disabled in Public' });
  await expect(dialog.getByLabel('SQL to run')).toHaveText(`alter table public.${OPEN} enable row level security;`);
  await dialog.getByRole('button', { name: 'Run this SQL' }).click();
  await expect(dialog).toBeHidden();
  await expect(finding).toHaveCount(0);
  await expect(page.getByText('No issues match your search')).toBeVisible();
  const rls = await projectSql<{ relrowsecurity: boolean }>(api, fx().projectRef, `select relrowsecurity from pg_class where oid = 'public.${OPEN}'::regclass`);
  expect(rls[0]!.relrowsecurity).toBe(true);
});

test('a finding is dismissed, and shown again with Show dismissed', async () => {
  await page.getByRole('searchbox', { name: 'Search issues' }).fill(DISMISSED);
  const finding = page.locator(`li[data-lint="rls_disabled_in_public"][data-object="public.${DISMISSED}"]`);
  await finding.getByRole('button', { name: /RLS Disabled in Public/ }).click();
  await finding.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await expect(finding).toHaveCount(0);
  await page.getByRole('switch', { name: 'Show dismissed' }).check({ force: true });
  await expect(finding.getByText('Dismissed', { exact: true })).toBeVisible();
});

test("'Open in SQL editor' opens the fix as a new snippet", async () => {
  await page.getByRole('searchbox', { name: 'Search issues' }).fill(DISMISSED);
  const finding = page.locator(`li[data-lint="rls_disabled_in_public"][data-object="public.${DISMISSED}"]`);
  if ((await finding.getByRole('button', { name: 'Open in SQL editor' }).count()) === 0) {
    await finding.getByRole('button', { name: /RLS Disabled in Public/ }).click();
  }
  await finding.getByRole('button', { name: 'Open in SQL editor' }).click();
  await page.waitForURL(/\/sql\/[0-9a-f-]{36}/);
  await expect(page.locator('.cm-content')).toHaveText(`alter table public.${DISMISSED} enable row level security;`);
});

test('Query Performance lists a query run in the SQL editor, with its plan', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/sql`);
  const before = page.url();
  await page.getByRole('button', { name: 'New query' }).click();
  await page.waitForURL((url) => /\/sql\/[0-9a-f-]{36}$/.test(url.pathname) && url.href !== before);
  const editor = page.locator('.cm-content');
  await expect(editor).toHaveText('');
  await editor.click();
  await page.keyboard.insertText(`select count(*) from public.${QUERIED} where n > 7`);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first()).toHaveText('43');

  await page.goto(`/dashboard/project/${fx().projectRef}/reports/query-performance`);
  await expect(page.getByRole('heading', { name: 'Query Performance', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search queries' }).fill(QUERIED);
  const row = page.getByRole('row').filter({ hasText: `from public.${QUERIED} where n > $1` });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await page.screenshot({ path: `${SCREENSHOTS}/query-performance.png` });
  await expectNoAxeFindings(page, 'query performance');
  await row.getByRole('button', { name: /^Explain/ }).click();
  const plan = page.getByRole('dialog', { name: 'Query plan' });
  await expect(plan.getByLabel('Query plan')).toContainText(`on ${QUERIED}`);
  await page.screenshot({ path: `${SCREENSHOTS}/query-performance-plan.png` });
});
