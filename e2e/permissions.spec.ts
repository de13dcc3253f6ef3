import { expect, request as playwrightRequest, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SCREENSHOTS, accessToken, signUpAndConfirm } from './support/fixture.ts';

// Issue 14 item 4: a read-only member sees storage's write actions disabled, each saying why (spec A6/B6 'You need
// additional permissions to …'), while reading still works; the platform refuses the writes all the same. The
// member joins a throw-away organization of the fixture user (invitation with role read_only, then sign-up).
let owner: APIRequestContext;
let ref: string | undefined;

test.afterAll(async () => {
  if (ref) expect([200, 404]).toContain((await owner.delete(`/api/platform/projects/${ref}`)).status());
  await owner?.dispose();
});

/**
 * The keyboard reaches the disabled control's wrapper (disabled buttons take no focus) and the tooltip says why:
 * Tab away and back, so focus arrives the way a keyboard user's does.
 */
async function expectRefused(page: Page, control: Locator, reason: string) {
  await expect(control).toBeDisabled();
  const wrapper = page.getByRole('img', { name: reason });
  await wrapper.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(wrapper).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText(reason);
  await wrapper.blur();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

test('a read-only member browses storage with every write disabled and explained', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.goto('/dashboard/organizations');
  owner = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${await accessToken(page)}` } });
  const ok = async <T>(response: Promise<import('@playwright/test').APIResponse>): Promise<T> => {
    const answer = await response;
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()) as T;
  };

  const org = await ok<{ slug: string }>(owner.post('/api/platform/organizations', { data: { name: 'Read Only Co' } }));
  const project = await ok<{ ref: string }>(
    owner.post('/api/platform/projects', { data: { organization_slug: org.slug, name: 'Shared files', db_pass: 'Shared-db-pass-5521', db_region: 'local' } }),
  );
  ref = project.ref;
  await expect
    .poll(async () => (await (await owner.get(`/api/platform/projects/${ref}/status`)).json()).status, { timeout: 90_000 })
    .toBe('ACTIVE_HEALTHY');
  await ok(owner.post(`/api/platform/storage/${ref}/buckets`, { data: { id: 'docs', name: 'docs', public: false } }));
  const key = (await ok<{ api_key: string }>(owner.post(`/api/platform/projects/${ref}/api-keys/temporary?authorization_exp=300`))).api_key;
  for (const path of ['readme.txt', 'reports/q1.txt']) {
    const uploaded = await owner.post(`/p/${ref}/storage/v1/object/docs/${path}`, {
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      data: `contents of ${path}`,
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
  }

  const reader = `reader-${Date.now()}@example.com`;
  await ok(owner.post(`/api/platform/organizations/${org.slug}/members/invitations`, { data: { email: reader, role: 'read_only' } }));
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const second = await context.newPage();
  try {
    // Sign-up, then the confirmation link from the local inbox (issue 13 finding 6).
    await signUpAndConfirm(second, owner, reader, 'Lantern-orchard-pebble-73');

    await second.goto(`/dashboard/project/${ref}/storage/buckets?bucketId=docs`);
    // Reading works: the bucket and its files are listed.
    await expect(second.getByTestId('storage-row-readme.txt')).toBeVisible({ timeout: 20_000 });
    await expect(second.getByTestId('storage-row-reports')).toBeVisible();

    await expectRefused(second, second.getByRole('button', { name: 'New bucket' }), 'You need additional permissions to create buckets');
    await expectRefused(second, second.getByRole('button', { name: 'Create folder' }), 'You need additional permissions to create folders');
    await expectRefused(second, second.getByRole('button', { name: 'Upload files' }), 'You need additional permissions to upload files');
    // Hover shows it too (the pointer moves in from elsewhere, as a user's does: react-aria shows tooltips on hover
    // only once the pointer is the current modality).
    await second.mouse.move(600, 400);
    await second.getByRole('img', { name: 'You need additional permissions to upload files' }).hover();
    await expect(second.getByRole('tooltip')).toHaveText('You need additional permissions to upload files');
    await second.screenshot({ path: `${SCREENSHOTS}/permissions-storage-read-only.png` });
    await second.mouse.move(0, 0);
    // An empty folder does not invite a drop it would refuse.
    await expect(second.getByText('Drop files here to upload them.')).toHaveCount(0);

    // A file's menu: reading actions on, writes off with the reason beside them.
    await second.getByTestId('storage-row-readme.txt').getByRole('button', { name: 'Actions for readme.txt' }).click();
    await expect(second.getByRole('menuitem', { name: /^Download/ })).toBeEnabled();
    for (const [item, reason] of [
      ['Rename', 'You need additional permissions to rename files and folders'],
      ['Move', 'You need additional permissions to move files'],
      ['Delete', 'You need additional permissions to delete files and folders'],
    ] as const) {
      const menuItem = second.getByRole('menuitem', { name: new RegExp(`^${item}`) });
      await expect(menuItem).toHaveAttribute('aria-disabled', 'true');
      await expect(menuItem).toContainText(reason);
    }
    await second.screenshot({ path: `${SCREENSHOTS}/permissions-storage-row-menu.png` });
    await second.mouse.click(900, 600);
    await expect(second.getByRole('menu')).toHaveCount(0);

    // Selecting a file: Download stays, Move and Delete are refused.
    await second.getByTestId('storage-row-readme.txt').click({ modifiers: ['Control'] });
    const bar = second.getByRole('region', { name: 'Selected files' });
    await expect(bar.getByRole('button', { name: 'Download' })).toBeEnabled();
    await expectRefused(second, bar.getByRole('button', { name: 'Move' }), 'You need additional permissions to move files');
    await expectRefused(second, bar.getByRole('button', { name: 'Delete' }), 'You need additional permissions to delete files and folders');

    // The bucket's menu.
    await second.getByRole('button', { name: 'Actions for bucket docs' }).click();
    await expect(second.getByRole('menuitem', { name: /^Edit bucket/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(second.getByRole('menuitem', { name: /^Edit bucket/ })).toContainText('You need additional permissions to edit buckets');
    await expect(second.getByRole('menuitem', { name: /^Delete bucket/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(second.getByRole('menuitem', { name: /^Delete bucket/ })).toContainText('You need additional permissions to delete buckets');
    await second.mouse.click(900, 600);
    await expect(second.getByRole('menu')).toHaveCount(0);

    // The settings page shows the limit and refuses the save.
    await second.goto(`/dashboard/project/${ref}/storage/settings`);
    await expect(second.getByLabel('Upload file size limit')).toBeVisible({ timeout: 20_000 });
    await expectRefused(second, second.getByRole('button', { name: 'Save' }), 'You need additional permissions to change storage settings');

    // The platform refuses the same writes for this member (the UI is not the only guard).
    const readerApi = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${await accessToken(second)}` } });
    try {
      expect((await readerApi.post(`/api/platform/storage/${ref}/buckets`, { data: { id: 'mine', name: 'mine', public: false } })).status()).toBe(403);
      expect((await readerApi.delete(`/api/platform/storage/${ref}/buckets/docs/objects`, { data: { paths: ['readme.txt'] } })).status()).toBe(403);
      expect((await readerApi.get(`/api/platform/storage/${ref}/buckets`)).status()).toBe(200);
    } finally {
      await readerApi.dispose();
    }
  } finally {
    await context.close();
  }
});
