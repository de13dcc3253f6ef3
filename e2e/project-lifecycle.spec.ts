import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { leaveFixtureAsFound } from './support/cleanup.ts';
import { E2E_OUTPUT, SCREENSHOTS, accessToken, readFixture } from './support/fixture.ts';

// The project lifecycle on the real platform (spec A2.8, A2.9, A4.1, A4.3, B9): pause from Settings → General,
// the paused card, resume; a backup downloaded and restored with psql into another project; resize; the storage
// archive of a project paused too long; delete with and without the exit survey.
test.describe.configure({ mode: 'serial' });

const DB_PASS = 'Lifecycle-db-pass-7391';
const DOWNLOADS = `${E2E_OUTPUT}/lifecycle-downloads`;
const fx = () => readFixture();
const state: { a?: string; b?: string; proOrg?: string } = {};
const created: string[] = [];
// The fixture organization is shared with later specs: its projects come back, ours go.
test.afterAll(async () => leaveFixtureAsFound(created));

async function headers(page: Page) {
  if (!page.url().startsWith('http')) await page.goto('/dashboard/organizations');
  return { authorization: `Bearer ${await accessToken(page)}` };
}

async function createProject(page: Page, request: APIRequestContext, orgSlug: string, name: string): Promise<string> {
  const h = await headers(page);
  const response = await request.post('/api/platform/projects', { headers: h, data: { organization_slug: orgSlug, name, db_pass: DB_PASS, db_region: 'local' } });
  expect(response.status()).toBe(201);
  const ref = (await response.json()).ref as string;
  created.push(ref);
  await waitForStatus(page, request, ref, 'ACTIVE_HEALTHY');
  return ref;
}

async function waitForStatus(page: Page, request: APIRequestContext, ref: string, status: string, timeout = 90_000) {
  const h = await headers(page);
  await expect
    .poll(async () => (await (await request.get(`/api/platform/projects/${ref}/status`, { headers: h })).json()).status, { timeout, intervals: [500, 1000] })
    .toBe(status);
}

