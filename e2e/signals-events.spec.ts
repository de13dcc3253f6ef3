// Issue 21, spec A7 / A4.13: the custom telemetry events of the Connect dialog and the merge-request button reach the
// platform's collector once consent is given (STRATA_TELEMETRY=1) —
// - copying a connection string sends connection_string_copied with which kind was copied (type and method), never
//   the string itself;
// - 'Open merge request' on a preview branch sends branch_create_merge_request_button_clicked.
// Like consent-telemetry.spec.ts, it runs its own platform (telemetry on) on the same build; the collector is read
// through GET /api/platform/telemetry/events.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SCREENSHOTS } from './support/fixture.ts';
import { SIGNALS_EVENTS_PORT } from './support/ports.ts';

const PORT = SIGNALS_EVENTS_PORT;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data') + '-signals-events';
const PASSWORD = 'Quiet-river-stone-42';

let platform: ChildProcess | null = null;

test.use({ baseURL: BASE, storageState: { cookies: [], origins: [] } });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  platform = spawn('node', ['--import', 'tsx', 'e2e/support/start-platform.ts'], {
    env: { ...process.env, PORT: String(PORT), STRATA_DATA_DIR: DATA_DIR, STRATA_PG_PORT: '', STRATA_TELEMETRY: '1', STRATA_AUTH_AUTOCONFIRM: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  for (let i = 0; i < 240; i++) {
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
});

let token = '';
let email = '';
let projectRef = '';
const auth = () => ({ authorization: `Bearer ${token}` });

async function newUser(request: APIRequestContext): Promise<void> {
  email = `events-${Date.now()}@example.com`;
  const signUp = await request.post(`${BASE}/auth/v1/signup`, { data: { email, password: PASSWORD } });
  expect(signUp.status(), await signUp.text()).toBeLessThan(300);
  const answer = await request.post(`${BASE}/auth/v1/token?grant_type=password`, { data: { email, password: PASSWORD } });
  expect(answer.status()).toBe(200);
  token = (await answer.json()).access_token as string;
}

async function waitActive(request: APIRequestContext, ref: string): Promise<void> {
  await expect
    .poll(async () => ((await (await request.get(`${BASE}/api/platform/projects/${ref}`, { headers: auth() })).json()) as { status: string }).status, { timeout: 90_000 })
    .toBe('ACTIVE_HEALTHY');
}

/** Consent accepted before the page loads (spec A4.10), then signed in through the form. */
async function signInConsenting(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('strata-consent', JSON.stringify({ layer: 1, accepted: true, categories: ['analytics'] })));
  await page.goto(`${BASE}/dashboard/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/(organizations|org\/[^/?#]+)$/);
}

interface StoredEvent {
  payload: { action: string; pathname?: string; custom_properties?: Record<string, unknown> };
}
const storedEvents = async (request: APIRequestContext): Promise<StoredEvent[]> =>
  (await (await request.get(`${BASE}/api/platform/telemetry/events?kind=event`, { headers: auth() })).json()) as StoredEvent[];
const eventsNamed = async (request: APIRequestContext, action: string) => (await storedEvents(request)).filter((e) => e.payload.action === action);

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await newUser(request);
  const org = await (await request.post(`${BASE}/api/platform/organizations`, { headers: auth(), data: { name: 'Events Org' } })).json();
  // spec B5: preview branches need a paid plan.
  expect((await request.patch(`${BASE}/api/platform/organizations/${org.slug}`, { headers: auth(), data: { plan: 'pro' } })).ok()).toBe(true);
  const created = await request.post(`${BASE}/api/platform/projects`, {
    headers: auth(),
    data: { organization_slug: org.slug, name: 'Events', db_pass: 'correct horse battery', db_region: 'local' },
  });
  expect(created.status(), await created.text()).toBe(201);
  projectRef = (await created.json()).ref as string;
  await waitActive(request, projectRef);
});

test('copying a connection string sends connection_string_copied with its type and method, never the string', async ({ browser, request }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signInConsenting(page);
  await page.goto(`${BASE}/dashboard/project/${projectRef}?showConnect=true&type=psql`);
  const dialog = page.getByRole('dialog', { name: 'Connect to your project' });
  const block = dialog.locator('pre').first();
  await expect(block).toContainText(`psql -h`);
  expect(await eventsNamed(request, 'connection_string_copied')).toHaveLength(0);
  await dialog.getByRole('button', { name: /^Copy / }).first().click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await block.textContent());
  await page.screenshot({ path: `${SCREENSHOTS}/signals-connect-copied.png` });

  // The held event goes once the telemetry chunk is in (4 s after load).
  await expect.poll(async () => (await eventsNamed(request, 'connection_string_copied')).length, { timeout: 20_000 }).toBe(1);
  const [event] = await eventsNamed(request, 'connection_string_copied');
  expect(event!.payload.custom_properties).toEqual({ connectionType: 'psql', connectionMethod: 'direct' });
  expect(event!.payload.pathname).toBe(`/dashboard/project/${projectRef}`);
  // Never the string, its host, user or database, anywhere in what was stored.
  const stored = JSON.stringify(await storedEvents(request));
  expect(stored).not.toContain(copied);
  expect(stored).not.toContain('psql -h');
  // The string names the project's database and role (project_{ref}, strata_{ref}); the event names neither.
  expect(copied).toContain(`-U strata_${projectRef}`);
  expect(stored).not.toContain(`strata_${projectRef}`);
  expect(stored).not.toContain(`project_${projectRef}`);
  await context.close();
});

// Found by this test (2026-11-28): the event reached the collector as '[scrubbed]' — its 42-character name has the
// shape of a random token, which the scrubbing removes. The console's own event names are kept now.
test("'Open merge request' on a preview branch sends branch_create_merge_request_button_clicked", async ({ browser, request }) => {
  test.setTimeout(180_000);
  // Branching on, one preview branch (spec A4.4), through the platform's calls.
  const enable = await request.post(`${BASE}/api/v1/projects/${projectRef}/branches`, { headers: auth(), data: { branch_name: 'main', is_default: true } });
  expect(enable.status(), await enable.text()).toBeLessThan(300);
  const branch = await request.post(`${BASE}/api/v1/projects/${projectRef}/branches`, { headers: auth(), data: { branch_name: 'feature-events' } });
  expect(branch.status(), await branch.text()).toBe(201);
  const branchRef = (await branch.json()).project_ref as string;
  await waitActive(request, branchRef);

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInConsenting(page);
  await page.goto(`${BASE}/dashboard/project/${branchRef}`);
  const open = page.getByRole('button', { name: 'Open merge request' });
  await expect(open).toBeVisible({ timeout: 20_000 });
  expect(await eventsNamed(request, 'branch_create_merge_request_button_clicked')).toHaveLength(0);
  await open.click();
  await expect(page.getByText('Merge request created')).toBeVisible();
  await expect.poll(async () => (await eventsNamed(request, 'branch_create_merge_request_button_clicked')).length, { timeout: 20_000 }).toBe(1);
  const [event] = await eventsNamed(request, 'branch_create_merge_request_button_clicked');
  expect(event!.payload.pathname).toMatch(new RegExp(`^/dashboard/project/${branchRef}`));
  await context.close();
});
