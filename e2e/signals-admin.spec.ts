// Issue 21, the console's signals not covered elsewhere, end to end:
// - platform admins change remote flags on /account/flags (the account menu names the page for them only; to anyone
//   else it does not exist), and an open console follows at its next 420 s poll;
// - the custom telemetry events of spec A7 reach the collector after consent (Help -> help_button_clicked);
// - the error pages of spec A2.14 in the browser (404 wording, the 405 page);
// - the CLI badge of spec A4.7 in local (self-hosted) mode, labelled from the running CLI and the known releases.
// Like consent-telemetry.spec.ts, it runs its own platforms (telemetry + admins; self-hosted) on the same build.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { SCREENSHOTS } from './support/fixture.ts';
import { BUILT_CONSOLE } from './support/dist.ts';
import { SIGNALS_ADMIN_PORT, SIGNALS_LOCAL_PORT } from './support/ports.ts';

const PORT = SIGNALS_ADMIN_PORT;
const LOCAL_PORT = SIGNALS_LOCAL_PORT;
const BASE = `http://127.0.0.1:${PORT}`;
const LOCAL = `http://127.0.0.1:${LOCAL_PORT}`;
const DATA_ROOT = resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
const PASSWORD = 'Quiet-river-stone-42';

const platforms: ChildProcess[] = [];

