import { createServer, type Server } from 'node:http';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { projectSql, savedSessionToken } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';
import { ASSISTANT_STUB_PORT } from './support/ports.ts';

// Issue 21 part 3: the resource exhaustion banner appears once a project's database fills its (smaller, developer
// switch) disk; the Help popover starts the 'Support' assistant, answered by a stub OpenAI-compatible endpoint
// (the platform proxies it, configured in playwright.config.ts) that receives the project's schema; the header's
// toggles (advisor red dot on an ERROR lint, SQL editor); the feedback widget sends text and an attached image.
// axe in both themes, screenshots in e2e/screenshots/help-*.png.
const fx = () => readFixture();
const stamp = Date.now().toString(36);
const TABLE = `e2e_help_${stamp}`;
/** One name across retries, dropped before and after. */
const FILL = 'e2e_help_disk_fill';

let api: APIRequestContext;
let stub: Server;
let stubRequests: { messages: { role: string; content: string }[] }[] = [];
let bannerRef: string;

test.describe.configure({ mode: 'serial' });

async function themedPage(browser: Browser, theme: 'dark' | 'light'): Promise<Page> {
  const context = await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 900 } });
  await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
  return context.newPage();
}

test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  stub = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const parsed = JSON.parse(body || '{}');
      stubRequests.push(parsed);
      const system = String(parsed.messages?.[0]?.content ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `Stub answer. I can see ${system.includes(TABLE) ? `public.${TABLE}` : 'no table'}.` } }] }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(ASSISTANT_STUB_PORT, '127.0.0.1', resolve));
  await projectSql(api, fx().projectRef, `create table public.${TABLE} (id bigint primary key, note text)`);
});

test.afterAll(async () => {
  await projectSql(api, fx().projectRef, `drop table if exists public.${TABLE}`).catch(() => undefined);
  if (bannerRef) await projectSql(api, bannerRef, `drop table if exists public.${FILL}`).catch(() => undefined);
  if (bannerRef) await api.post(`/api/platform/dev/projects/${bannerRef}`, { data: { disk_size_bytes: null } }).catch(() => undefined);
  stub?.close();
  await api?.dispose();
});

test('a project whose database fills its disk shows the resource banner, with Check to compute and disk', async ({ browser }) => {
  test.setTimeout(180_000);
  // Its own project (the second fixture project), so no other spec sees the banner.
  bannerRef = fx().secondProjectRef;
  await projectSql(api, bannerRef, `drop table if exists public.${FILL}`);
  const size = async () => Number((await projectSql<{ b: string }>(api, bannerRef, 'select pg_database_size(current_database())::text as b'))[0]!.b);
  const used = await size();
  // A disk 5 MB larger than 1/0.8 of what the database holds now: no warning yet.
  const disk = Math.floor((used + 5 * 1024 * 1024) / 0.8);
  expect((await api.post(`/api/platform/dev/projects/${bannerRef}`, { data: { disk_size_bytes: disk } })).ok()).toBe(true);
  const page = await themedPage(browser, 'dark');
  await page.goto(`/dashboard/project/${bannerRef}/editor`);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('resource-banner')).toHaveCount(0);

  // Fill the database for real until it is past 80 % of the disk.
  await projectSql(api, bannerRef, `create table public.${FILL} as select g, md5(g::text) || md5((g * 3)::text) || md5((g * 7)::text) as t from generate_series(1, 90000) g`);
  expect(await size()).toBeGreaterThanOrEqual(disk * 0.8);
  // The fill overshoots the small disk; at 95 % the platform would set the database read-only (issue 20 disk
  // enforcement, a 30 s pass): the disk is set to hold the filled database at 85 % — past the warning, short of it.
  const filled = Math.ceil((await size()) / 0.85);
  expect((await api.post(`/api/platform/dev/projects/${bannerRef}`, { data: { disk_size_bytes: filled } })).ok()).toBe(true);
  await page.reload();
  const banner = page.getByTestId('resource-banner');
  await expect(banner).toBeVisible();
  // Warning from 80 %, critical ('has run out') from 90 %: the fill may cross either.
  await expect(banner.getByRole('heading', { name: /^Your project (is running out of|has run out of) disk space$/ })).toBeVisible();
  await expect(banner).toContainText('The disk can be increased up to 200GB on the Database Settings page.');
  await expect(banner.getByRole('link', { name: 'Learn more' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/help-banner-dark.png` });
  await expectNoAxeFindings(page, 'resource banner (dark)');
  // spec A2.12: hidden on /infrastructure (not read-only).
  await page.goto(`/dashboard/project/${bannerRef}/settings/infrastructure`);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('resource-banner')).toHaveCount(0);
  await page.goto(`/dashboard/project/${bannerRef}/editor`);
  await page.getByTestId('resource-banner').getByRole('link', { name: 'Check' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${bannerRef}/settings/compute-and-disk`));
  await page.context().close();

  const light = await themedPage(browser, 'light');
  await light.goto(`/dashboard/project/${bannerRef}/editor`);
  await expect(light.getByTestId('resource-banner')).toBeVisible();
  await light.screenshot({ path: `${SCREENSHOTS}/help-banner-light.png` });
  await expectNoAxeFindings(light, 'resource banner (light)');
  await light.context().close();
  await projectSql(api, bannerRef, `drop table public.${FILL}`);
});

