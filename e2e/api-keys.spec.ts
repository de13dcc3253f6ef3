import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';
import { savedSessionToken } from './support/project-sql.ts';

// API keys and JWT (issue 16, spec A2.13, A4.9, C§9) on the real platform, in a project of its own (rotating the JWT
// secret of the shared project would change the keys under other specs): /settings/api with the URL, the anon key
// in clear and the service_role key revealed and copied ('Copied' 2 s); a secret key created on /api-keys/new,
// accepted by storage, revealed, revoked and then refused; the JWT secret rotated from /settings/jwt with its
// 'Updating JWT secret...' status, after which storage refuses the old anon key and takes the new one; signing keys
// created and rotated with the JWKS serving them. axe on each page in both themes; screenshots.
test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let page: Page;
let ref = '';

async function themedPage(browser: Browser, theme: 'dark' | 'light'): Promise<Page> {
  const context = await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 900 } });
  await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return context.newPage();
}

const storageBuckets = (key: string) => api.get(`/p/${ref}/storage/v1/bucket`, { headers: { apikey: key, authorization: `Bearer ${key}` } });

test.beforeAll(async ({ baseURL, browser }) => {
  test.setTimeout(150_000);
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  const created = await api.post('/api/platform/projects', {
    data: { organization_slug: readFixture().orgSlug, name: 'Keys', db_pass: 'Keys-db-pass-5521', db_region: 'local' },
  });
  expect(created.status(), await created.text()).toBe(201);
  ref = (await created.json()).ref as string;
  await expect.poll(async () => (await (await api.get(`/api/platform/projects/${ref}/status`)).json()).status, { timeout: 90_000 }).toBe('ACTIVE_HEALTHY');
  page = await themedPage(browser, 'dark');
});

test.afterAll(async () => {
  await api?.delete(`/api/platform/projects/${ref}`).catch(() => {});
  await page?.context().close();
  await api?.dispose();
});

const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

