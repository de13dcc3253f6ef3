import { closeSync, mkdirSync, openSync, writeFileSync, ftruncateSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { leaveFixtureAsFound } from './support/cleanup.ts';
import { E2E_OUTPUT, SCREENSHOTS, accessToken, readFixture } from './support/fixture.ts';

// Uploads in the storage explorer on the real platform (spec B2.4, B4, B5, B7, B8, B9): the picker, the up-front
// rejections, the autofix, the tus transfer with its live progress toast, cancel, resume and the 415 error.
test.describe.configure({ mode: 'serial' });

const MB = 1024 * 1024;
const FILES = join(E2E_OUTPUT, 'upload-files');
const state: { ref?: string } = {};
// The fixture organization is shared with later specs: our project goes when we are done.
test.afterAll(async () => leaveFixtureAsFound([state.ref]));

async function headers(page: Page) {
  if (!page.url().startsWith('http')) await page.goto('/dashboard/organizations');
  return { authorization: `Bearer ${await accessToken(page)}` };
}

async function createProject(page: Page, request: APIRequestContext, name: string): Promise<string> {
  const h = await headers(page);
  const response = await request.post('/api/platform/projects', {
    headers: h,
    data: { organization_slug: readFixture().orgSlug, name, db_pass: 'Uploads-db-pass-5521', db_region: 'local' },
  });
  expect(response.status()).toBe(201);
  const ref = (await response.json()).ref as string;
  await expect
    .poll(async () => (await (await request.get(`/api/platform/projects/${ref}/status`, { headers: h })).json()).status, { timeout: 90_000 })
    .toBe('ACTIVE_HEALTHY');
  return ref;
}

async function platform(page: Page, request: APIRequestContext, method: 'post' | 'patch' | 'get', path: string, data?: unknown) {
  const response = await request[method](`/api/platform/${path}`, { headers: await headers(page), ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A file of `size` bytes (sparse when large: only its length matters). */
function makeFile(name: string, size: number, content?: string): string {
  mkdirSync(FILES, { recursive: true });
  const path = join(FILES, name);
  if (content !== undefined) writeFileSync(path, content);
  else {
    const fd = openSync(path, 'w');
    ftruncateSync(fd, size);
    closeSync(fd);
  }
  return path;
}

async function listNames(page: Page, request: APIRequestContext, ref: string, bucket: string, path = ''): Promise<string[]> {
  const items = (await platform(page, request, 'post', `storage/${ref}/buckets/${bucket}/objects/list`, {
    path,
    options: { limit: 200, offset: 0, search: '' },
  })) as { name: string }[];
  return items.map((item) => item.name).sort();
}

async function openBucket(page: Page, ref: string, bucket: string) {
  await page.goto(`/dashboard/project/${ref}/storage/files?bucketId=${bucket}`);
  // Enabled once the folder's listing is in (files go into the open folder, checked against its names).
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeEnabled({ timeout: 20_000 });
}

const toastWith = (page: Page, text: string | RegExp) => page.getByRole('region', { name: 'Notifications' }).getByText(text);

test('picks files: limit and zero-byte rejections, upload, autofix of a taken name, summary toasts', async ({ page, request }) => {
  test.setTimeout(180_000);
  const ref = await createProject(page, request, 'Uploads');
  state.ref = ref;
  await platform(page, request, 'post', `storage/${ref}/buckets`, { id: 'inbox', public: false, allowed_mime_types: null, file_size_limit: null, type: 'STANDARD' });
  await platform(page, request, 'patch', `projects/${ref}/config/storage`, { fileSizeLimit: 200 * MB });

  await openBucket(page, ref, 'inbox');
  const picker = page.getByTestId('storage-file-picker');
  await picker.setInputFiles([
    makeFile('notes.txt', 0, 'hello notes'),
    makeFile('photo.png', 0, 'not really a png'),
    makeFile('empty.txt', 0, ''),
    makeFile('huge.bin', 201 * MB),
  ]);
  await expect(toastWith(page, 'Failed to upload 1 file as its size is beyond the global upload limit of 200 MB.')).toBeVisible();
  await expect(toastWith(page, 'You can change the global file size upload limit in Storage Settings.')).toBeVisible();
  await expect(toastWith(page, 'Failed to upload 1 file as its size is 0.')).toBeVisible();
  await expect(toastWith(page, 'Successfully uploaded 2 files!')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => listNames(page, request, ref, 'inbox')).toEqual(['notes.txt', 'photo.png']);
  // The explorer refreshed itself when the run settled.
  await expect(page.getByTestId('storage-column-view').getByText('photo.png')).toBeVisible();

  // The same name again: '{base} ({n}).{ext}' (spec B5 autofix).
  await picker.setInputFiles([makeFile('notes.txt', 0, 'second notes')]);
  await expect(toastWith(page, 'Successfully uploaded 1 file!')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => listNames(page, request, ref, 'inbox')).toEqual(['notes (1).txt', 'notes.txt', 'photo.png']);

  // The limit toast leads to the storage settings (spec B2.4).
  await picker.setInputFiles([makeFile('huge.bin', 201 * MB)]);
  // The first run's toast (8 s) may still be up: act on the newest one.
  await toastWith(page, 'Failed to upload 1 file as its size is beyond the global upload limit of 200 MB.').last().waitFor();
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Storage Settings' }).last().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/project/${ref}/storage/settings`));
});

test('a bucket limited to images answers 415: the server text and the allowed types', async ({ page, request }) => {
  const ref = state.ref!;
  await platform(page, request, 'post', `storage/${ref}/buckets`, { id: 'pics', public: false, allowed_mime_types: ['image/*'], file_size_limit: null, type: 'STANDARD' });
  await openBucket(page, ref, 'pics');
  await page.getByTestId('storage-file-picker').setInputFiles([makeFile('readme.txt', 0, 'text')]);
  await expect(toastWith(page, 'mime type text/plain is not supported')).toBeVisible({ timeout: 20_000 });
  await expect(toastWith(page, 'Allowed MIME types: image/*')).toBeVisible();
  await expect(toastWith(page, 'Failed to upload 1 file!')).toBeVisible();
});

test('a large upload shows the live progress toast, Cancel aborts it, a new try resumes it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const ref = state.ref!;
  const big = makeFile('big.bin', 150 * MB);
  await openBucket(page, ref, 'inbox');
  // Slow the upload down so the toast can be seen and cancelled (loopback would finish in under a second).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 8 * MB });

  await page.getByTestId('storage-file-picker').setInputFiles([big]);
  const progress = page.getByTestId('upload-progress');
  await expect(toastWith(page, 'Uploading 1 file...')).toBeVisible({ timeout: 20_000 });
  await expect(progress.getByText('Please do not close the browser')).toBeVisible();
  // Past the first chunk (150 MB / 10), so the server knows the upload and the browser stored its URL.
  await expect.poll(async () => Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(12);
  await expect(progress.getByText(/MB remaining|KB remaining/)).toBeVisible();
  await expect(progress.getByText(/Elapsed \d+s/)).toBeVisible();
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/storage-upload-progress.png` });
  const sentBefore = Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow'));

  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(toastWith(page, 'Upload aborted by user')).toBeVisible();
  await expect(toastWith(page, 'Failed to upload 1 file!')).toBeVisible();
  await expect(progress).toHaveCount(0);
  expect(await listNames(page, request, ref, 'inbox')).not.toContain('big.bin');

  // Same file, same folder: the stored tus upload is found and resumed (HEAD for its offset, no new POST).
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const methods: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/storage/v1/upload/resumable')) methods.push(r.method());
  });
  await page.getByTestId('storage-file-picker').setInputFiles([big]);
  await expect(toastWith(page, 'Successfully uploaded 1 file!')).toBeVisible({ timeout: 60_000 });
  expect(methods[0]).toBe('HEAD');
  expect(methods).not.toContain('POST');
  expect(sentBefore).toBeGreaterThan(0);
  await expect.poll(() => listNames(page, request, ref, 'inbox')).toContain('big.bin');
});

test('a connection lost mid-upload is retried (spec B9 delays) and resumes where it stopped', async ({ page, request }) => {
  test.setTimeout(120_000);
  const ref = state.ref!;
  const file = makeFile('flaky.bin', 100 * MB);
  await openBucket(page, ref, 'inbox');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 16 * MB });
  const methods: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/storage/v1/upload/resumable')) methods.push(r.method());
  });
  await page.getByTestId('storage-file-picker').setInputFiles([file]);
  const progress = page.getByTestId('upload-progress');
  await expect.poll(async () => Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(30);
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.waitForTimeout(1500);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(toastWith(page, 'Successfully uploaded 1 file!')).toBeVisible({ timeout: 60_000 });
  // One creation only; the retry asked the server for its offset (HEAD) and went on from there.
  expect(methods.filter((m) => m === 'POST')).toHaveLength(1);
  expect(methods).toContain('HEAD');
  const listed = (await platform(page, request, 'post', `storage/${ref}/buckets/inbox/objects/list`, { path: '', options: { limit: 200, offset: 0, search: 'flaky' } })) as {
    name: string;
    metadata: { size: number } | null;
  }[];
  expect(listed.find((item) => item.name === 'flaky.bin')?.metadata?.size).toBe(100 * MB);
});

// Issue 8 target: a 1 GiB upload through the console at ≥ 80 % of a raw upload of the same file from the same
// browser to the same server. Heavy (2 GiB over loopback): run with E2E_UPLOAD_BENCH=1.
test('measures a 1 GiB upload through the console against a raw upload', async ({ page, request }) => {
  test.skip(!process.env.E2E_UPLOAD_BENCH, 'set E2E_UPLOAD_BENCH=1 to measure');
  test.setTimeout(300_000);
  const ref = state.ref!;
  await platform(page, request, 'patch', `projects/${ref}/config/storage`, { fileSizeLimit: 2048 * MB });
  const path = makeFile('gig.bin', 1024 * MB);
  await openBucket(page, ref, 'inbox');

  // Raw: one POST of the whole file to the storage service, with a temporary key.
  const key = (await platform(page, request, 'post', `projects/${ref}/api-keys/temporary?authorization_exp=300&claims=${encodeURIComponent('{"role":"service_role"}')}`)).api_key as string;
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-input';
    document.body.append(input);
  });
  await page.setInputFiles('#bench-input', path);
  const rawMs = await page.evaluate(
    async ({ ref, key }) => {
      const file = (document.getElementById('bench-input') as HTMLInputElement).files![0]!;
      const started = performance.now();
      const response = await fetch(`/p/${ref}/storage/v1/object/inbox/raw-gig.bin`, {
        method: 'POST',
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
        body: file,
      });
      if (!response.ok) throw new Error(`raw upload: ${response.status} ${await response.text()}`);
      return performance.now() - started;
    },
    { ref, key },
  );

  const started = Date.now();
  await page.getByTestId('storage-file-picker').setInputFiles([path]);
  await expect(toastWith(page, 'Successfully uploaded 1 file!')).toBeVisible({ timeout: 240_000 });
  const consoleMs = Date.now() - started;
  const mibs = (ms: number) => (1024 / (ms / 1000)).toFixed(0);
  console.log(`1 GiB: raw ${mibs(rawMs)} MiB/s (${rawMs.toFixed(0)} ms), console tus ${mibs(consoleMs)} MiB/s (${consoleMs} ms), ratio ${(rawMs / consoleMs).toFixed(2)}`);
  expect(rawMs / consoleMs).toBeGreaterThanOrEqual(0.8);
});
