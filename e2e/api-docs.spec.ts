import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './axe.ts';
import { projectSql } from './support/project-sql.ts';
import { STORAGE_STATE, accessToken, readFixture } from './support/fixture.ts';

// The API docs (issue 17, spec B2.5) on the real platform: the page's introduction with keys masked until shown,
// Tables & Views with a table's columns and snippets in both languages, the types download and its toast, a stored
// procedure's arguments, a private bucket's limits and snippets, the side panel behind its flag (30–50 % wide), the
// Data API settings changing the exposed schemas, and GraphiQL's 'not available' page — axe on each.
const fx = () => readFixture();
const TABLE = 'e2e_api_docs_books';
const FN = 'e2e_api_docs_add';
const BUCKET = 'e2e-api-docs-private';

test.describe.configure({ mode: 'serial' });

let page: Page;
let api: APIRequestContext;

test.beforeAll(async ({ browser, baseURL }) => {
  // axe needs a page of a context made with browser.newContext().
  const context = await browser.newContext({ storageState: STORAGE_STATE, acceptDownloads: true });
  page = await context.newPage();
  await page.goto(`/dashboard/project/${fx().projectRef}`);
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${await accessToken(page)}` } });
  await projectSql(api, fx().projectRef, `drop table if exists ${TABLE};
    create table ${TABLE} (id serial primary key, title text not null, meta jsonb);
    comment on column ${TABLE}.title is 'The title';
    create schema if not exists e2e_api_docs_extra;
    create or replace function ${FN}(a int, b int default 1) returns int language sql as $$ select a + b $$;`);
  await api.delete(`/api/platform/storage/${fx().projectRef}/buckets/${BUCKET}`);
  const created = await api.post(`/api/platform/storage/${fx().projectRef}/buckets`, { data: { id: BUCKET, public: false } });
  expect(created.ok(), await created.text()).toBe(true);
});

test.afterAll(async () => {
  await projectSql(api, fx().projectRef, `drop table if exists ${TABLE}; drop function if exists ${FN}(int, int); drop schema if exists e2e_api_docs_extra`).catch(() => {});
  await api.delete(`/api/platform/storage/${fx().projectRef}/buckets/${BUCKET}`).catch(() => {});
  await page?.context().close();
  await api?.dispose();
});

const docsNav = () => page.getByRole('navigation', { name: 'API docs' });

test('the introduction masks the keys until Show keys, and warns about the service key', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/api`);
  await expect(page.getByRole('heading', { level: 1, name: 'Introduction' })).toBeVisible();
  await expect(page.getByText('Reveal API keys via dropdown in the header')).toHaveCount(2);
  await expect(page.getByText('Never share it publicly.')).toBeVisible();
  await expectNoAxeFindings(page, 'API docs introduction');
  await page.getByRole('button', { name: 'Show keys' }).click();
  await expect(page.getByText('Reveal API keys via dropdown in the header')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy Client API key' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide keys' }).click();
  await expect(page.getByText('Reveal API keys via dropdown in the header')).toHaveCount(2);
});

test('Tables & Views: a table with its columns and snippets in Javascript and Bash; back and the resource picker', async () => {
  await docsNav().getByRole('button', { name: 'Tables & Views' }).click();
  await expect(page.getByRole('button', { name: 'Generate and download types' })).toBeVisible();
  await page.getByRole('button', { name: TABLE, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: TABLE })).toBeVisible();
  const columns = page.getByRole('table', { name: `Columns of ${TABLE}` });
  for (const header of ['Name', 'Format', 'Type', 'Description']) await expect(columns.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(columns.getByRole('row', { name: /meta jsonb json/ })).toBeVisible();
  await expect(columns.getByRole('row', { name: /title text string The title/ })).toBeVisible();
  await expect(page.getByText("Unable to find what you're looking for?")).toBeVisible();
  for (const title of ['Read all rows', 'Filtering', 'Insert a row', 'Update matching rows', 'Delete matching rows', 'Subscribe to all events']) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Read all rows' }).locator('code')).toContainText(".from(\"e2e_api_docs_books\")");
  await page.getByRole('button', { name: 'Bash' }).click();
  await expect(page.getByRole('region', { name: 'Read all rows' }).locator('code')).toContainText(`curl '`);
  await expect(page.getByRole('region', { name: 'Read all rows' }).locator('code')).toContainText(`/rest/v1/${TABLE}?select=*`);
  await expect(page.getByLabel('Tables & Views')).toHaveValue(TABLE);
  await expectNoAxeFindings(page, 'API docs table page');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tables & Views' })).toBeVisible();
});

