// Issue 21, spec A2.14: the 400 and 500 error pages, reached the way a user reaches them —
// - a malformed project ref or organization slug in the address is the 400 'Bad Request' page, inside the chrome,
//   and nothing is asked of the platform about it;
// - the platform failing (500) while a project page loads is the 500 'Internal Server Error' page; Try again loads
//   the page once the platform answers again;
// - an address the platform cannot even decode is its own 400 page, and a page posted to its 405 page.
// Each page passes axe.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { SCREENSHOTS, readFixture } from './support/fixture.ts';

const fx = () => readFixture();

test.beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }));

test('a malformed project ref or organization slug is the 400 page, asked of no one', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/platform\/(projects|organizations)\/(NOT-a-ref|Not%20a%20slug|NOT_A_SLUG)(\/|$)/.test(request.url())) asked.push(request.url());
  });
  await page.goto('/dashboard/project/NOT-a-ref/settings/general');
  const alert = page.getByRole('alert').filter({ hasText: 'Bad Request' });
  await expect(alert.getByRole('heading', { name: '400', level: 1 })).toBeVisible();
  await expect(alert).toContainText('Bad Request');
  // Inside the chrome: the header stays, the way home is a link.
  await expect(page.getByTestId('home-link')).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
  await expectNoAxeFindings(page, '400 page (malformed project ref)');
  await page.screenshot({ path: `${SCREENSHOTS}/error-400.png` });

  for (const slug of ['Not%20a%20slug', 'NOT_A_SLUG']) {
    await page.goto(`/dashboard/org/${slug}/team`);
    await expect(page.getByRole('alert').filter({ hasText: 'Bad Request' }).getByRole('heading', { name: '400' })).toBeVisible();
    // The header's usage hint failing for it does not replace the page (issue 21).
    await expect(page.getByTestId('home-link')).toBeVisible();
  }
  // The pages' own loaders asked nothing; only the header's usage hint, which reads any slug in the address.
  expect(asked.filter((url) => !url.endsWith('/usage'))).toEqual([]);

  // A well-formed ref of no project of the user's is still 'not found', not a bad request.
  await page.goto('/dashboard/project/aaaaaaaaaaaaaaaaaaaa');
  await expect(page.getByText('This page could not be found')).toBeVisible();
});

test("a platform failure while a project page loads is the 500 page; Try again loads it once the platform is back", async ({ page }) => {
  const { projectRef, projectName } = fx();
  let failing = true;
  let failed = 0;
  await page.route(`**/api/platform/projects/${projectRef}`, async (route) => {
    if (failing && route.request().method() === 'GET') {
      failed += 1;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error' }) });
    } else await route.fallback();
  });
  await page.goto(`/dashboard/project/${projectRef}`);
  const alert = page.getByRole('alert').filter({ hasText: 'Internal Server Error' });
  await expect(alert.getByRole('heading', { name: '500', level: 1 })).toBeVisible();
  expect(failed).toBeGreaterThan(0);
  await expect(page.getByTestId('home-link')).toBeVisible();
  await expectNoAxeFindings(page, '500 page (project load failed)');
  await page.screenshot({ path: `${SCREENSHOTS}/error-500.png` });

  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('heading', { name: projectName }).first()).toBeVisible({ timeout: 20_000 });
});

test('the platform answers an undecodable page address with its 400 page and a page posted to with its 405 page', async ({ page, request }) => {
  const malformed = await request.get('/dashboard/project/%E0%A4%A');
  expect(malformed.status()).toBe(400);
  expect(await malformed.text()).toContain('Bad Request');
  await page.goto('/dashboard/project/%E0%A4%A');
  await expect(page.getByRole('heading', { name: '400', level: 1 })).toBeVisible();
  await expect(page.getByText('Bad Request')).toBeVisible();
  await expectNoAxeFindings(page, "the platform's 400 page");
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/(organizations|org\/[^/?#]+)$/);

  const posted = await request.post('/dashboard/organizations', { data: {} });
  expect(posted.status()).toBe(405);
  expect(await posted.text()).toContain('Method Not Allowed');
});
