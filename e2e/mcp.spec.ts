import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { SCREENSHOTS, readFixture } from './support/fixture.ts';

// Issue 16: the OAuth consent screen (spec A2.14) between an MCP client and the platform's /mcp, and personal
// access tokens (/account/tokens). The "client" here registers itself (RFC 7591), sends the browser to
// /oauth/authorize with PKCE, and reads the redirect the consent screen follows.
const fx = () => readFixture();
const REDIRECT_URI = 'http://127.0.0.1:9/callback';

test.describe.configure({ mode: 'serial' });

interface PendingClient {
  clientId: string;
  verifier: string;
  state: string;
  authorizeUrl: string;
}

async function startAuthorization(request: APIRequestContext, baseURL: string): Promise<PendingClient> {
  const registered = await request.post('/oauth/register', {
    data: { client_name: 'E2E MCP client', client_uri: 'https://client.example.com', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' },
  });
  expect(registered.status()).toBe(201);
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const url = new URL('/oauth/authorize', baseURL);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    resource: new URL('/mcp', baseURL).toString(),
  }).toString();
  return { clientId, verifier, state, authorizeUrl: url.toString() };
}

/** The client's redirect URI does not exist: catch the navigation there and report its URL. */
async function catchRedirect(page: Page): Promise<() => Promise<URL>> {
  let resolve: (url: URL) => void = () => {};
  const reached = new Promise<URL>((r) => (resolve = r));
  await page.route('http://127.0.0.1:9/**', async (route) => {
    resolve(new URL(route.request().url()));
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>client</title><h1>Back in the client</h1>' });
  });
  return () => reached;
}

async function switchTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((value) => {
    const oldValue = window.localStorage.getItem('theme');
    window.localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', oldValue, newValue: value, storageArea: window.localStorage, url: window.location.href }));
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

async function listTools(request: APIRequestContext, token: string, query = '') {
  return request.post(`/mcp${query}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });
}

test('approve on the consent screen: the client gets a code, a token, and lists the project’s tables over MCP', async ({ page, request, baseURL }) => {
  const client = await startAuthorization(request, baseURL!);
  const redirected = await catchRedirect(page);
  await page.goto(client.authorizeUrl);
  await expect(page).toHaveURL(/\/dashboard\/authorize\?auth_id=/);
  await expect(page.getByRole('heading', { name: 'Authorize E2E MCP client' })).toBeVisible();
  const details = page.getByRole('definition');
  await expect(details.filter({ hasText: REDIRECT_URI })).toBeVisible();
  await expect(details.filter({ hasText: 'https://client.example.com' })).toBeVisible();
  await switchTheme(page, 'dark');
  await expectNoAxeFindings(page, 'OAuth consent (dark)');
  await page.screenshot({ path: `${SCREENSHOTS}/oauth-consent.png` });
  await switchTheme(page, 'light');
  await expectNoAxeFindings(page, 'OAuth consent (light)');
  await page.screenshot({ path: `${SCREENSHOTS}/oauth-consent-light.png` });
  await switchTheme(page, 'dark');

  await page.getByRole('button', { name: 'Approve' }).click();
  const back = await redirected();
  expect(back.searchParams.get('state')).toBe(client.state);
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  await expect(page.getByRole('heading', { name: 'Back in the client' })).toBeVisible();

  const token = await request.post('/oauth/token', {
    form: { grant_type: 'authorization_code', code: code!, code_verifier: client.verifier, client_id: client.clientId, redirect_uri: REDIRECT_URI },
  });
  expect(token.status()).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  const tools = await listTools(request, access_token, `?project_ref=${fx().projectRef}`);
  expect(tools.status()).toBe(200);
  expect(JSON.stringify(await tools.json())).toContain('list_tables');
  const tables = await request.post(`/mcp?project_ref=${fx().projectRef}`, {
    headers: { authorization: `Bearer ${access_token}`, accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_tables', arguments: { schemas: ['public'] } } },
  });
  expect(tables.status()).toBe(200);
  expect((await tables.json()) as object).toMatchObject({ result: { content: [{ type: 'text' }] } });

});

test('deny on the consent screen: the client hears access_denied and gets no code', async ({ page, request, baseURL }) => {
  const client = await startAuthorization(request, baseURL!);
  const redirected = await catchRedirect(page);
  await page.goto(client.authorizeUrl);
  await expect(page.getByRole('heading', { name: 'Authorize E2E MCP client' })).toBeVisible();
  const consentUrl = page.url();
  await page.getByRole('button', { name: 'Deny' }).click();
  const back = await redirected();
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('code')).toBeNull();
  expect(back.searchParams.get('state')).toBe(client.state);
  // The redirect's page has loaded before the next navigation (else page.goto is interrupted by it).
  await expect(page.getByRole('heading', { name: 'Back in the client' })).toBeVisible();
  // The answered request cannot be answered again.
  await page.goto(consentUrl);
  await expect(page.getByRole('alert')).toContainText('does not exist, has expired or was already answered');
});

test('a signed-out user signs in first and comes back to the consent screen', async ({ browser, request, baseURL }) => {
  const client = await startAuthorization(request, baseURL!);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto(client.authorizeUrl);
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?returnTo=/);
  await page.getByLabel('Email').fill(fx().email);
  await page.getByRole('textbox', { name: 'Password' }).fill(fx().password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Authorize E2E MCP client' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/authorize\?auth_id=/);
  await context.close();
});

test('access tokens: create (shown once), use on /mcp, revoke; axe in both themes', async ({ page, request }) => {
  await page.goto('/dashboard/account/tokens');
  await expect(page.getByRole('heading', { name: 'Access Tokens', level: 1 })).toBeVisible();
  await switchTheme(page, 'dark');
  await expectNoAxeFindings(page, 'Access tokens (dark)');
  const name = `e2e-${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Generate token' }).click();
  const shown = page.getByTestId('new-token');
  await expect(shown).toHaveText(/^stp_/);
  const token = (await shown.textContent())!;
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/account-tokens.png` });
  await switchTheme(page, 'light');
  await expectNoAxeFindings(page, 'Access tokens (light)');
  await page.screenshot({ path: `${SCREENSHOTS}/account-tokens-light.png` });
  await switchTheme(page, 'dark');

  expect((await listTools(request, token)).status()).toBe(200);
  // Shown once: a reload lists the token by its prefix only.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expect(page.getByTestId('new-token')).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect((await listTools(request, token)).status()).toBe(401);
});
