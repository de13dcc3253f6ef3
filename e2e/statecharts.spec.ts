import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import type { ViteDevServer } from 'vite';
import { leaveFixtureAsFound } from './support/cleanup.ts';
import { SESSION_KEY, STORAGE_STATE, accessToken, readFixture } from './support/fixture.ts';
import { E2E_BASE, STATECHARTS_DEV_PORT } from './support/ports.ts';

// The local statechart viewer (issue 26) is served by the dev server only: this spec starts `vite` in dev mode on
// its own port, proxied to the platform the e2e config started, and follows the project-status machine live while
// a project of its own is built in another tab (the console's reads answer COMING_UP until 'building' was seen),
// then paused (the pause held open for real, as in project-status.spec.ts, so the highlighted state can be seen
// changing).

test.describe.configure({ mode: 'serial' });

const DEV_PORT = STATECHARTS_DEV_PORT;
const DEV = `http://127.0.0.1:${DEV_PORT}`;
const DB_PASS = 'Strong-db-pass-123';
let dev: ViteDevServer | undefined;
let ref = '';

test.beforeAll(async ({ baseURL }) => {
  const { createServer } = await import('vite');
  const platform = baseURL ?? E2E_BASE;
  dev = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    server: {
      host: '127.0.0.1',
      port: DEV_PORT,
      strictPort: true,
      proxy: { '/api': platform, '/auth': platform, '/storage': platform, '/p/': platform },
    },
  });
  await dev.listen();
});

test.afterAll(async () => {
  await dev?.close();
  await leaveFixtureAsFound(ref ? [ref] : []);
});

/** The e2e session lives in the built console's origin: the dev origin gets the same token. */
async function signInDevOrigin(page: Page) {
  const state = JSON.parse(readFileSync(STORAGE_STATE, 'utf8')) as { origins: Array<{ localStorage: Array<{ name: string; value: string }> }> };
  const token = state.origins.flatMap((o) => o.localStorage).find((item) => item.name === SESSION_KEY)?.value;
  expect(token).toBeTruthy();
  await page.context().addInitScript(([key, value]) => localStorage.setItem(key, value), [SESSION_KEY, token!] as const);
}

const highlighted = (viewer: Page) => viewer.locator('#sc-canvas [data-state].sc-active');

