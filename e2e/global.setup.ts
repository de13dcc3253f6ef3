import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test as setup, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_WORKERS, accessToken, fixturePaths, signUpAndConfirm, type E2EFixture } from './support/fixture.ts';

// A newcomer's first minutes, for real: sign up in the console and confirm the address from the local inbox, then
// create an organization and two projects through the platform API with the session the console holds. One such
// newcomer per Playwright worker (E2E_WORKERS), so that specs running at once never share a fixture.
setup('sign up and create an organization with projects, once per worker', async ({ browser, request }) => {
  setup.setTimeout(60_000 * E2E_WORKERS);
  for (let slot = 0; slot < E2E_WORKERS; slot++) {
    const context = await browser.newContext();
    await createFixture(await context.newPage(), request, slot);
    await context.close();
  }
});

async function createFixture(page: Page, request: APIRequestContext, slot: number): Promise<void> {
  const email = `e2e-${Date.now()}-${slot}@example.com`;
  const password = 'Quiet-river-stone-42';
  // The confirmation link from the local inbox signs the newcomer in (issue 13 finding 6).
  await signUpAndConfirm(page, request, email, password);
  await expect(page).toHaveURL(/\/dashboard\/organizations$/);

  const token = await accessToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const org = await (await request.post('/api/platform/organizations', { headers, data: { name: 'Acme Industries' } })).json();
  expect(org.slug).toBeTruthy();
  const create = async (name: string) => {
    const response = await request.post('/api/platform/projects', {
      headers,
      data: { organization_slug: org.slug, name, db_pass: 'Strong-db-pass-123', db_region: 'local' },
    });
    expect(response.status()).toBe(201);
    return (await response.json()).ref as string;
  };
  const projectRef = await create('Storefront');
  const secondProjectRef = await create('Analytics');
  for (const ref of [projectRef, secondProjectRef]) {
    await expect
      .poll(async () => (await (await request.get(`/api/platform/projects/${ref}/status`, { headers })).json()).status, { timeout: 30_000 })
      .toBe('ACTIVE_HEALTHY');
  }
  const fixture: E2EFixture = { email, password, orgSlug: org.slug, orgName: org.name, projectRef, projectName: 'Storefront', secondProjectRef };
  const paths = fixturePaths(slot);
  mkdirSync(dirname(paths.fixture), { recursive: true });
  writeFileSync(paths.fixture, JSON.stringify(fixture, null, 2));
  await page.context().storageState({ path: paths.storageState });
}
