import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { SCREENSHOTS, STORAGE_STATE, accessToken, readFixture } from './support/fixture.ts';

// Issue 19: a query run in the SQL editor is seen in the log explorer (its request: POST …/pg-meta/{ref}/query);
// the explorer refuses a WITH query with spec A5's message; Reports draws its charts once the platform has taken a
// sample; the project Usage page shows its figures. axe on each page; screenshots.
const fx = () => readFixture();

test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 1000 } });
});
test.afterAll(async () => page?.close());

async function pick(label: string, option: string) {
  // A react-aria select's button is named by its value and its label ('Any Method').
  await page.getByRole('button', { name: new RegExp(` ${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a query run in the SQL editor shows in the log explorer, with its detail', async () => {
  const ref = fx().projectRef;
  await page.goto(`/dashboard/project/${ref}/sql`);
  await page.getByRole('button', { name: 'New query' }).click();
  await page.waitForURL((url) => /\/sql\/[0-9a-f-]{36}$/.test(url.pathname));
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.insertText("select 'logs e2e' as marker");
  const ranAt = Date.now();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first()).toHaveText('logs e2e', { timeout: 30_000 });

  await page.goto(`/dashboard/project/${ref}/logs/explorer`);
  await expect(page.getByRole('heading', { level: 1, name: 'Logs Explorer' })).toBeVisible();
  await pick('Method', 'POST');
  await page.getByRole('searchbox', { name: 'Search events' }).fill(`pg-meta/${ref}/query`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const table = page.getByRole('table', { name: 'API log events' });
  // The log is written in batches (within a second): refresh until the request is there.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(table.getByRole('cell', { name: `/api/platform/pg-meta/${ref}/query`, exact: true }).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue(/method = 'POST'/);
  const row = table.getByRole('row').filter({ hasText: `/api/platform/pg-meta/${ref}/query` }).first();
  await expect(row).toContainText('console user');
  await expect(row).toContainText('200');
  await row.getByRole('button').click();
  const detail = page.getByRole('complementary', { name: 'Log event detail' });
  await expect(detail).toContainText(`"path": "/api/platform/pg-meta/${ref}/query"`);
  const shown = await detail.textContent();
  const timestamp = /"timestamp": "([^"]+)"/.exec(shown ?? '')?.[1];
  expect(Math.abs(Date.parse(timestamp!) - ranAt)).toBeLessThan(60_000);
  await page.screenshot({ path: `${SCREENSHOTS}/logs-explorer.png` });
  await expectNoAxeFindings(page, 'logs explorer');

  // spec A5: a WITH query is refused with its message before it runs.
  await page.getByRole('textbox', { name: 'Query' }).fill('with x as (select 1) select * from edge_logs');
  await expect(page.getByRole('alert').filter({ hasText: 'The parser does not yet support WITH and subquery statements.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run query' })).toBeDisabled();
  // The platform's answer to a query it cannot run is shown with a retry.
  await page.getByRole('textbox', { name: 'Query' }).fill('select nothing from edge_logs');
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "Unknown column 'nothing'" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  // Postgres source: its own filters, and the project database's own error, read from the cluster's log.
  const failed = await page.request.post(`/api/platform/pg-meta/${ref}/query`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { query: 'select * from e2e_logs_no_such_table' },
  });
  expect(failed.status()).toBe(400);
  await pick('Source', 'Postgres');
  await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue(/from postgres_logs/);
  await pick('Severity', 'ERROR');
  await page.getByRole('searchbox', { name: 'Search events' }).fill('e2e_logs_no_such_table');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const pgTable = page.getByRole('table', { name: 'Postgres log events' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(pgTable.getByRole('cell', { name: /relation "e2e_logs_no_such_table" does not exist/ }).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(pgTable.getByRole('row').nth(1)).toContainText(`project_${ref}`);
  await page.screenshot({ path: `${SCREENSHOTS}/logs-postgres.png` });
});

test('reports show charts once the platform has sampled the project', async () => {
  test.setTimeout(150_000);
  await page.goto(`/dashboard/project/${fx().projectRef}/reports`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  // The sampler runs every minute: at most a minute after the project came up, there is a sample.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('img', { name: /^Database size\. Latest Size: \d/ })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 120_000 });
  await expect(page.getByRole('heading', { name: 'Connections by role' })).toBeVisible();
  await expect(page.getByText(/Limit of the ci_\w+ compute size: \d+ connections/)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Connections by role\. Latest / })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/reports.png` });
  await expectNoAxeFindings(page, 'reports');
});

test('the project usage page shows its figures', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/usage`);
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await expect(page.getByTestId('usage-db-figure')).toHaveText(/^\d+(\.\d+)? (bytes|KB|MB|GB)$/);
  await expect(page.getByTestId('usage-requests-figure')).toHaveText(/^[1-9]\d*$/);
  // The console's own answers counted as egress (bytes written on the socket).
  await expect(page.getByTestId('usage-egress-figure')).toHaveText(/^[1-9]\d*(\.\d+)? (bytes|KB|MB|GB)$/);
  await expect(page.getByRole('img', { name: /^API requests per day: [1-9]/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/project-usage.png` });
  await expectNoAxeFindings(page, 'project usage');
});
