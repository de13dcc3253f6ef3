import { leaveFixtureAsFound } from './support/cleanup.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { SCREENSHOTS, accessToken, readFixture } from './support/fixture.ts';

// The project layout by status (spec A2.8, A4.1, A4.2) on the real platform: a project of its own is built,
// paused, resumed, restarted, upgraded and made to fail a pause. The platform's operations take milliseconds, so
// the passing statuses are held for real: an uncommitted ALTER DATABASE by the project's owner role makes the
// platform's own ALTER DATABASE (close, hold connections) wait until the test rolls it back.

test.describe.configure({ mode: 'serial' });

const DB_PASS = 'Strong-db-pass-123';
let ref = '';
// The fixture organization is shared with later specs: back to the free plan, without our project.
test.afterAll(async () => leaveFixtureAsFound([ref]));
let headers: Record<string, string> = {};

async function signedIn(page: Page) {
  await page.goto('/dashboard/organizations');
  headers = { authorization: `Bearer ${await accessToken(page)}` };
}

async function status(request: APIRequestContext): Promise<string> {
  return (await (await request.get(`/api/platform/projects/${ref}/status`, { headers })).json()).status;
}

/** Holds the project's next ALTER DATABASE (pause's close, restart's and upgrade's hold) until `release`. */
async function holdDatabase(request: APIRequestContext) {
  const project = await (await request.get(`/api/platform/projects/${ref}`, { headers })).json();
  const url = new URL(String(project.connectionString).replace('[YOUR_PASSWORD]', DB_PASS));
  const client = new pg.Client({
    host: url.hostname,
    port: Number(url.port),
    user: decodeURIComponent(url.username),
    password: DB_PASS,
    database: url.pathname.slice(1),
  });
  // The platform ends the project's sessions once its ALTER went through: that is expected here.
  client.on('error', () => {});
  await client.connect();
  await client.query('begin');
  await client.query(`alter database ${client.escapeIdentifier(url.pathname.slice(1))} connection limit 90`);
  return {
    release: async () => {
      await client.query('rollback').catch(() => {});
      await client.end().catch(() => {});
    },
  };
}

test('building: a new project shows the building screen, then its home once ACTIVE_HEALTHY', async ({ page, request }) => {
  await signedIn(page);
  const { orgSlug } = readFixture();
  const response = await request.post('/api/platform/projects', {
    headers,
    data: { organization_slug: orgSlug, name: 'Lifecycle', db_pass: DB_PASS, db_region: 'local' },
  });
  expect(response.status()).toBe(201);
  ref = (await response.json()).ref;
  await page.goto(`/dashboard/project/${ref}`);
  // Provisioning is quick here: the building screen may already be gone when the page arrives.
  const building = page.getByTestId('status-building');
  await expect(building.or(page.getByTestId('project-status'))).toBeVisible();
  if (await building.isVisible()) {
    await expect(building.getByText(/Setting up project|Initiating project set up/)).toBeVisible();
    await expect(building.getByText('We are provisioning your database and API endpoints')).toBeVisible();
    await expect(building.getByText('Try refreshing after a couple of minutes.')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/status-building.png`, fullPage: true });
  }
  await expect(building).toHaveCount(0, { timeout: 30_000 });
  // The status actor refreshed the project: the home page shows it active.
  await expect(page.getByTestId('project-status')).toHaveText('Active');
  expect(await status(request)).toBe('ACTIVE_HEALTHY');
});

test('pausing → paused view; the home page shows the paused card', async ({ page, request }) => {
  await signedIn(page);
  const hold = await holdDatabase(request);
  try {
    expect((await request.post(`/api/platform/projects/${ref}/pause`, { headers })).status()).toBe(200);
    await page.goto(`/dashboard/project/${ref}/editor`);
    await expect(page.getByRole('heading', { name: 'Pausing Lifecycle' })).toBeVisible();
    await expect(page.getByText('You may restore your project anytime thereafter')).toBeVisible();
    // spec A2.8: no product menu unless ACTIVE_HEALTHY.
    await expect(page.getByTestId('product-menu')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/status-pausing.png` });
    // Still pausing after a few polls (4 s, then every 2 s).
    await page.waitForTimeout(7000);
    await expect(page.getByRole('heading', { name: 'Pausing Lifecycle' })).toBeVisible();
  } finally {
    await hold.release();
  }
  await expect(page.getByTestId('status-paused')).toBeVisible({ timeout: 15_000 });
  expect(await status(request)).toBe('INACTIVE');
  await page.screenshot({ path: `${SCREENSHOTS}/status-paused.png` });
  await page.goto(`/dashboard/project/${ref}`);
  await expect(page.getByRole('button', { name: 'Resume project' })).toBeVisible();
  // Settings are reachable while paused (no paused view there).
  await page.goto(`/dashboard/project/${ref}/settings/general`);
  await expect(page.getByTestId('status-paused')).toHaveCount(0);
});

