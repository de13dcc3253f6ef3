import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_OUTPUT, SCREENSHOTS, STORAGE_STATE, accessToken, readFixture } from './support/fixture.ts';

// CSV import and export of the table editor on project 'Storefront' (issue 6): a 10,000-line CSV (one bad line) is
// imported through the side panel (papaparse in a worker, batches through the query endpoint), the counts checked
// with SQL; then the rows a filter selects are exported (COPY streamed by the platform) and the downloaded file
// compared with SQL.
const TABLE = 'csv_e2e_people';
const LINES = 10_000;
const BAD_LINE = 5000;

async function sql<T = Record<string, unknown>>(page: Page, request: APIRequestContext, ref: string, query: string): Promise<T[]> {
  if (!page.url().startsWith('http')) await page.goto('/dashboard/organizations');
  const response = await request.post(`/api/platform/pg-meta/${ref}/query`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { query },
  });
  expect(response.ok(), `${query}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T[];
}

function writeCsv(): string {
  const lines = ['ID,Name,Score'];
  for (let line = 2; line <= LINES; line++) {
    lines.push(line === BAD_LINE ? `${line},"person ${line}",oops` : `${line},"person, ""${line}""",${line % 1000}`);
  }
  mkdirSync(E2E_OUTPUT, { recursive: true });
  const path = `${E2E_OUTPUT}/table-csv-import.csv`;
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

test.describe('table editor CSV', () => {
  let ref: string;
  let tableId: number;

  test.beforeEach(async ({ page, request }) => {
    ref = readFixture().projectRef;
    await sql(page, request, ref, `drop table if exists public.${TABLE}`);
    const [row] = await sql<{ id: number }>(page, request, ref, `create table public.${TABLE} (id bigint primary key, name text not null, score numeric);
      select 'public.${TABLE}'::regclass::oid::int as id`);
    tableId = row!.id;
  });

  test.afterAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: STORAGE_STATE });
    const page = await context.newPage();
    await sql(page, context.request, readFixture().projectRef, `drop table if exists public.${TABLE}`);
    await context.close();
  });

  test('imports 10,000 lines, reports the bad line by number, exports the filtered rows', async ({ page, request }) => {
    test.setTimeout(120_000);
    const file = writeCsv();
    await page.goto(`/dashboard/project/${ref}/editor/${tableId}?schema=public`);
    await page.getByRole('button', { name: /^Import/ }).first().click();

    const panel = page.getByRole('dialog', { name: `Import CSV into ${TABLE}` });
    await expect(panel).toBeVisible();
    await panel.locator('#csv-import-file').setInputFiles(file);
    const mapping = panel.getByRole('table', { name: 'Column mapping' });
    await expect(mapping).toBeVisible();
    await expect(mapping.getByRole('row')).toHaveCount(4);
    await expect(mapping.getByRole('row').nth(1)).toContainText('integer');
    await expect(mapping.getByRole('row').nth(1)).toContainText('id (int8)');
    await expect(mapping.getByRole('row').nth(3)).toContainText('score (numeric)');
    await page.screenshot({ path: `${SCREENSHOTS}/table-csv-mapping.png` });

    await panel.getByRole('button', { name: 'Import rows' }).click();
    await expect(panel.getByText('Imported 9,998 rows; 1 skipped.')).toBeVisible({ timeout: 60_000 });
    await expect(panel.getByRole('list', { name: 'Lines not imported' })).toHaveText(`Line ${BAD_LINE}: invalid input syntax for type numeric: "oops"`);
    await page.screenshot({ path: `${SCREENSHOTS}/table-csv-imported.png` });

    const [counts] = await sql<{ n: number; bad: number; quoted: string }>(page, request, ref,
      `select count(*)::int as n, count(*) filter (where id = ${BAD_LINE})::int as bad, max(name) filter (where id = 2) as quoted from public.${TABLE}`);
    expect(counts).toEqual({ n: LINES - 2, bad: 0, quoted: 'person, "2"' });
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(panel).toBeHidden();

    // Export the rows of a filter: the file must be what SQL selects.
    await page.goto(`/dashboard/project/${ref}/editor/${tableId}?schema=public&filter=score:gte:990`);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/table-csv-export-menu.png` });
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export filtered rows as CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${TABLE}.csv`);
    const text = readFileSync((await download.path())!, 'utf8');
    const expected = await sql<{ id: string; name: string; score: string }>(page, request, ref,
      `select id, name, score from public.${TABLE} where score >= 990`);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('id,name,score');
    expect(lines).toHaveLength(expected.length + 1);
    const csvLine = (row: { id: string; name: string; score: string }) => `${row.id},"${row.name.replaceAll('"', '""')}",${row.score}`;
    expect(lines.slice(1).sort()).toEqual(expected.map(csvLine).sort());
  });

  test("a semicolon file with CRLF line ends goes in as it is: its delimiter, \"\" as NULL, a blank row skipped", async ({ page, request }) => {
    // The fast path (src/domain/table-editor/csv-raw.ts): the file's bytes are the batch, COPY is told the delimiter.
    const path = `${E2E_OUTPUT}/table-csv-semicolon.csv`;
    writeFileSync(path, 'id;name;score\r\n1;"a; b";10\r\n2;"";\r\n\r\n3;c;"30"\r\n');
    await page.goto(`/dashboard/project/${ref}/editor/${tableId}?schema=public`);
    await page.getByRole('button', { name: /^Import/ }).first().click();
    const panel = page.getByRole('dialog', { name: `Import CSV into ${TABLE}` });
    await panel.locator('#csv-import-file').setInputFiles(path);
    await expect(panel.getByRole('table', { name: 'Column mapping' }).getByRole('row')).toHaveCount(4);
    const imported = page.waitForRequest((r) => r.url().includes('/import?') && r.method() === 'POST');
    await panel.getByRole('button', { name: 'Import rows' }).click();
    // The refusal of NOT NULL for row 2 ("" is NULL, as the parsing path always read it) names its line.
    await expect(panel.getByText('Imported 2 rows; 1 skipped.')).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('list', { name: 'Lines not imported' })).toHaveText(/^Line 3: null value in column "name"/);
    expect(new URL((await imported).url()).searchParams.get('delimiter')).toBe(';');
    const rows = await sql(page, request, ref, `select id, name, score from public.${TABLE} order by id`);
    expect(rows).toEqual([
      { id: '1', name: 'a; b', score: '10' },
      { id: '3', name: 'c', score: '30' },
    ]);
  });
});