test('Generate and download types downloads the types file with its toast', async () => {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate and download types' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('supabase.ts');
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString('utf8')).toContain(`${TABLE}: {`);
  await expect(page.getByText('Successfully generated types! File is being downloaded')).toBeVisible();
});

test('a stored procedure shows its description placeholder and arguments', async () => {
  await docsNav().getByRole('button', { name: 'Stored Procedures' }).click();
  await page.getByRole('button', { name: FN, exact: true }).click();
  await expect(page.getByText('No description available')).toBeVisible();
  const args = page.getByRole('table', { name: 'Function arguments' });
  await expect(args.getByRole('row', { name: /^a integer \w+ Required$/ })).toBeVisible();
  await expect(args.getByRole('row', { name: /^b integer \w+ Optional$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invoke function' })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
});

test('a private bucket: badge, limits, and a signed URL snippet instead of a public URL', async () => {
  await docsNav().getByRole('button', { name: 'Storage' }).click();
  await page.getByRole('button', { name: BUCKET, exact: true }).click();
  await expect(page.getByText('Private', { exact: true })).toBeVisible();
  await expect(page.getByText('Allowed MIME types: All types are allowed')).toBeVisible();
  await expect(page.getByText('Max file size limit: No limit')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create a signed URL' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Retrieve public URL' })).toHaveCount(0);
  await expectNoAxeFindings(page, 'API docs bucket page');
});

test('behind its flag the sidebar opens the API docs as a side panel 30–50 % wide', async () => {
  await page.context().addCookies([
    { name: 'strata-flag-overrides', value: encodeURIComponent(JSON.stringify({ apiDocsSidePanel: true })), domain: '127.0.0.1', path: '/' },
  ]);
  await page.goto(`/dashboard/project/${fx().projectRef}`);
  await page.locator('[data-sidebar-item="api"]').click();
  const panel = page.getByTestId('api-docs-panel');
  await expect(panel.getByRole('heading', { level: 2, name: 'Introduction' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/dashboard/project/${fx().projectRef}`);
  const box = (await panel.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.width / width).toBeGreaterThanOrEqual(0.3);
  expect(box.width / width).toBeLessThanOrEqual(0.5);
  await expectNoAxeFindings(page, 'API docs side panel');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);
  await page.context().clearCookies({ name: 'strata-flag-overrides' });
});

test('Data API settings show URL and keys and change the exposed schemas', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/settings/api`);
  await expect(page.getByRole('heading', { level: 1, name: 'Data API' })).toBeVisible();
  await expect(page.getByLabel('URL value')).toContainText(`/p/${fx().projectRef}`);
  const field = page.getByRole('textbox', { name: 'Exposed schemas' });
  await expect(field).toHaveValue('public');
  await expectNoAxeFindings(page, 'Data API settings');
  // A refused schema: the platform's message shows, nothing is saved.
  await field.fill('public, storage');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The schema storage cannot be exposed' })).toBeVisible();
  await field.fill('public, e2e_api_docs_extra');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully saved settings')).toBeVisible();
  const config = await (await api.get(`/api/platform/projects/${fx().projectRef}/config/postgrest`)).json();
  expect(config.db_schema).toBe('public,e2e_api_docs_extra');
  await field.fill('public');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await (await api.get(`/api/platform/projects/${fx().projectRef}/config/postgrest`)).json()).db_schema).toBe('public');
});

test('GraphiQL says it is not available in this build', async () => {
  await page.goto(`/dashboard/project/${fx().projectRef}/api/graphiql`);
  await expect(page.getByText('GraphiQL is not available in this build')).toBeVisible();
  await expectNoAxeFindings(page, 'GraphiQL page');
});