test('the viewer draws every machine and highlights the live project status as it changes', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInDevOrigin(page);
  const viewer = page;
  await viewer.goto(`${DEV}/dashboard/__statecharts#projectStatus`);
  await expect(viewer.locator('body[data-chart="projectStatus"]')).toBeVisible({ timeout: 90_000 });
  await expect(viewer.locator('#sc-list a')).toHaveCount(JSON.parse(readFileSync('stately.json', 'utf8')).machines.length);
  // Drawn from the machine: its states, the spec sections beside it.
  for (const id of ['projectStatus.building', 'projectStatus.active', 'projectStatus.pausing', 'projectStatus.settled']) {
    await expect(viewer.locator(`[data-state="${id}"]`)).toHaveCount(1);
  }
  await expect(viewer.locator('#sc-spec')).toContainText('A4.1');
  // Delays by their names; a transition without a target is listed in its state's box.
  await expect(viewer.locator('[data-state="projectStatus.building"] > text', { hasText: 'after buildingSupport / offerSupport' })).toHaveCount(1);
  await expect(viewer.locator('[data-transition="projectStatus.building.waiting#xstate.after.statusPoll.projectStatus.building.waiting#0"]')).toContainText('after statusPoll');
  await expect(highlighted(viewer)).toHaveCount(0);

  // Another tab of the dev console: a new project, opened at once while it is being built.
  const consoleTab = await page.context().newPage();
  await consoleTab.goto(`${DEV}/dashboard/organizations`);
  const headers = { authorization: `Bearer ${await accessToken(consoleTab)}` };
  const { orgSlug } = readFixture();
  const created = await request.post('/api/platform/projects', {
    headers,
    data: { organization_slug: orgSlug, name: 'Charted', db_pass: DB_PASS, db_region: 'local' },
  });
  expect(created.status()).toBe(201);
  ref = (await created.json()).ref;
  // Provisioning here takes a moment, often less than the page needs to load: the console tab's reads of this
  // project answer COMING_UP (the platform's own answer with its status held) until the chart has shown
  // 'building', so the highlight is seen in 'building' and then moving to 'active' on every run.
  let holdBuilding = true;
  const projectReads = new RegExp(`/api/platform/projects/${ref}(/status)?(\\?|$)`);
  await consoleTab.route(projectReads, async (route) => {
    if (!holdBuilding || route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    return route.fulfill({ response, json: { ...body, status: 'COMING_UP' } });
  });
  await consoleTab.goto(`${DEV}/dashboard/project/${ref}`);

  // The viewer follows the actor of that tab: a live badge, a timeline, and the active state highlighted.
  await expect(viewer.locator('#sc-list a', { hasText: 'projectStatus' }).locator('.sc-live-badge')).toBeVisible({ timeout: 60_000 });
  await expect(viewer.locator('#sc-timeline li').first()).toBeVisible();
  await expect(consoleTab.getByTestId('status-building')).toBeVisible({ timeout: 60_000 });
  await expect(viewer.locator('[data-state="projectStatus.building"]')).toHaveClass(/sc-active/);
  await expect(viewer.locator('[data-state="projectStatus.active"]')).not.toHaveClass(/sc-active/);
  // Released: the next poll reads the platform's real status (provisioned by now, or soon).
  holdBuilding = false;
  await expect(consoleTab.getByTestId('project-status')).toHaveText('Active', { timeout: 60_000 });
  await expect(viewer.locator('[data-state="projectStatus.active"]')).toHaveClass(/sc-active/);
  await expect(viewer.locator('[data-state="projectStatus.building"]')).not.toHaveClass(/sc-active/);
  // The timeline recorded the way through: stepping back to a 'building' entry highlights building again.
  const buildingEntry = viewer.locator('#sc-timeline button', { hasText: '"building"' }).first();
  await expect(buildingEntry).toBeVisible();
  await buildingEntry.click();
  await expect(viewer.locator('[data-state="projectStatus.building"]')).toHaveClass(/sc-active/);
  await expect(viewer.locator('[data-state="projectStatus.active"]')).not.toHaveClass(/sc-active/);
  await buildingEntry.click();
  await expect(viewer.locator('[data-state="projectStatus.active"]')).toHaveClass(/sc-active/);
  await consoleTab.unroute(projectReads);

  // A pause held open for real (an uncommitted ALTER DATABASE): the highlight moves to pausing, then paused.
  const project = await (await request.get(`/api/platform/projects/${ref}`, { headers })).json();
  const url = new URL(String(project.connectionString).replace('[YOUR_PASSWORD]', DB_PASS));
  const client = new pg.Client({ host: url.hostname, port: Number(url.port), user: decodeURIComponent(url.username), password: DB_PASS, database: url.pathname.slice(1) });
  client.on('error', () => {});
  await client.connect();
  await client.query('begin');
  await client.query(`alter database ${client.escapeIdentifier(url.pathname.slice(1))} connection limit 90`);
  try {
    expect((await request.post(`/api/platform/projects/${ref}/pause`, { headers })).status()).toBe(200);
    await consoleTab.reload();
    await expect(viewer.locator('[data-state="projectStatus.pausing"]')).toHaveClass(/sc-active/, { timeout: 30_000 });
    await expect(viewer.locator('[data-state="projectStatus.active"]')).not.toHaveClass(/sc-active/);
    await viewer.locator('#sc-fit').click();
    await viewer.screenshot({ path: 'e2e/screenshots/statecharts-live.png' });
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end().catch(() => {});
  }
  await expect(viewer.locator('[data-state="projectStatus.pausing"]')).not.toHaveClass(/sc-active/, { timeout: 30_000 });
  await expect(viewer.locator('#sc-timeline button', { hasText: 'pausing' }).first()).toBeVisible();
});