test('/settings/api: URL, the anon key in clear, the service_role key revealed and copied, the last request', async () => {
  const anon = await (await storageBuckets('x')).status(); // a refused request is not a use of a key
  expect(anon).toBe(401);
  await page.goto(`/dashboard/project/${ref}/settings/api`);
  await expect(page.getByRole('heading', { level: 1, name: 'Data API' })).toBeVisible();
  await expect(page.getByLabel('URL value')).toHaveText(`http://127.0.0.1:${new URL(page.url()).port}/p/${ref}`);
  const anonKey = (await page.getByLabel('anon value').textContent())!;
  expect(anonKey).toMatch(/^eyJ/);
  await expect(page.getByTestId('keys-last-used')).toHaveText('No requests in the past 24 hours.');
  // Masked until revealed: not the key, and not in the page.
  const serviceValue = page.getByLabel('service_role value');
  await expect(serviceValue).toHaveText(/^•+$/);
  await page.getByRole('button', { name: 'Reveal service_role' }).click();
  await expect(serviceValue).toHaveText(/^eyJ/);
  const serviceKey = (await serviceValue.textContent())!;
  await page.getByRole('button', { name: 'Copy service_role' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await clipboard()).toBe(serviceKey);
  await expect(page.getByRole('button', { name: 'Copy service_role' })).toBeVisible({ timeout: 3_000 });
  await expectNoAxeFindings(page, '/settings/api, dark');
  await page.screenshot({ path: `${SCREENSHOTS}/settings-api-keys.png` });
  await page.getByRole('button', { name: 'Hide service_role' }).click();
  await expect(serviceValue).toHaveText(/^•+$/);

  // A real request with the anon key: the page says when.
  expect((await storageBuckets(anonKey)).status()).toBe(403);
  await page.reload();
  await expect(page.getByTestId('keys-last-used')).toHaveText(/^Last request was \d+ seconds? ago\.$/);
});

test('/settings/api-keys: a secret key made on /api-keys/new works against storage, is revealed, revoked and refused', async () => {
  await page.goto(`/dashboard/project/${ref}/settings/api-keys`);
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
  await expect(page.getByText('No secret keys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New API key' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New API key' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Bad Name');
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByText('Name must start with a letter or underscore and contain only lowercase letters, digits and underscores')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('backend_worker');
  await page.getByRole('textbox', { name: 'Description' }).fill('The nightly job');
  await expectNoAxeFindings(page, '/settings/api-keys/new, dark');
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Secret keys' });
  await expect(table.getByText('backend_worker')).toBeVisible();
  const value = page.getByLabel('backend_worker value');
  await expect(value).toHaveText(/^strata_secret_•+.{4}$/);
  await page.getByRole('button', { name: 'Reveal backend_worker' }).click();
  await expect(value).toHaveText(/^strata_secret_[A-Za-z0-9_-]{40,}$/);
  const secretKey = (await value.textContent())!;
  expect((await storageBuckets(secretKey)).status()).toBe(200);
  await expectNoAxeFindings(page, '/settings/api-keys, dark');
  await page.screenshot({ path: `${SCREENSHOTS}/settings-api-keys-list.png` });

  await page.getByRole('button', { name: 'Revoke backend_worker' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke API key backend_worker' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('No secret keys yet.')).toBeVisible();
  expect((await storageBuckets(secretKey)).status()).toBe(401);
});

test('/settings/jwt: rotating the secret shows its progress; storage then refuses the old anon key', async () => {
  await page.goto(`/dashboard/project/${ref}/settings/jwt`);
  await expect(page.getByRole('heading', { level: 1, name: 'JWT Keys' })).toBeVisible();
  const oldAnon = (await page.getByLabel('anon value').textContent())!;
  expect((await storageBuckets(oldAnon)).status()).toBe(403);
  await expectNoAxeFindings(page, '/settings/jwt, dark');
  await page.getByRole('button', { name: 'Generate a new JWT secret' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate a new JWT secret' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Generate new secret' }).click();
  await expect(page.getByText('Updating JWT secret...')).toBeVisible();
  await expect(page.getByText(/^JWT secret is being updated/)).toBeVisible();
  // spec A4.9: no reveal or copy of secret keys meanwhile.
  await expect(page.getByRole('button', { name: 'Reveal service_role' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/settings-jwt-updating.png` });
  await expect(page.getByText('Updating JWT secret...')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByLabel('anon value')).not.toHaveText(oldAnon);
  const newAnon = (await page.getByLabel('anon value').textContent())!;
  expect(newAnon).toMatch(/^eyJ/);
  const refused = await storageBuckets(oldAnon);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ message: 'Invalid API key' });
  expect((await storageBuckets(newAnon)).status()).toBe(403);
  await expect(page.getByRole('button', { name: 'Reveal service_role' })).toBeEnabled();
});

test('/settings/jwt/signing-keys: a standby key rotated in, published at the JWKS URL', async () => {
  await page.goto(`/dashboard/project/${ref}/settings/jwt/signing-keys`);
  await expect(page.getByRole('heading', { level: 1, name: 'JWT Signing Keys' })).toBeVisible();
  await expect(page.getByTestId('legacy-in-use')).toBeVisible();
  await page.getByRole('button', { name: 'Create standby key' }).click();
  const table = page.getByRole('table', { name: 'Signing keys' });
  await expect(table.getByText('Standby key')).toBeVisible();
  await table.getByRole('button', { name: 'Rotate keys' }).click();
  await page.getByRole('dialog', { name: 'Rotate signing keys' }).getByRole('button', { name: 'Rotate keys' }).click();
  await expect(table.getByText('Current key')).toBeVisible();
  await expect(page.getByTestId('legacy-in-use')).toHaveCount(0);
  const jwksUrl = (await page.getByLabel('JWKS URL value').textContent())!;
  const jwks = await (await api.get(new URL(jwksUrl).pathname)).json();
  expect(jwks.keys).toHaveLength(1);
  expect(jwks.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256', use: 'sig' });
  expect(jwks.keys[0].d).toBeUndefined();
  await expectNoAxeFindings(page, '/settings/jwt/signing-keys, dark');
  await page.screenshot({ path: `${SCREENSHOTS}/settings-jwt-signing-keys.png` });
});

test('light theme: the four pages pass axe', async ({ browser }) => {
  const light = await themedPage(browser, 'light');
  for (const path of ['settings/api', 'settings/api-keys', 'settings/api-keys/new', 'settings/jwt', 'settings/jwt/signing-keys']) {
    await light.goto(`/dashboard/project/${ref}/${path}`);
    await expect(light.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(light.locator('html')).toHaveAttribute('data-theme', 'light');
    await expectNoAxeFindings(light, `/${path}, light`);
  }
  await light.screenshot({ path: `${SCREENSHOTS}/settings-jwt-signing-keys-light.png` });
  await light.context().close();
});
