import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { WCAG_TAGS } from './axe.ts';
import { leaveFixtureAsFound } from './support/cleanup.ts';
import { SCREENSHOTS, accessToken, readFixture } from './support/fixture.ts';

// Notifications from real events (issue 21; spec A2.11, A4.8): a paused project's notification reaches the bell,
// is seen once scrolled into view (behind a page of 10 others), archived, and listed under Archived; a message
// carrying a <script> and javascript: links does nothing; axe on the open popover in both themes.
test.describe.configure({ mode: 'serial' });

const created: string[] = [];
test.afterAll(async () => leaveFixtureAsFound(created));

async function auth(page: Page) {
  if (!page.url().startsWith('http')) await page.goto('/dashboard/organizations');
  return { authorization: `Bearer ${await accessToken(page)}` };
}

async function notifications(page: Page, request: APIRequestContext, query = '') {
  const response = await request.get(`/api/platform/notifications?limit=100${query}`, { headers: await auth(page) });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: string; status: string; data: { title: string } }[];
}

async function devNotify(page: Page, request: APIRequestContext, data: Record<string, unknown>) {
  const response = await request.post('/api/platform/notifications/dev', { headers: await auth(page), data: { data } });
  expect(response.status(), await response.text()).toBe(201);
}

const bell = (page: Page) => page.getByTestId('notifications-bell');
const popover = (page: Page) => page.getByTestId('notifications-popover');

async function openBell(page: Page) {
  await bell(page).hover();
  await expect(bell(page)).not.toHaveAttribute('data-indicator', 'loading');
  await bell(page).click();
  await expect(popover(page)).toBeVisible();
}

test('a paused project notifies the bell; scrolled into view it is seen; archived it moves to Archived', async ({ page, request }) => {
  const { orgSlug } = readFixture();
  const headers = await auth(page);
  // A clean inbox for the signed-in user (other specs pause projects too).
  expect((await request.patch('/api/platform/notifications/archive-all', { headers })).ok()).toBe(true);

  const createdProject = await request.post('/api/platform/projects', {
    headers,
    data: { organization_slug: orgSlug, name: 'Bell project', db_pass: 'Bell-db-pass-2231', db_region: 'local' },
  });
  expect(createdProject.status()).toBe(201);
  const ref = (await createdProject.json()).ref as string;
  created.push(ref);
  const status = async () => (await (await request.get(`/api/platform/projects/${ref}/status`, { headers })).json()).status;
  await expect.poll(status, { timeout: 90_000 }).toBe('ACTIVE_HEALTHY');

  await page.goto(`/dashboard/project/${ref}`);
  await bell(page).hover();
  await expect(bell(page)).toHaveAttribute('data-indicator', 'none');

  expect((await request.post(`/api/platform/projects/${ref}/pause`, { headers })).status()).toBe(200);
  await expect.poll(status, { timeout: 90_000 }).toBe('INACTIVE');

  // It arrives: the bell's unread indicator (after the summary poll or a reload).
  await page.reload();
  await bell(page).hover();
  await expect(bell(page)).toHaveAttribute('data-indicator', 'unread');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // Eleven newer ones push it to the second page (C§9: 10 a page).
  for (let i = 1; i <= 11; i++) await devNotify(page, request, { title: `Newer notice ${i}`, message: `Notice number **${i}**` });
  await page.reload();
  await openBell(page);
  await expect(bell(page).locator('[data-wide="true"]')).toHaveText('12');
  const list = page.getByTestId('notifications-list');
  await expect(list.locator('article')).toHaveCount(10);
  const paused = list.locator('article', { hasText: 'Bell project was paused' });
  await expect(paused).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/notifications-inbox.png` });

  // Scroll to the end: the next page loads and the paused project's row scrolls into view.
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(list.locator('article')).toHaveCount(12);
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(paused).toBeVisible();
  await expect(paused).toHaveAttribute('data-status', 'new');
  await expect(paused.getByRole('link', { name: 'Open project' })).toHaveAttribute('href', `/dashboard/project/${ref}`);
  await page.screenshot({ path: `${SCREENSHOTS}/notifications-paused-row.png` });

  // Closing the popover sets the rows seen in view to seen (A4.8).
  await page.keyboard.press('Escape');
  await expect(popover(page)).toHaveCount(0);
  await expect
    .poll(async () => (await notifications(page, request)).find((n) => n.data.title === 'Bell project was paused')?.status)
    .toBe('seen');

  // Archive it: it leaves the Inbox and is listed under Archived. (The first page is in before the scroll: a scroll
  // on the still empty list moves nothing and loads no next page — seen in a run with two workers.)
  await openBell(page);
  await expect(list.locator('article')).toHaveCount(10);
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(list.locator('article')).toHaveCount(12);
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(paused).toHaveAttribute('data-status', 'seen');
  await paused.getByRole('button', { name: 'Archive' }).click();
  await expect(paused).toHaveCount(0);
  await popover(page).getByRole('tab', { name: 'Archived' }).click();
  await expect(list.locator('article', { hasText: 'Bell project was paused' })).toBeVisible();
  await expect(popover(page).getByRole('button', { name: 'Unread' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/notifications-archived.png` });
  expect((await notifications(page, request, '&status=archived')).map((n) => n.data.title)).toContain('Bell project was paused');
});

test('a message with a <script> and javascript: links does nothing', async ({ page, request }) => {
  const headers = await auth(page);
  expect((await request.patch('/api/platform/notifications/archive-all', { headers })).ok()).toBe(true);
  await devNotify(page, request, {
    title: 'Hostile <b>title</b>',
    message: '<script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> [click me](javascript:window.__pwned=3)',
    actions: [{ label: 'Bad action', url: 'javascript:window.__pwned=4' }, { label: 'Good action', url: '/org/[slug]' }],
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto('/dashboard/organizations');
  await openBell(page);
  const row = page.getByTestId('notifications-list').locator('article').first();
  await expect(row).toContainText('<script>window.__pwned = 1</script>');
  await expect(row).toContainText('Hostile <b>title</b>');
  await expect(row.locator('script, img, b')).toHaveCount(0);
  await expect(row.locator('a[href^="javascript"], [onerror]')).toHaveCount(0);
  await expect(row.getByRole('link', { name: 'Bad action' })).toHaveCount(0);
  await expect(row.getByRole('link', { name: 'Good action' })).toHaveAttribute('href', /^\/dashboard\/org\//);
  await row.getByText('click me').click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(pageErrors).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/notifications-hostile.png` });
});

for (const theme of ['dark', 'light'] as const) {
  test(`the open popover has no critical or serious axe findings (${theme})`, async ({ page, request }) => {
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
    await devNotify(page, request, { title: `Axe ${theme}`, message: 'A *plain* message with `code` and [a link](https://example.com)' });
    await page.goto('/dashboard/organizations');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await openBell(page);
    await expect(page.getByTestId('notifications-list').locator('article').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).include('[data-testid="notifications-popover"]').withTags(WCAG_TAGS).analyze();
    const serious = results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/notifications-${theme}.png` });
  });
}