test("Help starts the 'Support' assistant, answered through the platform with the project's schema", async ({ browser }) => {
  for (const theme of ['dark', 'light'] as const) {
    stubRequests = [];
    const page = await themedPage(browser, theme);
    await page.goto(`/dashboard/project/${fx().projectRef}`);
    await page.getByRole('button', { name: 'Help' }).click();
    const menu = page.getByRole('menu', { name: 'Help' });
    await expect(menu.getByRole('menuitem', { name: 'Docs', exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Troubleshooting' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Contact support' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Ask the Support assistant' }).click();
    const panel = page.getByRole('dialog', { name: 'Support assistant' });
    await expect(panel.getByRole('heading', { name: 'Support' })).toBeVisible();
    await expect(panel.getByText('Answers come from e2e-stub-model')).toBeVisible();
    await panel.getByRole('button', { name: 'Write a SQL query that lists my largest tables' }).click();
    await expect(panel.getByText(`Stub answer. I can see public.${TABLE}.`)).toBeVisible();
    expect(stubRequests).toHaveLength(1);
    expect(stubRequests[0]!.messages.at(-1)).toEqual({ role: 'user', content: 'Write a SQL query that lists my largest tables' });
    await page.screenshot({ path: `${SCREENSHOTS}/help-assistant-${theme}.png` });
    await expectNoAxeFindings(page, `assistant panel (${theme})`);
    await panel.getByLabel('Ask the assistant').fill('And the smallest?');
    await panel.getByLabel('Ask the assistant').press('Enter');
    await expect(panel.locator('li[data-role="assistant"]')).toHaveCount(2);
    expect(stubRequests[1]!.messages.filter((m) => m.role !== 'system')).toHaveLength(3);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.context().close();
  }
});

test('header toggles: the advisor shows a red dot for an ERROR lint, the SQL editor toggle opens the editor', async ({ browser }) => {
  // The table of this spec has no RLS in public: rls_disabled_in_public, level ERROR.
  const page = await themedPage(browser, 'dark');
  await page.goto(`/dashboard/project/${fx().projectRef}`);
  await expect(page.getByTestId('advisor-error-dot')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Advisor Center, issues at level ERROR' })).toBeVisible();
  await page.getByTestId('assistant-toggle').click();
  await expect(page.getByRole('dialog', { name: 'Support assistant' })).toBeVisible();
  await page.getByTestId('assistant-toggle').click();
  await expect(page.getByRole('dialog', { name: 'Support assistant' })).toBeHidden();
  await page.getByTestId('sql-toggle').click();
  await expect(page).toHaveURL(new RegExp(`/project/${fx().projectRef}/sql`));
  await page.getByTestId('advisor-toggle').click();
  await expect(page).toHaveURL(new RegExp(`/project/${fx().projectRef}/advisors/security`));
  await page.context().close();
});

test('the feedback widget sends text and an attached image; only admins can read feedback', async ({ browser }) => {
  for (const theme of ['dark', 'light'] as const) {
    const page = await themedPage(browser, theme);
    await page.goto(`/dashboard/project/${fx().projectRef}`);
    await page.getByTestId('feedback-button').click();
    const panel = page.getByRole('dialog', { name: 'Feedback' });
    await panel.getByLabel('Your feedback').fill(`The header is tidy (${theme})`);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await panel.getByTestId('feedback-file').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: png });
    await expect(panel.getByRole('img', { name: 'Screenshot to send' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/help-feedback-${theme}.png` });
    await expectNoAxeFindings(page, `feedback panel (${theme})`);
    await panel.getByTestId('feedback-send').click();
    await expect(panel.getByTestId('feedback-sent')).toHaveText('Thanks for your feedback!');
    await page.context().close();
  }
  // The fixture user is no platform admin (STRATA_PLATFORM_ADMINS unset).
  expect((await api.get('/api/platform/admin/feedback')).status()).toBe(403);
});
