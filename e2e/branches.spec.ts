import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { leaveFixtureAsFound } from './support/cleanup.ts';
import { projectSql, savedSessionToken } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// Branches (issue 20, spec A4.4, B2.8): enable branching on the fixture project, create a preview branch with data
// from the dialog (estimate shown), land on the new branch, find the parent's table with its rows in the branch's
// table editor, switch back to main with the header's switcher, delete the branch from the Branches page; axe in
// both themes. The organization goes on the pro plan (B5: no branches on the free plan, refused by the platform too)
// and the project gets the PITR add-on ('with data' needs it, B2.8) through the add-ons call for the run — both
// undone afterwards.
const fx = () => readFixture();
const stamp = Date.now().toString(36);
const TABLE = `e2e_branch_items_${stamp}`;
const BRANCH = `e2e-preview-${stamp}`;
const MIGRATION = `e2e_add_note_${stamp}`;

let api: APIRequestContext;
let page: Page;
let branchRef: string | undefined;

test.describe.configure({ mode: 'serial' });

const sql = <T = Record<string, unknown>>(query: string, ref = fx().projectRef) => projectSql<T>(api, ref, query);

/** The PITR add-on through the platform's add-ons call, as the add-ons page selects it (issue 20). */
async function setPitr(on: boolean): Promise<void> {
  const path = `/api/platform/projects/${fx().projectRef}/billing/addons`;
  const answer = on ? await api.post(path, { data: { addon_type: 'pitr', addon_variant: 'pitr_7' } }) : await api.delete(`${path}/pitr_7`);
  // Removing an add-on that is not selected answers 404: nothing to undo.
  if (!answer.ok() && !(answer.status() === 404 && !on)) throw new Error(`PITR add-on ${on ? 'select' : 'remove'}: ${answer.status()} ${await answer.text()}`);
}

async function themedPage(browser: Browser, theme: 'dark' | 'light'): Promise<Page> {
  const context = await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 900 } });
  await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
  return context.newPage();
}

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  await sql(`create table public.${TABLE} (id bigint primary key, name text not null);
    insert into public.${TABLE} values (1, 'alpha from main'), (2, 'beta from main');`);
  expect((await api.patch(`/api/platform/organizations/${fx().orgSlug}`, { data: { plan: 'pro' } })).ok()).toBe(true);
  await setPitr(true);
  page = await themedPage(browser, 'dark');
});

test.afterAll(async () => {
  if (branchRef) await api.delete(`/api/v1/branches/${branchRef}`).catch(() => undefined);
  await sql(`drop table if exists public.${TABLE}; delete from strata_migrations.schema_migrations where name like '${MIGRATION}%'`).catch(() => undefined);
  await setPitr(false).catch(() => undefined);
  await page?.context().close();
  await api?.dispose();
  await leaveFixtureAsFound([]);
});

test('enables branching and creates a preview branch with data, landing on it', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/branches`);
  await expect(page.getByRole('heading', { name: 'Branches', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Branches' });
  await expect(table.getByRole('row').filter({ hasText: 'main' }).getByText('Production')).toBeVisible();
  await expectNoAxeFindings(page, 'Branches before branching is enabled (dark)');
  const enable = page.getByRole('button', { name: 'Enable branching' });
  if (await enable.isVisible()) {
    await enable.click();
    await expect(page.getByText('Branching enabled: this project is now the default branch')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Create preview branch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create preview branch' });
  await expect(dialog).toBeVisible();
  // A name breaking the rule of B5 is refused with its message.
  await dialog.getByRole('textbox', { name: 'Branch name' }).fill('has space');
  await expect(dialog.getByText('Branch name can only contain alphanumeric characters, hyphens, and underscores.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Branch name' }).fill(BRANCH);
  await dialog.getByText('With data').click();
  await expect(dialog.getByRole('switch', { name: 'With data' })).toBeChecked();
  const estimate = dialog.getByRole('definition');
  await expect(dialog.getByText('Estimated cost')).toBeVisible();
  // An 8 GB gp3 disk: 12 GB for the branch, 4 GB over the pro plan's 8 GB × $0.125 = $0.50/month.
  await expect(estimate.filter({ hasText: '12 GB' })).toBeVisible();
  await expect(estimate.filter({ hasText: '$0.50/month' })).toBeVisible();
  await expect(estimate.filter({ hasText: /^\d+ minutes?$/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/branches-create-dialog.png` });
  await expectNoAxeFindings(page, 'Create preview branch dialog (dark)');
  await dialog.getByRole('button', { name: 'Create branch' }).click();
  await expect(page.getByText(`Successfully created branch "${BRANCH}"`)).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(new RegExp(`/project/${fx().projectRef}`));
  branchRef = /\/project\/([a-z]+)/.exec(page.url())?.[1];
  expect(branchRef).toBeTruthy();
  await expect(page.getByTestId('branch-switcher')).toContainText(BRANCH);
});

