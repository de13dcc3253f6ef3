// Consent, telemetry, remote flags and the version notice (issue 21, spec A2.14, A4.10, A4.12, A4.13), end to end.
// The telemetry setting shows a consent toast to every signed-in newcomer, so this spec runs its own platform with
// STRATA_TELEMETRY=1 (and a platform admin domain) on the same build, instead of changing the shared e2e platform.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { SCREENSHOTS } from './support/fixture.ts';
import { BUILT_CONSOLE } from './support/dist.ts';
import { TELEMETRY_PLATFORM_PORT } from './support/ports.ts';

// A platform of its own, beside the e2e platform's port (e2e/support/ports.ts).
const PORT = TELEMETRY_PLATFORM_PORT;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data') + '-telemetry';
// The version notice test rewrites index.html: this platform serves a copy of the build, so the shared e2e platform
// (whose pages other workers have open) never sees the change.
const DIST_DIR = `${DATA_DIR}-dist`;
const DIST_INDEX = join(DIST_DIR, 'index.html');
const PASSWORD = 'Quiet-river-stone-42';

let platform: ChildProcess | null = null;

test.use({ baseURL: BASE, storageState: { cookies: [], origins: [] } });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  rmSync(DIST_DIR, { recursive: true, force: true });
  cpSync(BUILT_CONSOLE, DIST_DIR, { recursive: true });
  platform = spawn('node', ['--import', 'tsx', 'e2e/support/start-platform.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      STRATA_DATA_DIR: DATA_DIR,
      STRATA_DIST_DIR: DIST_DIR,
      STRATA_PG_PORT: '',
      STRATA_TELEMETRY: '1',
      STRATA_PLATFORM_ADMINS: '@platform-admins.test',
      STRATA_AUTH_AUTOCONFIRM: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  for (let i = 0; i < 240; i++) {
    // Another process on the port would answer instead: ours must be alive.
    if (platform.exitCode !== null) throw new Error(`the telemetry platform exited (${platform.exitCode}); is port ${PORT} taken?`);
    try {
      if ((await fetch(`${BASE}/dashboard/`)).ok && (await fetch(`${BASE}/auth/v1/health`)).status < 500) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the telemetry platform did not start');
});

test.afterAll(async () => {
  if (!platform) return;
  const exited = new Promise((r) => platform!.once('exit', r));
  platform.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  rmSync(DIST_DIR, { recursive: true, force: true });
});

async function newUser(request: APIRequestContext, email: string): Promise<string> {
  const signUp = await request.post(`${BASE}/auth/v1/signup`, { data: { email, password: PASSWORD } });
  expect(signUp.status(), await signUp.text()).toBeLessThan(300);
  const token = await request.post(`${BASE}/auth/v1/token?grant_type=password`, { data: { email, password: PASSWORD } });
  expect(token.status()).toBe(200);
  return (await token.json()).access_token as string;
}

async function signIn(page: Page, email: string) {
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/(organizations|org\/[^/?#]+)$/);
}

const pageEvents = async (request: APIRequestContext, token: string) =>
  (await (await request.get(`${BASE}/api/platform/telemetry/events?kind=page`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    payload: { pathname: string; page_url: string };
  }[];

test('accepting consent sends page views to the collector; denying sends none', async ({ page, request }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const stamp = Date.now();
  const accepting = `accept-${stamp}@example.com`;
  const token = await newUser(request, accepting);
  await signIn(page, accepting);
  const consent = page.getByRole('status').filter({ hasText: 'We use first-party cookies to improve our services.' });
  await expect(consent).toBeVisible();
  await expectNoAxeFindings(page, 'consent toast');
  await page.screenshot({ path: `${SCREENSHOTS}/consent-toast.png` });
  await consent.getByRole('button', { name: 'Accept' }).click();
  await expect(consent).toBeHidden();
  await page.goto('/dashboard/account/me');
  await expect.poll(async () => (await pageEvents(request, token)).map((e) => e.payload.pathname)).toContain('/dashboard/account/me');
  // The queued first page view (before consent) went too, and nothing secret was kept.
  const stored = await pageEvents(request, token);
  expect(stored.length).toBeGreaterThanOrEqual(2);
  expect(JSON.stringify(stored)).not.toContain(accepting);
  // The decision holds on the next visit: no toast.
  await page.reload();
  await page.waitForTimeout(1500);
  await expect(consent).toBeHidden();

  const denying = `deny-${stamp}@example.com`;
  const denyToken = await newUser(request, denying);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, denying);
  await expect(consent).toBeVisible();
  await consent.getByRole('button', { name: 'Opt out' }).click();
  await expect(consent).toBeHidden();
  await page.goto('/dashboard/account/me');
  await page.waitForTimeout(2000);
  expect(await pageEvents(request, denyToken)).toEqual([]);
});

test('a flag changed by a platform admin reaches an open console at its next poll', async ({ page, request }) => {
  const stamp = Date.now();
  const member = `member-${stamp}@example.com`;
  const token = await newUser(request, member);
  const adminToken = await newUser(request, `flags-${stamp}@platform-admins.test`);
  const org = await (await request.post(`${BASE}/api/platform/organizations`, { headers: { authorization: `Bearer ${token}` }, data: { name: 'Flag Org' } })).json();
  // Not an admin: refused.
  expect((await request.put(`${BASE}/api/platform/telemetry/flags/remote/projects:create`, { headers: { authorization: `Bearer ${token}` }, data: { value: false } })).status()).toBe(403);

  await page.clock.install();
  await signIn(page, member);
  await page.evaluate(() => localStorage.setItem('strata-consent', JSON.stringify({ layer: 1, accepted: false, categories: [] })));
  await page.goto(`/dashboard/org/${org.slug}`);
  // The installed clock only moves when told: let the signals start (4 s after load).
  await page.clock.runFor(5000);
  const newProject = page.getByRole('link', { name: 'New project' }).or(page.getByRole('button', { name: 'New project' }));
  await expect(newProject.first()).toBeVisible();
  // The loaded values are embedded in the page, '<' escaped.
  await expect
    .poll(() => page.evaluate(() => document.getElementById('strata-flag-values')?.textContent ?? ''), { timeout: 20_000 })
    .toContain('"projectsCreate":true');

  const changed = await request.put(`${BASE}/api/platform/telemetry/flags/remote/projects:create`, { headers: { authorization: `Bearer ${adminToken}` }, data: { value: false } });
  expect(changed.status()).toBe(200);
  // Before the poll the console still shows it; 420 s later it follows.
  await expect(newProject.first()).toBeVisible();
  await page.clock.fastForward(421_000);
  await expect(newProject).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/flag-followed.png` });
  await request.delete(`${BASE}/api/platform/telemetry/flags/remote/projects:create`, { headers: { authorization: `Bearer ${adminToken}` } });
});

test('a rebuilt console shows the version toast with Not now and Refresh', async ({ page, request }) => {
  const email = `version-${Date.now()}@example.com`;
  await newUser(request, email);
  await signIn(page, email);
  await page.evaluate(() => localStorage.setItem('strata-consent', JSON.stringify({ layer: 1, accepted: false, categories: [] })));
  await page.reload();
  const original = readFileSync(DIST_INDEX, 'utf8');
  const notice = page.getByRole('status').filter({ hasText: 'new version of this page is available' });
  try {
    // Nothing changed: no toast when the tab comes back.
    await page.waitForTimeout(1500);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForTimeout(1000);
    await expect(notice).toHaveCount(0);
    // A rebuild: index.html names other bundles.
    writeFileSync(DIST_INDEX, original.replace('</head>', '<!-- rebuilt by e2e --></head>'));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Not now' })).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expectNoAxeFindings(page, 'version toast');
    await page.screenshot({ path: `${SCREENSHOTS}/version-toast.png` });
    await notice.getByRole('button', { name: 'Not now' }).click();
    await expect(notice).toHaveCount(0);
    // Not now silences that build.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForTimeout(1000);
    await expect(notice).toHaveCount(0);
  } finally {
    writeFileSync(DIST_INDEX, original);
  }
});

