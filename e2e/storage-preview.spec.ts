import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { STORAGE_STATE, accessToken, readFixture } from './support/fixture.ts';

// The storage explorer's preview pane, bucket search and folder size (issue 14) on the real platform: files picked
// into a private bucket are previewed through their signed URL (an image that really decodes, the start of a text
// file), an SVG is not loaded at all (the platform serves it as an attachment), the search finds a file in a
// sub-folder by part of its name, and the folder size is the platform's sum.
const BUCKET = 'e2e-preview';
// A 1×1 red PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

test.describe.configure({ mode: 'serial' });

let page: Page;
let api: APIRequestContext;
const ref = () => readFixture().projectRef;
const bucketApi = (path = '') => `/api/platform/storage/${ref()}/buckets${path}`;

test.beforeAll(async ({ browser, baseURL }) => {
  // A page of its own context: axe (e2e/axe.ts) cannot run in a page made by browser.newPage().
  page = await (await browser.newContext({ storageState: STORAGE_STATE })).newPage();
  await page.goto('/dashboard/organizations');
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${await accessToken(page)}` } });
  await api.post(bucketApi(`/${BUCKET}/empty`)).catch(() => {});
  await api.delete(bucketApi(`/${BUCKET}`)).catch(() => {});
  const created = await api.post(bucketApi(), { data: { id: BUCKET, public: false, allowed_mime_types: null, file_size_limit: null, type: 'STANDARD' } });
  expect(created.ok(), await created.text()).toBe(true);
});

test.afterAll(async () => {
  await api?.post(bucketApi(`/${BUCKET}/empty`)).catch(() => {});
  await api?.delete(bucketApi(`/${BUCKET}`)).catch(() => {});
  await page?.context().close();
  await api?.dispose();
});

const toastWith = (text: string | RegExp) => page.getByRole('region', { name: 'Notifications' }).getByText(text);
const preview = () => page.getByTestId('storage-preview');

test('previews an image and a text file with their metadata and signed URL; an SVG is not loaded', async () => {
  await page.goto(`/dashboard/project/${ref()}/storage/files?bucketId=${BUCKET}`);
  await expect(page.getByTestId('storage-file-picker')).toBeAttached({ timeout: 20_000 });
  await page.getByTestId('storage-file-picker').setInputFiles([
    { name: 'dot.png', mimeType: 'image/png', buffer: PNG },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('first line\nsecond line: héllo\n') },
    { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>parent.postMessage("ran","*")</script></svg>') },
  ]);
  await expect(toastWith('Successfully uploaded 3 files!')).toBeVisible({ timeout: 20_000 });
  const files = page.getByTestId('storage-column-view');

  await files.getByText('dot.png').click();
  await expect(preview()).toBeVisible();
  const image = preview().getByRole('img', { name: 'dot.png' });
  // The image really came through the signed URL and decoded (a blocked or wrong response has no natural width).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(preview().getByText('image/png')).toBeVisible();
  await expect(preview().getByText(`${PNG.length} bytes`)).toBeVisible();
  await expect(preview().getByText('Cache control')).toBeVisible();
  const url = (await preview().getByTestId('storage-preview-url').textContent()) ?? '';
  expect(url).toContain(`/object/sign/${BUCKET}/dot.png?token=`);
  // The URL copied is the one the pane shows.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await preview().getByRole('button', { name: 'Copy URL' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  // What the URL serves carries the user-content headers (SECURITY.md).
  const served = await api.get(url);
  expect(served.headers()['content-security-policy']).toContain('sandbox');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  await files.getByText('notes.txt').click();
  await expect(preview().getByLabel('File contents')).toHaveText('first line\nsecond line: héllo\n');
  await expectNoAxeFindings(page, 'storage preview (text)');

  await files.getByText('logo.svg').click();
  await expect(preview().getByText('There is no preview for this type of file: it is served as a download.')).toBeVisible();
  await expect(preview().locator('img, iframe, object, embed')).toHaveCount(0);

  await preview().getByRole('button', { name: 'Close the preview' }).click();
  await expect(preview()).toHaveCount(0);
});

test('searches the whole bucket and shows the folder size', async () => {
  // A file in a sub-folder, written through the platform's own storage (the upload route is the project's API).
  const key = (await (await api.post(`/api/platform/projects/${ref()}/api-keys/temporary`)).json()).api_key as string;
  const upload = await api.post(`/p/${ref()}/storage/v1/object/${BUCKET}/reports/2024/Quarterly%20Report.txt`, {
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
    data: Buffer.from('x'.repeat(1000)),
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await page.goto(`/dashboard/project/${ref()}/storage/files?bucketId=${BUCKET}`);
  // 1000 + the three files of the first test.
  await expect(page.getByTestId('storage-folder-size')).toHaveText(/^Bucket size: [\d.]+ KB in 4 files$/, { timeout: 20_000 });

  await page.getByRole('searchbox', { name: 'Search files in this bucket' }).fill('quarterly');
  const results = page.getByTestId('storage-search-results');
  await expect(results.getByRole('status')).toHaveText('1 file found');
  await results.getByRole('button', { name: /reports\/2024\/Quarterly Report\.txt/ }).click();
  await expect(preview().getByRole('heading', { name: 'Quarterly Report.txt' })).toBeVisible();
  await expect(preview().getByLabel('File contents')).toHaveText('x'.repeat(1000));
  await expectNoAxeFindings(page, 'storage search with preview');

  await page.getByRole('searchbox', { name: 'Search files in this bucket' }).fill('nothing-like-this');
  await expect(results.getByRole('status')).toHaveText('No file matches “nothing-like-this”.');
  await page.getByRole('searchbox', { name: 'Search files in this bucket' }).fill('');
  await expect(page.getByTestId('storage-column-view')).toBeVisible();

  await page.getByTestId('storage-column-view').getByText('reports').click();
  await expect(page.getByTestId('storage-folder-size')).toHaveText('Folder size: 1000 bytes in 1 file');
});