test("the branch's table editor shows the parent's table with its rows", async () => {
  await page.goto(`/dashboard/project/${branchRef}/editor?schema=public`);
  const entry = page.getByTestId('table-list').locator(`[data-testid="table-entry"][data-name="${TABLE}"]`);
  await entry.getByRole('button', { name: new RegExp(`^${TABLE},`) }).click();
  const grid = page.getByRole('grid');
  await expect(grid.getByText('alpha from main')).toBeVisible();
  await expect(grid.getByText('beta from main')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/branches-table-editor.png` });
  // The branch's own database: a row written there does not reach main.
  await sql(`insert into public.${TABLE} values (3, 'only on the branch')`, branchRef);
  expect(await sql(`select count(*)::int as n from public.${TABLE}`)).toEqual([{ n: 2 }]);
});

test('the header switcher lists the branches with badges and switches back to main, keeping the page', async () => {
  await page.getByTestId('branch-switcher').click();
  const menu = page.getByRole('menu', { name: /^Switch branch/ });
  await expect(menu.getByRole('menuitem', { name: new RegExp(`^${BRANCH}`) })).toContainText('Preview');
  await expect(menu.getByRole('menuitem', { name: /^main/ })).toContainText('Production');
  await page.screenshot({ path: `${SCREENSHOTS}/branches-switcher.png` });
  await menu.getByRole('menuitem', { name: /^main/ }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${fx().projectRef}/editor`));
  await expect(page.getByTestId('branch-switcher')).toContainText('main');
});

test("the branch's schema change merges into main through the merge request", async () => {
  const applied = await api.post(`/api/platform/pg-meta/${branchRef}/migrations`, {
    data: { name: MIGRATION, query: `alter table public.${TABLE} add column note text` },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  // The Branches page links the branch's merge request; the header of a branch opens it (spec A4.4).
  await page.goto(`/dashboard/project/${fx().projectRef}/branches`);
  await expect(page.getByRole('button', { name: `Merge request of ${BRANCH}` })).toBeVisible();
  await page.goto(`/dashboard/project/${branchRef}`);
  await page.getByRole('button', { name: 'Open merge request' }).click();
  await expect(page.getByText('Merge request created')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/project/${branchRef}/merge`));
  await expect(page.getByRole('button', { name: 'Review merge request' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Merge request', level: 1 })).toBeVisible();
  const migration = page.getByRole('region', { name: `Migration ${MIGRATION}` });
  await expect(migration.getByText(`alter table public.${TABLE} add column note text`)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/branches-merge.png` });
  await expectNoAxeFindings(page, 'Merge request (dark)');
  await page.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText('Merged 1 migration into the default branch')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No changes to merge')).toBeVisible();
  // The change is on main: its table editor shows the new column.
  await page.goto(`/dashboard/project/${fx().projectRef}/editor?schema=public`);
  const entry = page.getByTestId('table-list').locator(`[data-testid="table-entry"][data-name="${TABLE}"]`);
  await entry.getByRole('button', { name: new RegExp(`^${TABLE},`) }).click();
  await expect(page.getByRole('grid').getByRole('columnheader', { name: /note\s*text/ })).toBeVisible();
  expect(await sql<{ name: string }>(`select name from strata_migrations.schema_migrations where name = '${MIGRATION}'`)).toEqual([{ name: MIGRATION }]);
});

test('a table changed on both sides is a conflict: Merge is off; the merge request can be closed', async () => {
  // Issue 20's object-level rule: the branch and main each change the same table after the branch was made.
  for (const [ref, name, column] of [
    [branchRef!, `${MIGRATION}_branch_side`, 'branch_side'],
    [fx().projectRef, `${MIGRATION}_main_side`, 'main_side'],
  ] as const) {
    const applied = await api.post(`/api/platform/pg-meta/${ref}/migrations`, { data: { name, query: `alter table public.${TABLE} add column ${column} int` } });
    expect(applied.ok(), await applied.text()).toBe(true);
  }
  await page.goto(`/dashboard/project/${branchRef}/merge`);
  const alert = page.getByRole('alert').filter({ hasText: 'Conflict: these objects changed on both the branch and the default branch' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('listitem')).toHaveText([`table public.${TABLE}`]);
  await expect(page.getByRole('button', { name: 'Merge', exact: true })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/branches-merge-conflict.png` });
  await expectNoAxeFindings(page, 'Merge request with a conflict (dark)');
  await page.getByRole('button', { name: 'Close merge request' }).click();
  await expect(page.getByText('Merge request closed')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/project/${fx().projectRef}/branches`));
});

test('lists the branch under main and deletes it after confirmation', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/branches`);
  const table = page.getByRole('table', { name: 'Branches' });
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('main');
  await expect(rows.nth(2)).toContainText(BRANCH);
  await expect(rows.nth(2)).toContainText('Preview');
  await page.screenshot({ path: `${SCREENSHOTS}/branches-page.png` });
  await expectNoAxeFindings(page, 'Branches (dark)');
  await table.getByRole('button', { name: `Delete branch ${BRANCH}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete branch "${BRANCH}"` });
  await confirm.getByRole('button', { name: 'Delete branch' }).click();
  await expect(page.getByText(`Successfully deleted branch "${BRANCH}"`)).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole('row').filter({ hasText: BRANCH })).toHaveCount(0);
  expect((await api.get(`/api/platform/projects/${branchRef}`)).status()).toBe(404);
  branchRef = undefined;
});

test('the Branches page in the light theme: no critical or serious axe findings', async ({ browser }) => {
  const light = await themedPage(browser, 'light');
  try {
    await light.goto(`/dashboard/project/${fx().projectRef}/branches`);
    await expect(light.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(light.getByRole('table', { name: 'Branches' })).toBeVisible();
    await light.getByRole('button', { name: 'Create preview branch' }).click();
    await expect(light.getByRole('dialog', { name: 'Create preview branch' }).getByRole('switch', { name: 'With data' })).toBeVisible();
    await light.screenshot({ path: `${SCREENSHOTS}/branches-create-dialog-light.png` });
    await expectNoAxeFindings(light, 'Create preview branch dialog (light)');
    await light.keyboard.press('Escape');
    await expectNoAxeFindings(light, 'Branches (light)');
  } finally {
    await light.context().close();
  }
});