async function startPlatform(port: number, dataDir: string, env: Record<string, string>): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const child = spawn('node', ['--import', 'tsx', 'e2e/support/start-platform.ts'], {
    env: { ...process.env, PORT: String(port), STRATA_DATA_DIR: dataDir, STRATA_PG_PORT: '', STRATA_AUTH_AUTOCONFIRM: '1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  platforms.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the platform on ${port} exited (${child.exitCode}); is the port taken?`);
    try {
      if ((await fetch(`${base}/dashboard/`)).ok && (await fetch(`${base}/auth/v1/health`)).status < 500) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the platform on ${port} did not start`);
}

test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ mode: 'serial' });

test.afterAll(async () => {
  for (const child of platforms) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  }
});

async function newUser(request: APIRequestContext, email: string): Promise<string> {
  const signUp = await request.post(`${BASE}/auth/v1/signup`, { data: { email, password: PASSWORD } });
  expect(signUp.status(), await signUp.text()).toBeLessThan(300);
  const token = await request.post(`${BASE}/auth/v1/token?grant_type=password`, { data: { email, password: PASSWORD } });
  expect(token.status()).toBe(200);
  return (await token.json()).access_token as string;
}

async function signIn(page: Page, email: string) {
  await page.goto(`${BASE}/dashboard/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/(organizations|org\/[^/?#]+)$/);
}

/** Consent decided (denied) before the page loads, so its toast does not cover the page. */
const decideConsent = (page: Page, accepted: boolean) =>
  page.addInitScript((value) => localStorage.setItem('strata-consent', JSON.stringify({ layer: 1, accepted: value, categories: value ? ['analytics'] : [] })), accepted);

test.describe('on the platform (telemetry on, admins by domain)', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await startPlatform(PORT, `${DATA_ROOT}-signals`, { STRATA_TELEMETRY: '1', STRATA_PLATFORM_ADMINS: '@signals-admins.test' });
  });

  test('an admin turns a remote flag off on /account/flags; an open console follows at its next poll; others never see the page', async ({ browser, request }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const stamp = Date.now();
    const member = `member-${stamp}@example.com`;
    const memberToken = await newUser(request, member);
    const admin = `admin-${stamp}@signals-admins.test`;
    await newUser(request, admin);
    const org = await (await request.post(`${BASE}/api/platform/organizations`, { headers: { authorization: `Bearer ${memberToken}` }, data: { name: 'Flag Org' } })).json();

    // The member's console stays open on the organization page, its clock under the test's control.
    const memberContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const memberPage = await memberContext.newPage();
    await decideConsent(memberPage, false);
    await memberPage.clock.install();
    await signIn(memberPage, member);
    await memberPage.goto(`${BASE}/dashboard/org/${org.slug}`);
    await memberPage.clock.runFor(5000);
    const newProject = memberPage.getByRole('link', { name: 'New project' }).or(memberPage.getByRole('button', { name: 'New project' }));
    await expect(newProject.first()).toBeVisible();
    await expect.poll(() => memberPage.evaluate(() => document.getElementById('strata-flag-values')?.textContent ?? ''), { timeout: 20_000 }).toContain('"projectsCreate":true');

    // Not an admin: no menu item, and the page does not exist.
    await memberPage.getByTestId('user-menu').click();
    await expect(memberPage.getByRole('menuitem', { name: 'Security' })).toBeVisible();
    await expect(memberPage.getByRole('menuitem', { name: 'Feature flags' })).toHaveCount(0);
    await memberPage.keyboard.press('Escape');

    // The admin: the account menu leads to the page.
    const adminContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const adminPage = await adminContext.newPage();
    await decideConsent(adminPage, false);
    await signIn(adminPage, admin);
    await adminPage.getByTestId('user-menu').click();
    await adminPage.getByRole('menuitem', { name: 'Feature flags' }).click();
    await expect(adminPage).toHaveURL(/\/dashboard\/account\/flags$/);
    await expect(adminPage.getByRole('heading', { name: 'Feature flags', level: 1 })).toBeVisible();
    const row = adminPage.getByTestId('flag-projects:create');
    await expect(row).toContainText('Default (on)');
    // Search narrows the list; nothing matching says so.
    await adminPage.getByLabel('Search flags').fill('zzz-nothing');
    await expect(adminPage.getByText('No flags found that match "zzz-nothing"')).toBeVisible();
    await adminPage.getByLabel('Search flags').fill('projects:');
    await expect(adminPage.locator('tbody tr')).toHaveCount(1);
    await expectNoAxeFindings(adminPage, 'account flags');
    await adminPage.getByRole('button', { name: 'Turn projects:create off' }).click();
    await expect(row).toContainText('Off');
    await expect(adminPage.getByRole('button', { name: 'Reset projects:create' })).toBeEnabled();
    await adminPage.screenshot({ path: `${SCREENSHOTS}/account-flags.png`, fullPage: true });

    // The member's open console: still there before the poll, gone after it (spec A4.12: 420 s).
    await expect(newProject.first()).toBeVisible();
    await memberPage.clock.fastForward(421_000);
    await expect(newProject).toHaveCount(0);

    // The member cannot use the page or the API.
    await memberPage.goto(`${BASE}/dashboard/account/flags`);
    await memberPage.clock.runFor(1000);
    await expect(memberPage.getByText('This page could not be found')).toBeVisible();
    await expect(memberPage.getByRole('heading', { name: 'Feature flags' })).toHaveCount(0);
    expect((await request.delete(`${BASE}/api/platform/telemetry/flags/remote/projects:create`, { headers: { authorization: `Bearer ${memberToken}` } })).status()).toBe(403);

    // Reset: back to the default.
    await adminPage.getByRole('button', { name: 'Reset projects:create' }).click();
    await expect(row).toContainText('Default (on)');
    await memberContext.close();
    await adminContext.close();
  });

  test('after consent, pressing Help sends help_button_clicked to the collector (spec A7)', async ({ page, request }) => {
    const email = `events-${Date.now()}@example.com`;
    const token = await newUser(request, email);
    await decideConsent(page, true);
    await signIn(page, email);
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('menuitem', { name: 'Docs', exact: true })).toBeVisible();
    const events = async () =>
      ((await (await request.get(`${BASE}/api/platform/telemetry/events?kind=event`, { headers: { authorization: `Bearer ${token}` } })).json()) as { payload: { action: string; pathname: string } }[]).map(
        (e) => `${e.payload.action} ${e.payload.pathname}`,
      );
    // The signals chunk starts 4 s after load; the held event goes then.
    await expect.poll(events, { timeout: 20_000 }).toContainEqual(expect.stringMatching(/^help_button_clicked \/dashboard\//));
  });

  test('error pages: an unknown page says so (404), a page posted to is the 405 page', async ({ page, request }) => {
    const email = `errors-${Date.now()}@example.com`;
    await newUser(request, email);
    await decideConsent(page, false);
    await signIn(page, email);
    await page.goto(`${BASE}/dashboard/no-such-page/here`);
    await expect(page.getByRole('alert')).toContainText('404');
    await expect(page.getByRole('alert')).toContainText('This page could not be found');
    await expectNoAxeFindings(page, '404 page');
    await page.screenshot({ path: `${SCREENSHOTS}/error-404.png` });
    const posted = await request.post(`${BASE}/dashboard/organizations`, { data: {} });
    expect(posted.status()).toBe(405);
    expect(await posted.text()).toContain('Method Not Allowed');
  });

  test('the theme sandbox is never in the platform build (spec A2.14)', async ({ page, request }) => {
    // Nothing of it in any built file: its hash trigger, its storage key or its actions.
    const assets = join(BUILT_CONSOLE, 'assets');
    const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(files.length).toBeGreaterThan(20);
    for (const name of files) {
      const text = readFileSync(join(assets, name), 'utf8');
      for (const needle of ['theme-sandbox', 'Exit Sandbox', 'Apply Theme', 'Reset localStorage']) expect(text.includes(needle), `${needle} in ${name}`).toBe(false);
    }
    // And the page with the hash and the stored entry shows no panel.
    const email = `sandbox-${Date.now()}@example.com`;
    await newUser(request, email);
    await decideConsent(page, false);
    await page.addInitScript(() => localStorage.setItem('theme-sandbox', '{}'));
    await signIn(page, email);
    await page.goto(`${BASE}/dashboard/organizations#theme-sandbox`);
    await expect(page.getByRole('heading', { name: /organizations/i }).first()).toBeVisible();
    await expect(page.getByText('Exit Sandbox')).toHaveCount(0);
  });
});

test.describe('in local (self-hosted) mode', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // The `strata` command that started this platform says it is v0.0.9; the newest release known is v0.1.0.
    await startPlatform(LOCAL_PORT, `${DATA_ROOT}-local`, { STRATA_MODE: 'self-hosted', STRATA_CLI_VERSION: 'v0.0.9' });
  });

  test('the CLI badge shows the running version and its label (spec A4.7)', async ({ page }) => {
    await page.goto(`${LOCAL}/dashboard/project/default`);
    const badge = page.getByTestId('cli-badge');
    await expect(badge).toBeVisible({ timeout: 20_000 });
    await expect(badge).toContainText('CLI v0.0.9');
    await expect(badge).toContainText('Update available');
    await expect(badge.getByLabel(/CLI v0\.0\.9, latest release v0\.1\.0, next release expected 2026-12-07/)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/cli-badge.png` });
    // A newer CLI than any release is 'Beta'; the same as the newest is 'Latest' (the platform's answer replaced).
    for (const [current, label] of [['v0.2.0', 'Beta'], ['v0.1.0', 'Latest']] as const) {
      await page.route('**/api/cli-release-version', (route) =>
        route.fulfill({ json: { current, latest: 'v0.1.0', beta: null, published_at: '2026-11-23T09:20:12Z' } }),
      );
      await page.reload();
      await expect(badge).toContainText(`CLI ${current}`, { timeout: 20_000 });
      await expect(badge).toContainText(label);
      await page.unroute('**/api/cli-release-version');
    }
  });
});
