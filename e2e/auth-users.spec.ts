import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { savedSessionToken } from './support/project-sql.ts';
import { SCREENSHOTS, STORAGE_STATE, readFixture } from './support/fixture.ts';

// Authentication → Users (issue 18, spec A2.7): a user created from the page, found by part of her address,
// her detail panel, a password recovery (the mail lands in the project's local inbox), and her deletion with the
// typed confirmation.
const fx = () => readFixture();
const stamp = Date.now().toString(36);
const eve = `eve_${stamp}@example.com`;
const ivy = `ivy.${stamp}@example.com`;

let api: APIRequestContext;
let page: Page;
let serviceKey: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedSessionToken()}` } });
  const settings = await api.get(`/api/platform/projects/${fx().projectRef}/settings`);
  expect(settings.ok()).toBe(true);
  const keys = ((await settings.json()) as { service_api_keys: Array<{ tags: string; api_key: string }> }).service_api_keys;
  serviceKey = keys.find((key) => key.tags === 'service_role')!.api_key;
  page = await (await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1400, height: 900 } })).newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await api?.dispose();
});

/** The newest mail to `email` of `subject` in the project's own inbox (read with its service_role key). */
async function projectMail(email: string, subject: string) {
  const response = await api.get(`/p/${fx().projectRef}/auth/v1/local/inbox?format=json&email=${encodeURIComponent(email)}`, {
    headers: { apikey: serviceKey, 'x-strata-inbox-token': serviceKey },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { messages } = (await response.json()) as { messages: Array<{ to: string; subject: string; link: string | null }> };
  return messages.find((m) => m.subject === subject);
}

test('creates a user, finds her, opens her detail, sends a recovery and deletes her', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/auth/users`);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add user' }).click();
  await page.getByRole('menuitem', { name: 'Create new user' }).click();
  const create = page.getByRole('dialog', { name: 'Create new user' });
  await create.getByRole('textbox', { name: 'Email address' }).fill(eve);
  await create.getByLabel('User password').fill('Strong-pass-123');
  await create.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText(`Created user ${eve}`)).toBeVisible();
  await expect(create).toHaveCount(0);

  // Search by part of her address, in capitals and with the `_` read literally.
  const search = page.getByRole('searchbox', { name: 'Search by email, phone or user ID' });
  await search.fill(`EVE_${stamp}`);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('button', { name: `View user ${eve}` })).toBeVisible();
  // react-aria's live announcer said the toast by reference (a div role=img labelled by the toast's title); closed,
  // the reference dangles until the announcer clears it (7 s) — the app-wide announcer's, not this page's.
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByText(`Created user ${eve}`)).toHaveCount(0);
  await expect(page.locator('[aria-live] div[role="img"]')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: `${SCREENSHOTS}/auth-users.png` });
  await expectNoAxeFindings(page, 'Authentication users page');

  // `%` is not a wildcard: nothing matches.
  await search.fill(`e%e_${stamp}`);
  await expect(page.getByRole('heading', { name: 'No users found' })).toBeVisible();
  await search.fill(eve);
  await expect(table.getByRole('row')).toHaveCount(2);

  await table.getByRole('button', { name: `View user ${eve}` }).click();
  const panel = page.getByRole('dialog', { name: `User ${eve}` });
  await expect(panel.getByText('Raw user metadata')).toBeVisible();
  await expect(panel.getByText(/^Yes, /)).toBeVisible();
  await expect(panel.getByText(/^Email: /)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/auth-users-detail.png` });
  await panel.getByRole('button', { name: 'Send password recovery' }).click();
  await expect(page.getByText(`Sent password recovery to ${eve}`, { exact: false })).toBeVisible();
  await expect.poll(async () => (await projectMail(eve, 'Reset your password'))?.link ?? null).toBeTruthy();

  await panel.getByRole('button', { name: 'Delete user' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete user ${eve}` });
  await confirm.getByRole('textbox').fill(eve);
  await confirm.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText(`Deleted user ${eve}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No users found' })).toBeVisible();
});

test('invites a user and sends her a magic link from her row; both mails are in the project inbox', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/auth/users`);
  await page.getByRole('button', { name: 'Add user' }).click();
  await page.getByRole('menuitem', { name: 'Send invitation' }).click();
  const invite = page.getByRole('dialog', { name: 'Send invitation' });
  await invite.getByRole('textbox', { name: 'Email address' }).fill(ivy);
  await invite.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByText(`Sent invitation to ${ivy}`, { exact: false })).toBeVisible();
  await expect.poll(async () => (await projectMail(ivy, 'You have been invited'))?.link ?? null).toBeTruthy();

  await page.getByRole('searchbox', { name: 'Search by email, phone or user ID' }).fill(ivy);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: `Actions for ${ivy}` }).click();
  await page.getByRole('menuitem', { name: 'Send magic link' }).click();
  await expect(page.getByText(`Sent magic link to ${ivy}`, { exact: false })).toBeVisible();
  await expect.poll(async () => (await projectMail(ivy, 'Your sign-in link'))?.link ?? null).toBeTruthy();

  await table.getByRole('button', { name: `Actions for ${ivy}` }).click();
  await page.getByRole('menuitem', { name: 'Delete user' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete user ${ivy}` });
  await confirm.getByRole('textbox').fill(ivy);
  await confirm.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByRole('heading', { name: 'No users found' })).toBeVisible();
});
