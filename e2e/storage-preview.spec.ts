import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { STORAGE_STATE, accessToken, readFixture } from './support/fixture.ts';

// The storage explorer's preview pane, bucket search and folder size (issue 14) on the real platform: files picked
// into a private bucket are previewed through their signed URL (an image that really decodes, the start of a text
// file), an SVG is not loaded at all (the platform serves it as an attachment), the search finds a file in a
// sub-folder by part of its name, and the folder size is the platform's sum. A PDF is drawn on a canvas by pdf.js
// (its bytes read, the file never opened), page by page; image files show thumbnails in the lists, signed in one
// batch.
const BUCKET = 'e2e-preview';
// A 1×1 red PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/**
 * A small valid PDF of `pages.length` pages (300×400 pt), each a filled coloured band and a line of text, written
 * out with a correct cross-reference table.
 */
function pdfOf(pages: { text: string; rgb: [number, number, number] }[]): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((page, i) => {
    const content = `${page.rgb.join(' ')} rg 20 250 260 120 re f 0 0 0 rg BT /F1 24 Tf 30 200 Td (${page.text}) Tj ET`;
    objects[pageIds[i]!] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents ${pageIds[i]! + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

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
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeEnabled({ timeout: 20_000 });
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

test('Upload files waits for the folder: while its listing loads the button is disabled, and nothing picked is dropped', async () => {
  // Seen in a full run: files picked while the folder's first listing was still loading were dropped without a word
  // (the picker's handler needs the open folder). The listing is held here until the button was checked.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const listing = '**/platform/storage/*/buckets/*/objects/list';
  await page.route(listing, async (route) => {
    await held;
    await route.fallback().catch(() => {});
  });
  try {
    await page.goto(`/dashboard/project/${ref()}/storage/files?bucketId=${BUCKET}`);
    const button = page.getByRole('button', { name: 'Upload files' });
    await expect(button).toBeVisible({ timeout: 20_000 });
    await expect(button).toBeDisabled();
    // The picker itself (what a drop or a test may still reach) says why instead of dropping the files.
    await page.getByTestId('storage-file-picker').setInputFiles([{ name: 'early.txt', mimeType: 'text/plain', buffer: Buffer.from('x') }]);
    await expect(toastWith('The folder is still loading: pick the files again once its contents are shown.')).toBeVisible();
  } finally {
    release();
    await page.unroute(listing);
  }
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeEnabled({ timeout: 20_000 });
});

test('previews a PDF on a canvas, page by page, with pdf.js from the console\'s own origin; a broken PDF says why', async () => {
  const violations: string[] = [];
  page.on('console', (message) => {
    // A CSP refusal, or pdf.js falling back to parsing on the main thread because its worker could not start.
    if (/Content Security Policy|Refused to (load|execute|evaluate|create)|fake worker/i.test(message.text())) violations.push(message.text());
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(`/dashboard/project/${ref()}/storage/files?bucketId=${BUCKET}`);
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId('storage-file-picker').setInputFiles([
    { name: 'two-pages.pdf', mimeType: 'application/pdf', buffer: pdfOf([{ text: 'First page', rgb: [0.9, 0.1, 0.1] }, { text: 'Second page', rgb: [0.1, 0.2, 0.9] }]) },
    { name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\nthis is not a PDF at all\n') },
  ]);
  await expect(toastWith('Successfully uploaded 2 files!')).toBeVisible({ timeout: 20_000 });
  const files = page.getByTestId('storage-column-view');

  await files.getByText('two-pages.pdf').click();
  const status = preview().getByRole('group', { name: 'Pages' }).getByRole('status');
  await expect(status).toHaveText('Page 1 of 2', { timeout: 20_000 });
  const canvas = preview().getByRole('img', { name: 'Page 1 of two-pages.pdf' });
  await expect(canvas).toHaveAttribute('data-drawn', 'true');
  // The first page's band is red: pdf.js drew the page's own content.
  expect(await canvasColour(canvas)).toEqual({ inked: true, dominant: 'red' });
  await expect(preview().getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await expectNoAxeFindings(page, 'storage preview (PDF)');
  await page.screenshot({ path: 'e2e/screenshots/storage-preview-pdf.png' });

  // The keyboard goes to page 2.
  await preview().getByRole('button', { name: 'Next page' }).focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('Page 2 of 2');
  const second = preview().getByRole('img', { name: 'Page 2 of two-pages.pdf' });
  await expect(second).toHaveAttribute('data-drawn', 'true');
  expect(await canvasColour(second)).toEqual({ inked: true, dominant: 'blue' });
  await expect(preview().getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(preview().getByRole('button', { name: 'Previous page' })).toBeFocused();

  // pdf.js's worker is one of the console's own files; nothing broke the console's CSP (no eval, no foreign script).
  const worker = workers.find((url) => url.startsWith(`${new URL(page.url()).origin}/dashboard/assets/`) && /pdf\.worker/.test(url));
  expect(worker, workers.join(', ')).toBeTruthy();
  // Served as JavaScript under nosniff: a module worker of any other type would not start.
  expect((await api.get(worker!)).headers()['content-type']).toMatch(/^(text|application)\/javascript/);
  // The file itself was never opened: no frame, object or embed in the pane.
  await expect(preview().locator('iframe, object, embed')).toHaveCount(0);

  await files.getByText('broken.pdf').click();
  await expect(preview().getByRole('alert')).toHaveText('This PDF could not be read: Invalid PDF structure', { timeout: 20_000 });
  expect(violations).toEqual([]);
});

test('image files show a thumbnail in the column and list views, signed in one batch', async () => {
  const batches: string[] = [];
  const single: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== 'POST') return;
    if (path.endsWith(`/storage/v1/object/sign/${BUCKET}`)) batches.push(path);
    else if (path.endsWith(`/buckets/${BUCKET}/objects/sign`)) single.push(path);
  });
  await page.goto(`/dashboard/project/${ref()}/storage/files?bucketId=${BUCKET}`);
  const row = page.getByTestId('storage-column-view').getByTestId('storage-row-dot.png');
  const thumbnail = row.getByTestId('storage-row-thumbnail');
  await expect(thumbnail).toBeVisible({ timeout: 20_000 });
  // It really loaded through its signed URL (a refused one has no natural width).
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(thumbnail).toHaveAttribute('alt', '');
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  await expect(thumbnail).toHaveAttribute('decoding', 'async');
  expect(await thumbnail.getAttribute('src')).toContain(`/object/sign/${BUCKET}/dot.png?token=`);
  // Only image files have one; the whole folder's images came in one batch, none signed one by one.
  await expect(page.getByTestId('storage-column-view').getByTestId('storage-row-thumbnail')).toHaveCount(1);
  await expect(page.getByTestId('storage-column-view').getByTestId('storage-row-notes.txt').locator('img')).toHaveCount(0);
  expect(batches).toHaveLength(1);
  expect(single).toEqual([]);
  // The rows keep their keyboard: arrows move between them.
  await row.focus();
  await page.keyboard.press('ArrowDown');
  await expect(row).not.toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(row).toBeFocused();
  await expectNoAxeFindings(page, 'storage list with thumbnails');

  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  const listThumbnail = page.getByTestId('storage-list-view').getByTestId('storage-row-dot.png').getByTestId('storage-row-thumbnail');
  await expect.poll(() => listThumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expectNoAxeFindings(page, 'storage list view with thumbnails');
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByTestId('storage-column-view')).toBeVisible();
});

/** Whether a canvas has ink on it, and which of red or blue its coloured pixels mostly are. */
function canvasColour(canvas: ReturnType<Page['getByRole']>) {
  return canvas.evaluate((node: HTMLCanvasElement) => {
    const { data } = node.getContext('2d')!.getImageData(0, 0, node.width, node.height);
    let inked = 0;
    let red = 0;
    let blue = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (r < 250 || g < 250 || b < 250) inked += 1;
      if (r > 180 && g < 80 && b < 80) red += 1;
      if (b > 180 && r < 80 && g < 100) blue += 1;
    }
    return { inked: inked > 100, dominant: red > blue ? 'red' : blue > red ? 'blue' : 'none' };
  });
}

test('searches the whole bucket and shows the folder size', async () => {
  // A file in a sub-folder, written through the platform's own storage (the upload route is the project's API).
  const key = (await (await api.post(`/api/platform/projects/${ref()}/api-keys/temporary`)).json()).api_key as string;
  const upload = await api.post(`/p/${ref()}/storage/v1/object/${BUCKET}/reports/2024/Quarterly%20Report.txt`, {
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
    data: Buffer.from('x'.repeat(1000)),
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await page.goto(`/dashboard/project/${ref()}/storage/files?bucketId=${BUCKET}`);
  // 1000 + the three files of the first test and the two PDFs.
  await expect(page.getByTestId('storage-folder-size')).toHaveText(/^Bucket size: [\d.]+ KB in 6 files$/, { timeout: 20_000 });

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
