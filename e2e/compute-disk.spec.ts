import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { expectNoAxeFindings } from './axe.ts';
import { leaveFixtureAsFound } from './support/cleanup.ts';
import { savedSessionToken } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// Compute and disk, add-ons, infrastructure (issue 20, spec B2.9, B4, B5, B8, A2.5, A2.12): change the fixture
// project's disk on Compute and Disk and see the 6 h cooldown take the form; a disk that would shrink is refused with
// its message; enable the PITR add-on from its panel (its local note says why no WAL archive is kept) and see it
// stored; the infrastructure page shows the database's measured figures under the banner's #{metric} anchors; Database
// Settings leads to the disk form; axe on each page. The disk (which cannot shrink through the platform) and its
// cooldown are put back in the platform database afterwards, the add-on through the add-ons call.
const fx = () => readFixture();
let api: APIRequestContext;
let page: Page;

/** The platform database as the embedded cluster's superuser (to put the disk back: it never shrinks otherwise). */
async function platformDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const project = await (await api.get(`/api/platform/projects/${fx().projectRef}`)).json();
  const url = new URL(String(project.connectionString).replace('[YOUR_PASSWORD]', 'x'));
  const dataDir = resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
  const { postgresPassword } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { postgresPassword: string };
  const client = new pg.Client({ host: url.hostname, port: Number(url.port), user: 'postgres', password: postgresPassword, database: 'strata_platform' });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

const resetDisk = () =>
  platformDb((client) =>
    client.query(
      `update project_disks set type = 'gp3', size_gb = 8, iops = 3000, throughput_mbps = 125, last_modified_at = null
        where project_id = (select id from projects where ref = $1)`,
      [fx().projectRef],
    ),
  );

async function themedPage(browser: Browser, theme: 'dark' | 'light'): Promise<Page> {
  const context = await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 900 } });
  await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
  return context.newPage();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  await resetDisk();
  page = await themedPage(browser, 'dark');
});

test.afterAll(async () => {
  await resetDisk().catch(() => undefined);
  await api.delete(`/api/platform/projects/${fx().projectRef}/billing/addons/pitr_7`).catch(() => undefined);
  await page?.context().close();
  await api?.dispose();
  await leaveFixtureAsFound([]);
});

test('changes the disk and the 6 h cooldown takes the form', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/settings/compute-and-disk`);
  await expect(page.getByRole('heading', { name: 'Compute and Disk', level: 1 })).toBeVisible();
  await expect(page.getByTestId('compute-sizes').getByText('24XL High Memory')).toBeVisible();
  const types = page.getByRole('table', { name: 'Disk types' });
  await expect(types.getByText('General Purpose SSD (gp3)')).toBeVisible();
  await expect(types.getByText('$0.195 per GB/month, 4–61440 GB')).toBeVisible();
  await expect(page.getByTestId('current-disk')).toContainText('8 GB, 3000 IOPS, 125 MBps');
  await expectNoAxeFindings(page, 'Compute and Disk (dark)');

  const form = page.getByRole('form', { name: 'Disk attributes' });
  const size = form.getByRole('textbox', { name: 'Disk size (GB)' });
  // A disk never shrinks (B5 limits; the platform refuses it too).
  await size.fill('4');
  await form.getByRole('button', { name: 'Save disk changes' }).click();
  await expect(page.getByTestId('disk-error')).toHaveText('Disk size cannot be reduced below the current 8 GB');
  await size.fill('10');
  await form.getByRole('textbox', { name: 'Throughput (MBps)' }).fill('200');
  await form.getByRole('button', { name: 'Save disk changes' }).click();
  await expect(page.getByText('Disk attributes updated')).toBeVisible();
  await expect(page.getByTestId('current-disk')).toContainText('10 GB, 3000 IOPS, 200 MBps');
  const cooldown = page.getByTestId('disk-cooldown');
  await expect(cooldown).toContainText(/the next change is possible in (6 h|5 h 59 min)/);
  await expect(size).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Save disk changes' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/compute-disk-cooldown.png`, fullPage: true });
  await expectNoAxeFindings(page, 'Compute and Disk in the cooldown (dark)');

  // The platform holds the change and refuses the next one inside the window with its reason.
  const disk = await (await api.get(`/api/platform/projects/${fx().projectRef}/disk`)).json();
  expect(disk.attributes).toEqual({ type: 'gp3', size_gb: 10, iops: 3000, throughput_mbps: 200 });
  const again = await api.post(`/api/platform/projects/${fx().projectRef}/disk`, { data: { attributes: { type: 'gp3', size_gb: 12, iops: 3000 } } });
  expect(again.status()).toBe(409);
  // Reloaded, the page still knows: the cooldown is read from last_modified_at.
  await page.reload();
  await expect(page.getByTestId('disk-cooldown')).toBeVisible();
});

test('Database Settings leads to the disk form', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/database/settings`);
  await page.getByRole('link', { name: 'Increase the disk size' }).click();
  await expect(page).toHaveURL(/\/settings\/compute-and-disk#disk$/);
  await expect(page.getByRole('form', { name: 'Disk attributes' })).toBeVisible();
});

test('enables the PITR add-on from its panel, which says plainly what it does locally', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/settings/addons?panel=pitr&source=e2e`);
  const panel = page.getByRole('dialog', { name: 'Point in time recovery' });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('addon-local-note')).toContainText('every project here shares one cluster');
  await expectNoAxeFindings(page, 'Add-ons, PITR panel (dark)');
  await panel.getByRole('button', { name: /Option/ }).click();
  await page.getByRole('option', { name: '7 days of recovery' }).click();
  await panel.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Point in time recovery updated')).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/panel=/);
  await expect(page.getByTestId('addon-pitr')).toContainText('Selected: 7 days of recovery');
  await page.screenshot({ path: `${SCREENSHOTS}/addons.png`, fullPage: true });
  await expectNoAxeFindings(page, 'Add-ons (dark)');
  const addons = await (await api.get(`/api/platform/projects/${fx().projectRef}/billing/addons`)).json();
  expect(addons.selected_addons).toContainEqual({ type: 'pitr', variant: { identifier: 'pitr_7' } });
});

test('infrastructure shows the measured figures under the banner anchors', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/settings/infrastructure#connections`);
  await expect(page.getByRole('heading', { name: 'Infrastructure', level: 1 })).toBeVisible();
  await expect(page.getByTestId('infra-database-size')).toHaveText(/^\d+(\.\d+)? (MB|KB|GB)$/);
  await expect(page.getByTestId('infra-disk-size')).toHaveText('10 GB');
  await expect(page.getByTestId('infra-connections-limit')).toHaveText('60');
  await expect(page.getByTestId('infra-connections-total')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('infra-cpu-note')).toContainText('CPU use cannot be measured per project here');
  for (const anchor of ['cpu', 'ram', 'disk_space', 'disk_io', 'connections']) await expect(page.locator(`[id="${anchor}"]`)).toBeVisible();
  // Memory: measured from /proc on this machine (the embedded cluster), or the reason it cannot be.
  await expect(page.getByTestId('infra-memory-used').or(page.getByTestId('infra-memory-unavailable'))).toBeVisible();
  await expect(page.locator('[id="connections"]')).toBeInViewport();
  await page.screenshot({ path: `${SCREENSHOTS}/infrastructure.png`, fullPage: true });
  await expectNoAxeFindings(page, 'Infrastructure (dark)');
});
