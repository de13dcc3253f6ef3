import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { leaveFixtureAsFound } from './support/cleanup.ts';
import { E2E_OUTPUT, SCREENSHOTS, accessToken, readFixture } from './support/fixture.ts';

// The storage explorer on the real platform (issue 8, spec B2.4, B4, B7, B8): a bucket is created in the dialog,
// a folder is dropped on a column (through the page's drop handler and the folder walker), renamed, a file moved, the folder
// downloaded as a zip whose entries are read back, and everything deleted, checked through the platform API
// and on disk.
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

async function headers(page: Page) {
  if (!page.url().startsWith('http')) await page.goto('/dashboard/organizations');
  return { authorization: `Bearer ${await accessToken(page)}` };
}

async function platform(page: Page, request: APIRequestContext, method: 'post' | 'get', path: string, data?: unknown) {
  const response = await request[method](`/api/platform/${path}`, { headers: await headers(page), ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

async function listNames(page: Page, request: APIRequestContext, ref: string, path: string): Promise<string[]> {
  const items = (await platform(page, request, 'post', `storage/${ref}/buckets/media/objects/list`, { path, options: { limit: 200, offset: 0 } })) as { name: string }[];
  return items.map((i) => i.name).sort();
}

/** Every file under a folder on disk, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => name.split('\\').join('/'))
    .sort();
}

/** The entry names of a zip, read from its central directory (end record → directory → one header per entry). */
function zipEntries(zip: Buffer): string[] {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  expect(end).toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return names.sort();
}

type DropTree = { [name: string]: string | DropTree };

/**
 * Drops a folder tree on `target` through the page's real drop handler and the uploads' folder walker. The
 * DataTransfer's entries are built in the page: Chromium refuses to read the folders of a drop injected with
 * CDP's Input.dispatchDragEvent (readEntries fails with EncodingError), so the entries stand in for the browser's
 * file system API with the same shape (webkitGetAsEntry, createReader().readEntries in batches, file()).
 */
async function dropTree(target: Locator, tree: DropTree) {
  await target.evaluate((element, tree) => {
    type Entry = Record<string, unknown>;
    const entryOf = (name: string, value: string | DropTree, parent: string): Entry => {
      const fullPath = `${parent}/${name}`;
      if (typeof value === 'string') {
        return { isFile: true, isDirectory: false, name, fullPath, file: (ok: (f: File) => void) => ok(new File([value], name)) };
      }
      const children = Object.entries(value).map(([child, v]) => entryOf(child, v, fullPath));
      return {
        isFile: false,
        isDirectory: true,
        name,
        fullPath,
        createReader: () => {
          let read = false;
          return { readEntries: (ok: (entries: Entry[]) => void) => { ok(read ? [] : children); read = true; } };
        },
      };
    };
    const entries = Object.entries(tree).map(([name, value]) => entryOf(name, value, ''));
    const items = entries.map((entry) => ({ kind: 'file', type: '', webkitGetAsEntry: () => entry, getAsFile: () => null }));
    const dataTransfer = { items, files: [], types: ['Files'], dropEffect: 'copy', effectAllowed: 'all' };
    for (const type of ['dragenter', 'dragover', 'drop']) {
      const event = new Event(type, { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
      element.dispatchEvent(event);
    }
  }, tree);
}

const row = (page: Page, name: string) => page.getByTestId(`storage-row-${name}`);
const selectedRange = (input: Locator) => input.evaluate((element: HTMLInputElement) => [element.selectionStart, element.selectionEnd]);
const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });

// The fixture organization is shared with later specs: our project goes when we are done.
const createdRefs: string[] = [];
test.afterAll(async () => leaveFixtureAsFound(createdRefs));

test('a bucket, a dropped folder, rename, move, zip download and delete, on the real platform', async ({ page, request }) => {
  test.setTimeout(180_000);
  // A project of our own, created through the API the way global.setup does.
  const h = await headers(page);
  const created = await request.post('/api/platform/projects', {
    headers: h,
    data: { organization_slug: readFixture().orgSlug, name: 'Media library', db_pass: 'Media-db-pass-8842', db_region: 'local' },
  });
  expect(created.status()).toBe(201);
  const ref = (await created.json()).ref as string;
  createdRefs.push(ref);
  await expect
    .poll(async () => (await (await request.get(`/api/platform/projects/${ref}/status`, { headers: h })).json()).status, { timeout: 90_000 })
    .toBe('ACTIVE_HEALTHY');

  await page.goto(`/dashboard/project/${ref}/storage/buckets`);
  await expect(page.getByRole('heading', { name: 'No buckets yet' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'New bucket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a storage bucket' });
  await expect(dialog.getByText('General file storage for most types of digital content.')).toBeVisible();
  await dialog.getByLabel('Bucket name').fill('media');
  await page.screenshot({ path: `${SCREENSHOTS}/storage-bucket-dialog.png` });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Successfully created bucket "media"')).toBeVisible();
  // A bucket just created opens by itself.
  await expect(page).toHaveURL(/bucketId=media/);
  const root = page.getByTestId('storage-column-0');
  await expect(root.getByText('Drop files here to upload them.')).toBeVisible();

  // Drop a folder on the bucket's root column: two files, a sub-folder, and a .DS_Store that stays behind (B5).
  await dropTree(root, { photos: { 'a.txt': 'alpha', 'b.txt': 'bravo', '.DS_Store': 'junk', sub: { 'c.txt': 'charlie' } } });
  await expect(row(page, 'photos')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => listNames(page, request, ref, 'photos'), { timeout: 20_000 }).toEqual(['a.txt', 'b.txt', 'sub']);
  expect(await listNames(page, request, ref, 'photos/sub')).toEqual(['c.txt']);

  // Rename the folder (EDITING → LOADING → READY).
  await row(page, 'photos').getByRole('button', { name: 'Actions for photos' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const nameInput = page.getByLabel('New name for photos');
  // The field takes the focus with the name selected (issue 14 item 6): typing replaces it.
  await expect(nameInput).toBeFocused();
  expect(await selectedRange(nameInput)).toEqual([0, 'photos'.length]);
  await nameInput.fill('pictures');
  await nameInput.press('Enter');
  await expect(toast(page, 'Successfully renamed folder to pictures')).toBeVisible({ timeout: 20_000 });
  await expect(row(page, 'pictures')).toBeVisible();
  await expect(row(page, 'photos')).toHaveCount(0);
  expect(await listNames(page, request, ref, 'photos')).toEqual([]);

  // Open it (keyboard: Enter on the focused row) and move a file into the sub-folder.
  await row(page, 'pictures').focus();
  await page.keyboard.press('Enter');
  const second = page.getByTestId('storage-column-1');
  await expect(second.getByTestId('storage-row-a.txt')).toBeVisible();
  // A file's rename selects its name without the extension, like a file manager; Escape keeps the name.
  await second.getByRole('button', { name: 'Actions for b.txt' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const fileName = page.getByLabel('New name for b.txt');
  await expect(fileName).toBeFocused();
  expect(await selectedRange(fileName)).toEqual([0, 1]);
  await page.keyboard.press('Escape');
  await expect(second.getByTestId('storage-row-b.txt')).toBeVisible();

  await second.getByRole('button', { name: 'Actions for a.txt' }).click();
  await page.getByRole('menuitem', { name: 'Move' }).click();
  await page.getByLabel('Path to new directory').fill('pictures/sub');
  await page.getByRole('dialog', { name: 'Move 1 file(s)' }).getByRole('button', { name: 'Move' }).click();
  await expect(toast(page, 'Successfully moved 1 files to pictures/sub')).toBeVisible();
  expect(await listNames(page, request, ref, 'pictures/sub')).toEqual(['a.txt', 'c.txt']);
  await expect(second.getByTestId('storage-row-a.txt')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/storage-explorer-columns.png` });

  // The list view shows the current folder; the choice is kept per project.
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByTestId('storage-list-view').getByTestId('storage-row-b.txt')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/storage-explorer-list.png` });
  await page.reload();
  await expect(page.getByTestId('storage-list-view')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Columns' }).click();

  // Download the folder as pictures.zip and read its entries.
  await row(page, 'pictures').getByRole('button', { name: 'Actions for pictures' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('pictures.zip');
  const zipPath = join(E2E_OUTPUT, 'pictures.zip');
  await download.saveAs(zipPath);
  expect(zipEntries(readFileSync(zipPath))).toEqual(['b.txt', 'sub/a.txt', 'sub/c.txt']);
  await expect(toast(page, 'Successfully downloaded folder "pictures"')).toBeVisible();

  // Bytes are on disk under the data folder, then go with the folder.
  const objects = join(DATA_DIR, 'files', ref, 'objects', 'media');
  expect(filesUnder(objects)).toEqual(['pictures/b.txt', 'pictures/sub/a.txt', 'pictures/sub/c.txt']);
  await row(page, 'pictures').getByRole('button', { name: 'Actions for pictures' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete folder' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Successfully deleted pictures')).toBeVisible();
  await expect(row(page, 'pictures')).toHaveCount(0);
  expect(await listNames(page, request, ref, '')).toEqual([]);
  await expect.poll(() => filesUnder(objects), { timeout: 15_000 }).toEqual([]);

  // And the bucket, with its typed confirmation.
  await page.getByRole('button', { name: 'Actions for bucket media' }).click();
  await page.getByRole('menuitem', { name: 'Delete bucket' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete bucket "media"' });
  await confirm.getByLabel(/Type .* to confirm\./).fill('media');
  await confirm.getByRole('button', { name: 'Delete bucket' }).click();
  await expect(toast(page, 'Successfully deleted bucket media')).toBeVisible();
  expect(await platform(page, request, 'get', `storage/${ref}/buckets`)).toEqual([]);

  // The storage settings page: the global upload limit (50 MB by default) and the endpoints.
  await page.goto(`/dashboard/project/${ref}/storage/settings`);
  const limit = page.getByLabel('Upload file size limit', { exact: true });
  await expect(limit).toHaveValue('50');
  await expect(page.getByText(`/p/${ref}/storage/v1/s3`)).toBeVisible();
  await limit.fill('20');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Successfully updated storage settings')).toBeVisible();
  expect(await platform(page, request, 'get', `projects/${ref}/config/storage`)).toEqual({ fileSizeLimit: 20 * 1024 * 1024 });
  await page.screenshot({ path: `${SCREENSHOTS}/storage-settings.png` });
});
