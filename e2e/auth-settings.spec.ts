import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { savedSessionToken } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// Authentication settings pages (issue 18, spec A2.7): URL Configuration, Rate Limits, Sign In / Providers,
// Sessions, MFA, Auth Hooks, Email Templates, SMTP, Advanced and Third-Party Auth saved through their forms and read
// back from the platform; a user signed up through the project's own auth shows in Audit Logs (searched) and in the
// Overview's figures; the magic link then mailed has the template's subject and body. axe on every page in both
// themes; screenshots.
const fx = () => readFixture();
const stamp = Date.now().toString(36);
const EMAIL = `audit.${stamp}@example.com`;

let api: APIRequestContext;
let page: Page;
let original: Record<string, unknown>;

const PAGES = [
  ['url-configuration', 'URL Configuration'],
  ['rate-limits', 'Rate Limits'],
  ['providers', 'Sign In / Providers'],
  ['sessions', 'User Sessions'],
  ['mfa', 'Multi-Factor Authentication (MFA)'],
  ['hooks', 'Auth Hooks'],
  ['audit-logs', 'Audit Logs'],
  ['overview', 'Authentication Overview'],
  ['templates', 'Email Templates'],
  ['smtp', 'SMTP Settings'],
  ['advanced', 'Advanced'],
  ['protection', 'Attack Protection'],
  ['third-party', 'Third-Party Auth'],
] as const;

test.describe.configure({ mode: 'serial' });

const configUrl = () => `/api/platform/projects/${fx().projectRef}/config/auth`;
const readConfig = async () => (await (await api.get(configUrl())).json()) as Record<string, unknown>;

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  original = await readConfig();
  page = await (await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 900 } })).newPage();
});

test.afterAll(async () => {
  // The fixture project's auth is shared with other specs: its settings go back to what they were.
  if (original) await api.patch(configUrl(), { data: original });
  await page?.context().close();
  await api?.dispose();
});

const open = async (target: Page, id: string, title: string) => {
  await target.goto(`/dashboard/project/${fx().projectRef}/auth/${id}`);
  // The first page of a fresh platform on this loaded machine can take longer than the default 10 s.
  await expect(target.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 30_000 });
};

/** A switch toggled from the keyboard (react-aria's input is visually hidden under its label). */
async function toggle(name: string) {
  const control = page.getByRole('switch', { name });
  const before = await control.isChecked();
  await control.focus();
  await page.keyboard.press('Space');
  await expect(control).toBeChecked({ checked: !before });
}

async function saved() {
  await expect(page.getByText('Successfully updated settings')).toBeVisible();
  const close = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Close' });
  while ((await close.count()) > 0) await close.first().click();
  // react-aria's announcer keeps a reference to a closed toast for a while (see auth-users.spec.ts).
  await expect(page.locator('[aria-live] div[role="img"]')).toHaveCount(0, { timeout: 15_000 });
}

test('URL Configuration: a bad URL is named, the allow-list is saved and read back', async () => {
  await open(page, 'url-configuration', 'URL Configuration');
  const site = page.getByRole('textbox', { name: 'Site URL' });
  await site.fill('not a url');
  await expect(page.getByText('Enter a URL starting with http:// or https://')).toBeVisible();
  await site.fill('https://app.example.com');
  await page.getByRole('textbox', { name: 'Redirect URLs' }).fill('https://app.example.com/**\nhttp://localhost:5173/auth/callback');
  await page.screenshot({ path: `${SCREENSHOTS}/auth-url-configuration.png` });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await saved();
  const config = await readConfig();
  expect(config.site_url).toBe('https://app.example.com');
  expect(config.uri_allow_list).toBe('https://app.example.com/**,http://localhost:5173/auth/callback');
  // After the save the form shows the stored values, nothing left to save.
  await expect(page.getByRole('textbox', { name: 'Site URL' })).toHaveValue('https://app.example.com');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
});