async function query(page: Page, request: APIRequestContext, ref: string, sql: string) {
  const response = await request.post(`/api/platform/pg-meta/${ref}/query`, { headers: await headers(page), data: { query: sql } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** psql as the project's owner role (the password chosen at creation), with the platform's connection details. */
async function psql(page: Page, request: APIRequestContext, ref: string, args: string[]): Promise<string> {
  const settings = await (await request.get(`/api/platform/projects/${ref}/settings`, { headers: await headers(page) })).json();
  return execFileSync('psql', ['-h', settings.db_host, '-p', String(settings.db_port), '-U', settings.db_user, '-d', settings.db_name, '-X', '-q', ...args], {
    env: { ...process.env, PGPASSWORD: DB_PASS },
    encoding: 'utf8',
  });
}

const rowsOf = (page: Page, request: APIRequestContext, ref: string) =>
  psql(page, request, ref, ['-At', '-c', 'select id, name from public.items order by id']);

test('pause from Settings → General, see the paused card, resume through the dialog', async ({ page, request }) => {
  test.setTimeout(240_000);
  const ref = await createProject(page, request, fx().orgSlug, 'Lifecycle A');
  state.a = ref;
  await query(page, request, ref, "create table public.items (id int primary key, name text); insert into public.items values (1, 'anchor'), (2, 'bolt'), (3, 'café ☕')");

  await page.goto(`/dashboard/project/${ref}/settings/general`);
  await expect(page.getByRole('heading', { name: 'General Settings' })).toBeVisible();
  await expect(page.getByText('Lifecycle A').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/lifecycle-settings-general.png`, fullPage: true });
  await page.getByRole('button', { name: 'Pause project' }).click();
  const pauseDialog = page.getByRole('dialog', { name: 'Pause this project?' });
  await expect(pauseDialog).toBeVisible();
  await pauseDialog.getByRole('button', { name: 'Pause project' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pausing project' })).toBeVisible();

  // The status actor follows the pause to INACTIVE; the project home then shows the paused card.
  await waitForStatus(page, request, ref, 'INACTIVE');
  // The version selector of the resume dialog sits behind a flag (spec A2.9): turned on with the override cookie.
  await page.context().addCookies([
    { name: 'strata-flag-overrides', value: encodeURIComponent(JSON.stringify({ postgresVersionSelector: true })), domain: '127.0.0.1', path: '/' },
  ]);
  await page.goto(`/dashboard/project/${ref}/editor`);
  const card = page.getByTestId('project-paused-card');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('The project "Lifecycle A" is currently paused.');
  await expect(card).toContainText(/Free projects can be resumed within 90 days of being paused, until \d+ \w+ \d{4}/);
  await page.screenshot({ path: `${SCREENSHOTS}/lifecycle-paused-card.png`, fullPage: true });

  await card.getByRole('button', { name: 'Resume project' }).click();
  const resumeDialog = page.getByRole('dialog', { name: 'Resume this project' });
  await expect(resumeDialog).toBeVisible();
  // The platform runs one Postgres: the selector offers it, ga, chosen by default.
  await expect(resumeDialog.getByRole('button', { name: /Postgres version/ })).toContainText(/15\.\d+/);
  await page.waitForTimeout(400); // let the dialog's entry animation finish before the picture
  await page.screenshot({ path: `${SCREENSHOTS}/lifecycle-resume-dialog.png` });
  await resumeDialog.getByRole('button', { name: 'Resume' }).click();
  // The owner already has two active free projects (the fixture's): the free project limit blocks the resume.
  const blocked = page.getByRole('alertdialog', { name: 'Members exceeded free project limit' });
  await expect(blocked).toBeVisible();
  await expect(blocked.getByTestId('members-exceeded-list')).toContainText(`${fx().email.split('@')[0]} (limit: 2 free projects)`);
  await page.screenshot({ path: `${SCREENSHOTS}/lifecycle-members-exceeded.png` });
  await blocked.getByRole('button', { name: 'Understood' }).click();
  await expect(blocked).toHaveCount(0);
  expect(await (await request.get(`/api/platform/projects/${ref}/status`, { headers: await headers(page) })).json()).toEqual({ status: 'INACTIVE' });

  // Pausing another free project frees a slot; now the resume goes through.
  expect((await request.post(`/api/platform/projects/${fx().secondProjectRef}/pause`, { headers: await headers(page) })).status()).toBe(200);
  await waitForStatus(page, request, fx().secondProjectRef, 'INACTIVE');
  await card.getByRole('button', { name: 'Resume project' }).click();
  await resumeDialog.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Restoring project' })).toBeVisible();
  await expect(card).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Restoration in progress')).toBeVisible();
  await waitForStatus(page, request, ref, 'ACTIVE_HEALTHY');
  await expect(page.getByText('Restoration complete!')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SCREENSHOTS}/lifecycle-resumed.png`, fullPage: true });
  await page.getByRole('button', { name: 'Return to project' }).or(page.getByRole('link', { name: 'Return to project' })).click();
  await expect(page.getByText('Restoration complete!')).toHaveCount(0);
  // Nothing was lost while paused.
  expect(await rowsOf(page, request, ref)).toBe('1|anchor\n2|bolt\n3|café ☕\n');
});

test('a downloaded backup restores with psql into another project with identical rows', async ({ page, request }) => {
  test.setTimeout(180_000);
  const ref = state.a!;
  await page.goto(`/dashboard/project/${ref}/database/backups/scheduled`);
  await expect(page.getByRole('heading', { name: 'Scheduled backups' })).toBeVisible();
  const table = page.getByTestId('backups-table');
  await expect(table).toContainText('pause'); // taken when the project was paused
  const before = await table.locator('tbody tr').count();
  await query(page, request, ref, "insert into public.items values (4, 'after the pause')");
  await page.getByRole('button', { name: 'Create backup' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Backup created' })).toBeVisible({ timeout: 30_000 });
  await expect(table.locator('tbody tr')).toHaveCount(before + 1);
  await expect(table.locator('tbody tr').first()).toContainText('manual');
  await page.screenshot({ path: `${SCREENSHOTS}/lifecycle-backups.png`, fullPage: true });

  mkdirSync(DOWNLOADS, { recursive: true });
  const downloadStarted = page.waitForEvent('download');
  await table.locator('tbody tr').first().getByRole('button', { name: /^Download backup/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Fetching database backup' })).toBeVisible();
  const download = await downloadStarted;
  const file = `${DOWNLOADS}/backup-${ref}.sql`;
  await download.saveAs(file);
  await expect(page.getByRole('status').filter({ hasText: 'Downloading database backup' })).toBeVisible();

  // The free organization is at its limit: the second project goes into a Pro organization.
  const org = await (await request.post('/api/platform/organizations', { headers: await headers(page), data: { name: 'Lifecycle Pro', plan: 'pro' } })).json();
  state.proOrg = org.slug;
  const target = await createProject(page, request, org.slug, 'Lifecycle B');
  state.b = target;
  psql(page, request, target, ['-f', file]);
  const source = await rowsOf(page, request, ref);
  expect(source).toBe("1|anchor\n2|bolt\n3|café ☕\n4|after the pause\n");
  expect(await rowsOf(page, request, target)).toBe(source);
});

test('resize from Compute and Disk and see the new size', async ({ page, request }) => {
  test.setTimeout(180_000);
  const ref = state.a!;
  await page.goto(`/dashboard/project/${ref}/settings/compute-and-disk`);
  await expect(page.getByTestId('current-compute-size')).toContainText('Micro');
  await expect(page.getByTestId('compute-ci_micro')).toContainText('Current');
  // The disk card beside it (issue 20; its form is e2e/compute-disk.spec.ts).
  await expect(page.getByRole('form', { name: 'Disk attributes' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/lifecycle-compute.png`, fullPage: true });
  await page.getByRole('button', { name: /New compute size/ }).click();
  await page.getByRole('option', { name: /^Small/ }).click();
  await page.getByRole('button', { name: 'Change compute size' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change compute size' });
  await expect(dialog).toContainText('restarts the project');
  await dialog.getByRole('button', { name: 'Change compute size' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Resizing project' })).toBeVisible();
  await waitForStatus(page, request, ref, 'ACTIVE_HEALTHY');
  const project = await (await request.get(`/api/platform/projects/${ref}`, { headers: await headers(page) })).json();
  expect(project.databases.find((d: { identifier: string }) => d.identifier === ref).infra_compute_size).toBe('ci_small');
  await page.goto(`/dashboard/project/${ref}/settings/compute-and-disk`);
  await expect(page.getByTestId('current-compute-size')).toContainText('Small', { timeout: 20_000 });
  await expect(page.getByTestId('compute-ci_small')).toContainText('Current');
  await page.screenshot({ path: `${SCREENSHOTS}/lifecycle-compute-resized.png`, fullPage: true });
});

test('upgrade Postgres from Settings → General when eligible, then follow it by tracking id', async ({ page, request }) => {
  test.setTimeout(180_000);
  const ref = state.a!;
  await page.goto(`/dashboard/project/${ref}/settings/general`);
  await expect(page.getByRole('heading', { name: 'Pause project' })).toBeVisible();
  await expect(page.getByTestId('upgrade-section')).toHaveCount(0); // already on the platform's version
  const project = await (await request.get(`/api/platform/projects/${ref}`, { headers: await headers(page) })).json();
  const older = String(project.dbVersion).replace(/\d+\.\d+$/, '15.1');
  expect((await request.post(`/api/platform/dev/projects/${ref}`, { headers: await headers(page), data: { db_version: older } })).ok()).toBe(true);

  await page.reload();
  const section = page.getByTestId('upgrade-section');
  await expect(section).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/lifecycle-upgrade-section.png`, fullPage: true });
  await section.getByRole('button', { name: 'Upgrade project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade Postgres' });
  await expect(dialog).toContainText('ends with a full backup');
  await dialog.getByRole('button', { name: 'Upgrade project' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/project/${ref}\\?trackingId=[^&]+`));
  await waitForStatus(page, request, ref, 'ACTIVE_HEALTHY', 120_000);
  await expect(page.getByText(/Upgrade completed!/)).toBeVisible({ timeout: 30_000 });
  const after = await (await request.get(`/api/v1/projects/${ref}/upgrade/eligibility`, { headers: await headers(page) })).json();
  expect(after.eligible).toBe(false);
});

test('a free project paused for over 90 days offers its backup and storage archive for download', async ({ page, request }) => {
  test.setTimeout(180_000);
  const ref = fx().secondProjectRef; // paused in the first test
  const h = await headers(page);
  await waitForStatus(page, request, ref, 'INACTIVE');
  const longAgo = new Date(Date.now() - 100 * 86_400_000).toISOString();
  expect((await request.post(`/api/platform/dev/projects/${ref}`, { headers: h, data: { paused_at: longAgo } })).ok()).toBe(true);

  await page.goto(`/dashboard/project/${ref}/editor`);
  const card = page.getByTestId('project-paused-card');
  await expect(card).toContainText('Project can no longer be restored through the dashboard', { timeout: 30_000 });
  await expect(card).toContainText('paused for over 90 days');
  await expect(card.getByRole('button', { name: 'Resume project' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/lifecycle-not-restorable.png`, fullPage: true });

  mkdirSync(DOWNLOADS, { recursive: true });
  const archive = page.waitForEvent('download', { timeout: 60_000 });
  await card.getByRole('button', { name: 'Download storage objects' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Retrieving storage archive.' })).toBeVisible();
  await (await archive).saveAs(`${DOWNLOADS}/archive-${ref}.zip`);
  await expect(page.getByRole('status').filter({ hasText: 'Downloading storage objects' })).toBeVisible();

  const backup = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download backup' }).click();
  const saved = `${DOWNLOADS}/paused-backup-${ref}.sql`;
  await (await backup).saveAs(saved);
  expect(execFileSync('grep', ['-c', 'PostgreSQL database dump', saved], { encoding: 'utf8' }).trim()).not.toBe('0');
});

test('delete on a paid plan asks for a reason first, then goes to the organization', async ({ page, request }) => {
  test.setTimeout(180_000);
  const h = await headers(page);
  const org = { slug: state.proOrg! };
  const ref = await createProject(page, request, org.slug, 'Doomed');

  await page.goto(`/dashboard/project/${ref}/settings/general`);
  await page.getByRole('button', { name: 'Delete project' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm deletion of Doomed' });
  await expect(dialog).toBeVisible();
  const reasons = dialog.getByRole('checkbox');
  await expect(reasons).toHaveCount(11);
  await expect(reasons.last()).toHaveAccessibleName('None of the above');
  const submit = dialog.getByRole('button', { name: 'I understand, delete this project' });
  await dialog.getByLabel('Type Doomed to confirm.').fill('doomed');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Type Doomed to confirm.').fill('Doomed');
  await submit.click();
  await expect(dialog.getByText('Please select a reason for deleting your project')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Too expensive' }).check();
  await dialog.getByLabel('Anything else we could improve? (optional)').fill('Only a test');
  await page.screenshot({ path: `${SCREENSHOTS}/lifecycle-delete-survey.png` });
  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/org/${org.slug}$`), { timeout: 30_000 });
  expect((await request.get(`/api/platform/projects/${ref}`, { headers: h })).status()).toBe(404);
});

test('delete on the free plan needs only the name and lands on the last visited organization', async ({ page, request }) => {
  test.setTimeout(120_000);
  const ref = await createProject(page, request, fx().orgSlug, 'Disposable');
  await page.goto(`/dashboard/project/${ref}/settings/general`);
  await page.getByRole('button', { name: 'Delete project' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm deletion of Disposable' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  await dialog.getByLabel('Type Disposable to confirm.').fill('Disposable');
  await page.screenshot({ path: `${SCREENSHOTS}/lifecycle-delete-free.png` });
  await dialog.getByRole('button', { name: 'I understand, delete this project' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/org/${fx().orgSlug}$`), { timeout: 30_000 });
  expect((await request.get(`/api/platform/projects/${ref}`, { headers: await headers(page) })).status()).toBe(404);
});