test('resume: Restoration in progress → Restoration complete! → Return to project', async ({ page, request }) => {
  await signedIn(page);
  // The organization's two other projects are active: on the free plan the members' limit would block the resume
  // (spec A2.9); this organization moves to Pro.
  const { orgSlug } = readFixture();
  expect((await request.patch(`/api/platform/organizations/${orgSlug}`, { headers, data: { plan: 'pro' } })).status()).toBe(200);
  await page.goto(`/dashboard/project/${ref}`);
  await page.getByRole('button', { name: 'Resume project' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resume', exact: true }).click();
  // spec A4.1: the status is set to RESTORING locally; the first read comes 4 s later.
  await expect(page.getByRole('heading', { name: 'Restoration in progress' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', /subject=Ongoing\+restoration\+for\+project/);
  await page.screenshot({ path: `${SCREENSHOTS}/status-restoring.png` });
  await expect(page.getByRole('heading', { name: 'Restoration complete!' })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SCREENSHOTS}/status-restored.png` });
  await page.getByRole('button', { name: 'Return to project' }).click();
  await expect(page.getByTestId('project-status')).toHaveText('Active');
  expect(await status(request)).toBe('ACTIVE_HEALTHY');
});

test('restart: Restarting... until the platform is done', async ({ page, request }) => {
  await signedIn(page);
  const hold = await holdDatabase(request);
  try {
    expect((await request.post(`/api/platform/projects/${ref}/restart`, { headers })).status()).toBe(200);
    await page.goto(`/dashboard/project/${ref}/database/tables`);
    await expect(page.getByRole('heading', { name: 'Restarting...' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/status-restarting.png` });
    // spec A4.1: not on backups routes.
    await page.goto(`/dashboard/project/${ref}/database/backups/scheduled`);
    await expect(page.getByRole('heading', { name: 'Restarting...' })).toHaveCount(0);
    await page.goto(`/dashboard/project/${ref}/database/tables`);
    await expect(page.getByRole('heading', { name: 'Restarting...' })).toBeVisible();
  } finally {
    await hold.release();
  }
  await expect(page.getByRole('heading', { name: 'Restarting...' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('product-menu')).toBeVisible();
});

test('resize: Resizing Project Compute size, then the new compute size', async ({ page, request }) => {
  await signedIn(page);
  const hold = await holdDatabase(request);
  try {
    const resized = await request.post(`/api/platform/projects/${ref}/resize`, { headers, data: { compute_size: 'ci_small' } });
    expect(resized.status()).toBe(200);
    await page.goto(`/dashboard/project/${ref}/sql/new`);
    await expect(page.getByRole('heading', { name: 'Resizing Project Compute size' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/status-resizing.png` });
  } finally {
    await hold.release();
  }
  await expect(page.getByRole('heading', { name: 'Resizing Project Compute size' })).toHaveCount(0, { timeout: 15_000 });
  await page.goto(`/dashboard/project/${ref}`);
  await expect(page.getByTestId('project-compute')).toHaveText('Small');
});

test('upgrade: the steps of A4.2 on ?trackingId, then Upgrade completed!', async ({ page, request }) => {
  await signedIn(page);
  const project = await (await request.get(`/api/platform/projects/${ref}`, { headers })).json();
  const older = String(project.dbVersion).replace(/postgres-.*$/, 'postgres-15.0');
  expect((await request.post(`/api/platform/dev/projects/${ref}`, { headers, data: { db_version: older } })).status()).toBe(200);
  const eligibility = await (await request.get(`/api/v1/projects/${ref}/upgrade/eligibility`, { headers })).json();
  expect(eligibility.eligible).toBe(true);
  const target = eligibility.target_upgrade_versions[0];
  const hold = await holdDatabase(request);
  let trackingId = '';
  try {
    const started = await request.post(`/api/v1/projects/${ref}/upgrade`, {
      headers,
      data: { target_version: target.postgres_version, release_channel: target.release_channel },
    });
    expect(started.status()).toBe(200);
    trackingId = (await started.json()).tracking_id;
    await page.goto(`/dashboard/project/${ref}?trackingId=${encodeURIComponent(trackingId)}`);
    const steps = page.getByRole('list', { name: 'Upgrade progress' });
    await expect(steps).toBeVisible();
    // Held at step 4 (the platform's hold of connections): three steps done, the fourth under way.
    await expect(steps.locator('[aria-current="step"]')).toHaveText('Shutting down API services');
    await expect(steps.getByText('Prepared new server')).toBeAttached();
    await expect(page.getByText(/^Started on: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(UTC\)$/)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/status-upgrading.png` });
  } finally {
    await hold.release();
  }
  await expect(page.getByRole('heading', { name: 'Upgrade completed!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`Your project has been upgraded to Postgres ${target.postgres_version}`)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/status-upgraded.png` });
  await page.getByRole('button', { name: 'Return to project' }).click();
  await expect(page.getByTestId('project-status')).toHaveText('Active');
});

test('a failed pause shows the failure screen with support, backup download and delete', async ({ page, request }) => {
  await signedIn(page);
  expect((await request.post(`/api/platform/dev/projects/${ref}`, { headers, data: { fail_next: 'pause' } })).status()).toBe(200);
  expect((await request.post(`/api/platform/projects/${ref}/pause`, { headers })).status()).toBe(200);
  await expect.poll(() => status(request), { timeout: 20_000 }).toBe('PAUSE_FAILED');
  await page.goto(`/dashboard/project/${ref}/settings/general`);
  await expect(page.getByRole('heading', { name: 'Something went wrong while pausing your project' })).toBeVisible();
  const support = page.getByRole('link', { name: 'Contact support' });
  await expect(support).toHaveAttribute('href', /category=DATABASE_UNRESPONSIVE/);
  await expect(support).toHaveAttribute('href', /subject=Pausing\+failed\+for\+project/);
  await expect(page.getByRole('button', { name: 'Download backup' })).toBeVisible();
  await page.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: /Delete project/ })).toContainText('Project cannot be restored once it is deleted');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SCREENSHOTS}/status-pause-failed.png` });
});