test('Rate Limits, Providers, Sessions, MFA and Hooks save what was changed', async () => {
  await open(page, 'rate-limits', 'Rate Limits');
  await page.getByRole('textbox', { name: 'Rate limit for sign-ups and sign-ins' }).fill('0');
  await expect(page.getByText('Enter a value from 1 to 100,000')).toBeVisible();
  await page.getByRole('textbox', { name: 'Rate limit for sign-ups and sign-ins' }).fill('500');
  await page.screenshot({ path: `${SCREENSHOTS}/auth-rate-limits.png` });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await saved();
  expect((await readConfig()).rate_limit_otp).toBe(500);

  await open(page, 'providers', 'Sign In / Providers');
  await toggle('Confirm email');
  await page.getByRole('textbox', { name: 'Minimum password length' }).fill('10');
  await toggle('Enable GitHub provider');
  await expect(page.getByText(/cannot reach: its settings are stored/).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/auth-providers.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await saved();
  let config = await readConfig();
  expect([config.mailer_autoconfirm, config.password_min_length, config.external_github_enabled]).toEqual([true, 10, true]);

  await open(page, 'sessions', 'User Sessions');
  await page.getByRole('textbox', { name: 'Time-box user sessions' }).fill('24');
  await page.screenshot({ path: `${SCREENSHOTS}/auth-sessions.png` });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await saved();
  expect((await readConfig()).sessions_timebox).toBe(86_400);

  await open(page, 'mfa', 'Multi-Factor Authentication (MFA)');
  await toggle('Allow enrolling TOTP factors');
  await page.screenshot({ path: `${SCREENSHOTS}/auth-mfa.png` });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await saved();
  expect((await readConfig()).mfa_totp_enroll_enabled).toBe(false);

  await open(page, 'hooks', 'Auth Hooks');
  await toggle('Enable hook');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Postgres function is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Postgres function' }).fill('pg-functions://postgres/public/custom_claims');
  await page.screenshot({ path: `${SCREENSHOTS}/auth-hooks.png` });
  await toggle('Enable hook');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await saved();
  config = await readConfig();
  expect([config.hook_custom_access_token_enabled, config.hook_custom_access_token_uri]).toEqual([false, 'pg-functions://postgres/public/custom_claims']);
});

test("a sign-up through the project's auth shows in Audit Logs and the Overview", async () => {
  const settings = await (await api.get(`/api/platform/projects/${fx().projectRef}/settings`)).json();
  const anon = (settings.service_api_keys as { tags: string; api_key: string }[]).find((k) => k.tags === 'anon')!.api_key;
  const signUp = await api.post(`/p/${fx().projectRef}/auth/v1/signup`, {
    headers: { apikey: anon, authorization: `Bearer ${anon}` },
    data: { email: EMAIL, password: 'Correct-Horse-42-Battery' },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);

  await open(page, 'audit-logs', 'Audit Logs');
  await page.getByRole('searchbox', { name: 'Search audit logs' }).fill(EMAIL);
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Audit log entries' });
  // Confirm email was turned off above: the sign-up is also a sign-in.
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByText('Signed up')).toBeVisible();
  await expect(table.getByText('Signed in')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/auth-audit-logs.png` });
  await page.getByRole('searchbox', { name: 'Search audit logs' }).fill(`nobody-${stamp}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`No audit log entries match “nobody-${stamp}”`)).toBeVisible();

  await open(page, 'overview', 'Authentication Overview');
  const users = page.getByRole('region', { name: 'Total users' });
  await expect(users).toBeVisible();
  const [count] = await (await api.post(`/api/platform/pg-meta/${fx().projectRef}/query`, { data: { query: 'select count(*)::int as n from auth.users where deleted_at is null' } })).json();
  await expect(users.getByText(String(count.n), { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sign-ins per day' }).getByRole('listitem')).toHaveCount(14);
  await page.screenshot({ path: `${SCREENSHOTS}/auth-overview.png` });
});

test('Email Templates shape the mail sent; SMTP settings keep the password hidden; Advanced and the outside-service pages save', async () => {
  const settings = await (await api.get(`/api/platform/projects/${fx().projectRef}/settings`)).json();
  const keys = settings.service_api_keys as { tags: string; api_key: string }[];
  const anon = keys.find((k) => k.tags === 'anon')!.api_key;
  const serviceRole = keys.find((k) => k.tags === 'service_role')!.api_key;

  await open(page, 'templates', 'Email Templates');
  await page.getByRole('textbox', { name: 'Magic Link: subject' }).fill(`Sign in to Storefront ${stamp}`);
  await page.getByRole('textbox', { name: 'Magic Link: body (HTML)' }).fill('<p>Hello {{ .Email }}, your code is {{ .Token }}</p>');
  await page.screenshot({ path: `${SCREENSHOTS}/auth-templates.png` });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await saved();
  const otp = await api.post(`/p/${fx().projectRef}/auth/v1/otp`, { headers: { apikey: anon }, data: { email: EMAIL, create_user: false } });
  expect(otp.ok(), await otp.text()).toBe(true);
  const inbox = await api.get(`/p/${fx().projectRef}/auth/v1/local/inbox?format=json&email=${encodeURIComponent(EMAIL)}`, {
    headers: { 'x-strata-inbox-token': serviceRole },
  });
  const [mail] = ((await inbox.json()) as { messages: { subject: string; text: string; code: string }[] }).messages;
  expect(mail?.subject).toBe(`Sign in to Storefront ${stamp}`);
  expect(mail?.text).toBe(`<p>Hello ${EMAIL}, your code is ${mail?.code}</p>`);

  await open(page, 'smtp', 'SMTP Settings');
  await page.getByRole('textbox', { name: 'Host' }).fill('127.0.0.1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Sender email is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Sender email' }).fill('noreply@storefront.example.com');
  await page.getByRole('textbox', { name: 'Port number' }).fill('2525');
  await page.getByRole('textbox', { name: 'Username' }).fill('mailer');
  await page.getByLabel('Password').fill('smtp-secret-1');
  await page.screenshot({ path: `${SCREENSHOTS}/auth-smtp.png` });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await saved();
  const config = await readConfig();
  expect([config.smtp_host, config.smtp_port, config.smtp_admin_email, config.smtp_pass]).toEqual(['127.0.0.1', 2525, 'noreply@storefront.example.com', '********']);
  await expect(page.getByLabel('Password')).toHaveValue('********');

  await open(page, 'advanced', 'Advanced');
  await page.getByRole('textbox', { name: 'Access token (JWT) expiry time' }).fill('10');
  await expect(page.getByText('Enter a value from 30 to 604,800')).toBeVisible();
  await page.getByRole('textbox', { name: 'Access token (JWT) expiry time' }).fill('1800');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await saved();
  expect((await readConfig()).jwt_exp).toBe(1800);

  await open(page, 'protection', 'Attack Protection');
  await expect(page.getByText(/cannot reach: the settings are stored, and not used here/).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/auth-protection.png` });
  await open(page, 'third-party', 'Third-Party Auth');
  await toggle('Enable Firebase Auth');
  await page.getByRole('textbox', { name: 'Firebase project ID' }).fill('storefront-123');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await saved();
  expect([(await readConfig()).third_party_firebase_enabled, (await readConfig()).third_party_firebase_project_id]).toEqual([true, 'storefront-123']);
});

async function themedPage(browser: Browser, theme: 'dark' | 'light'): Promise<Page> {
  const context = await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 900 } });
  await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
  return context.newPage();
}

for (const theme of ['dark', 'light'] as const) {
  test(`axe on every Authentication settings page, ${theme} theme`, async ({ browser }) => {
    // Thirteen pages, axe on each: several seconds a page on this shared machine.
    test.setTimeout(300_000);
    const themed = await themedPage(browser, theme);
    for (const [id, title] of PAGES) {
      await open(themed, id, title);
      await expect(themed.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(themed.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoAxeFindings(themed, `auth/${id}, ${theme}`, { soft: true });
    }
    await themed.screenshot({ path: `${SCREENSHOTS}/auth-third-party-${theme}.png` });
    await themed.context().close();
  });
}