test('an actor a view creates (the SQL editor\'s sqlRun) reports live, its current state highlighted', async ({ page }) => {
  test.setTimeout(150_000);
  await signInDevOrigin(page);
  const viewer = page;
  await viewer.goto(`${DEV}/dashboard/__statecharts#sqlRun`);
  await expect(viewer.locator('body[data-chart="sqlRun"]')).toBeVisible({ timeout: 90_000 });
  const sqlRunLink = viewer.locator('#sc-list a', { hasText: /^sqlRun/ });
  await expect(sqlRunLink.locator('.sc-live-badge')).toHaveCount(0);
  await expect(highlighted(viewer)).toHaveCount(0);

  // Another tab of the dev console: the SQL editor of the fixture's project creates its run actor with useActorRef
  // (src/views/sql-editor/useSqlTab.ts), not an app-wide actor from main.tsx.
  const consoleTab = await page.context().newPage();
  await consoleTab.goto(`${DEV}/dashboard/project/${readFixture().projectRef}/sql`);
  // The editor home has no editor: a new query opens one (and its run actor).
  await consoleTab.getByRole('button', { name: 'New query' }).first().click({ timeout: 60_000 });
  const editor = consoleTab.locator('.cm-content');
  await expect(editor).toBeVisible({ timeout: 60_000 });
  await expect(sqlRunLink.locator('.sc-live-badge')).toBeVisible({ timeout: 30_000 });
  await expect(viewer.locator('[data-state="sqlRun.idle"]')).toHaveClass(/sc-active/);
  await expect(viewer.locator('[data-state="sqlRun.succeeded"]')).not.toHaveClass(/sc-active/);

  // A query run in that tab moves the highlight: idle -> running -> succeeded.
  await editor.click();
  await consoleTab.keyboard.press('ControlOrMeta+a');
  await consoleTab.keyboard.press('Delete');
  await consoleTab.keyboard.insertText('select 1 as one');
  await consoleTab.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(consoleTab.getByRole('status').filter({ hasText: '1 row' })).toBeVisible({ timeout: 30_000 });
  await expect(viewer.locator('[data-state="sqlRun.succeeded"]')).toHaveClass(/sc-active/, { timeout: 15_000 });
  await expect(viewer.locator('[data-state="sqlRun.idle"]')).not.toHaveClass(/sc-active/);
  await expect(viewer.locator('#sc-timeline button', { hasText: 'running' }).first()).toBeVisible();
  await consoleTab.close();
});

test('a spec link opens its section; the README screenshot of one chart', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${DEV}/dashboard/__statecharts#projectStatus`);
  await expect(page.locator('body[data-chart="projectStatus"]')).toBeVisible({ timeout: 90_000 });
  const specDir = resolve(process.env.STRATA_SPEC_DIR ?? '../shared/spec');
  if (existsSync(resolve(specDir, '1-console-shell.md'))) {
    // The link lands on the rendered section (spec-page.ts gives each numbered heading its A4.1-style id).
    const [spec] = await Promise.all([page.context().waitForEvent('page'), page.locator('#sc-spec a', { hasText: 'A4.1' }).click()]);
    await expect(spec.locator('h3#A4\\.1:target')).toHaveText('4.1 Project status');
    await spec.close();
  } else {
    await expect(page.locator('#sc-spec')).toContainText('A4.1 (spec not found');
  }

  // The README's picture: the database-upgrade chart, with the coverage overlay when a report exists.
  await page.goto(`${DEV}/dashboard/__statecharts#databaseUpgrade`);
  await expect(page.locator('body[data-chart="databaseUpgrade"]')).toBeVisible();
  if (existsSync(resolve('.tmp/statechart-coverage/databaseUpgrade.json'))) {
    await page.locator('#sc-coverage-toggle').check();
    await expect(page.locator('#sc-coverage-summary')).toContainText('transitions walked');
  }
  await page.locator('#sc-fit').click();
  await page.screenshot({ path: 'e2e/screenshots/statecharts-viewer.png' });
});
