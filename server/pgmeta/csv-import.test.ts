// The CSV import on a real database (issue 15): each batch of the file as CSV (src/domain/table-editor/csv.ts)
// copied by POST …/import with COPY FROM STDIN, values converted by each column's type, refused rows reported by
// their lines while the rest goes in (the same report the import gave when it inserted JSON batches).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySkippingRefusedRows, csvRecord } from '../../src/domain/table-editor/csv.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { copyImportSql, copyRow } from './csv-import.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

const sql = (query: string, parameters?: unknown[]) =>
  h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: parameters ? { query, parameters } : { query } });

const importPath = (table: string, columns: string[], schema = 'public') =>
  `/api/platform/pg-meta/${ref}/import?${new URLSearchParams({ schema, table, columns: JSON.stringify(columns) })}`;

/** What the console's import actor does with an answer: a 400 rejects with Postgres's code and the row. */
async function copyBatch(table: string, columns: string[], csv: string): Promise<void> {
  const response = await h.call('POST', importPath(table, columns), { token: owner.token, body: csv });
  if (response.status !== 200) throw Object.assign(new Error(response.body.message), response.body, { status: response.status });
}
const refusedRow = (error: unknown) => (error as { row?: number }).row ?? null;
const errorMessage = (error: unknown) => (error as Error).message;

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user();
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Csv' } });
  const project = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: org.body.slug, name: 'csv', db_pass: 'long enough', db_region: 'local' },
  });
  ref = project.body.ref;
  await h.waitForStatus(ref, owner.token, 'ACTIVE_HEALTHY');
  const created = await sql(`create table public."Csv ""Items""" (
    id bigint generated always as identity primary key, name text not null unique, price numeric(10,2), tags text[],
    meta jsonb, born date, ok boolean default true, total numeric generated always as (price * 2) stored)`);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
}, 60_000);
afterAll(async () => h?.close());

describe('csv import: the report per line', () => {
  it('reports the refused rows of a batch by their lines and copies the rest', async () => {
    await copyBatch('Csv "Items"', ['name'], 'Ada\n');
    const rows = Array.from({ length: 1000 }, (_, i) => [`row ${i}`, String(i)]);
    rows[17] = ['row 17', 'abc']; // invalid numeric
    rows[500] = ['Ada', '1']; // duplicate of an existing name
    rows[998] = ['', '1']; // not null (an empty value is NULL)
    const lines = rows.map((_, i) => i + 2);
    const csv = rows.map((row) => csvRecord(row, ['name', 'price'], new Set())).join('');
    const outcome = await copySkippingRefusedRows(csv, lines, (part) => copyBatch('Csv "Items"', ['name', 'price'], part), {
      refusedRow,
      errorMessage,
      stopAfter: 100,
    });
    expect(outcome.inserted).toBe(997);
    expect(outcome.rejected).toEqual([
      { line: 19, message: 'invalid input syntax for type numeric: "abc"' },
      { line: 502, message: 'duplicate key value violates unique constraint "Csv "Items"_name_key"' },
      { line: 1000, message: 'null value in column "name" of relation "Csv "Items"" violates not-null constraint' },
    ]);
    expect((await sql(`select count(*)::int as n from public."Csv ""Items""" where name like 'row %'`)).body).toEqual([{ n: 997 }]);
  });

  it('stops at once on an error that is not about a row (a missing column)', async () => {
    await expect(
      copySkippingRefusedRows('1\n', [2], (part) => copyBatch('Csv "Items"', ['nope'], part), { refusedRow, errorMessage, stopAfter: 100 }),
    ).rejects.toThrow(/column "nope"/);
  });
});

// Issue 15: the import streams each chunk of the file as CSV into `COPY … FROM STDIN` (POST …/import).
describe('csv import by COPY', () => {
  const copy = (table: string, columns: string[], csv: string, token = owner.token) =>
    h.call('POST', importPath(table, columns), { token, body: csv });

  beforeAll(async () => {
    const created = await sql(`create table public."Copy, ""Items""" (
      id bigint generated always as identity primary key, name text not null unique, price numeric(10,2), tags text[],
      meta jsonb, born date, ok boolean default true, note text)`);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  });

  it('quotes the table, columns and delimiter with the library helpers', () => {
    expect(copyImportSql('public', 'Copy, "Items"', ['na"me', 'price'])).toBe(
      'copy public."Copy, ""Items""" ("na""me", price) from stdin with (format csv, force_null ("na""me", price))',
    );
    expect(copyImportSql('public', 't', ['a'], ';')).toBe("copy public.t (a) from stdin with (format csv, delimiter ';', force_null (a))");
  });

  it('copies a chunk: values converted by their column types, an empty field is NULL, quoted or not', async () => {
    const csv = 'Ada,12.5,"{a,""b c""}","{""k"":[1,2]}",1815-12-10,\nBob,,,,,""\n"Multi\nline",1,,,,x\n';
    const done = await copy('Copy, "Items"', ['name', 'price', 'tags', 'meta', 'born', 'note'], csv);
    expect(done).toEqual({ status: 200, body: { inserted: 3 } });
    const read = await sql(`select name, price, tags, meta, born, ok, note from public."Copy, ""Items""" order by name`);
    expect(read.body).toEqual([
      { name: 'Ada', price: '12.50', tags: ['a', 'b c'], meta: { k: [1, 2] }, born: '1815-12-10', ok: true, note: null },
      { name: 'Bob', price: null, tags: null, meta: null, born: null, ok: true, note: null },
      { name: 'Multi\nline', price: '1.00', tags: null, meta: null, born: null, ok: true, note: 'x' },
    ]);
  });

  it('refuses a chunk with a bad value whole, naming its row (a quoted value spanning lines counts as one)', async () => {
    const csv = '"two\nlines",1\nfine,2\nbad,abc\nlater,4\n';
    const refused = await copy('Copy, "Items"', ['name', 'price'], csv);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'invalid input syntax for type numeric: "abc"', code: '22P02', row: 3 });
    const dup = await copy('Copy, "Items"', ['name'], 'new one\nAda\n');
    expect(dup.body).toMatchObject({ code: '23505', row: 2 });
    const nulls = await copy('Copy, "Items"', ['name', 'price'], 'x,1\n,2\n');
    expect(nulls.body).toMatchObject({ code: '23502', row: 2 });
    const kept = await sql(`select count(*)::int as n from public."Copy, ""Items""" where name in (E'two\\nlines', 'fine', 'later', 'new one', 'x')`);
    expect(kept.body).toEqual([{ n: 0 }]);
  });

  it('answers a refusal that is not about a row without a row (missing column or table): a 400, not a 500', async () => {
    const column = await copy('Copy, "Items"', ['nope'], 'x\n');
    expect(column.status).toBe(400);
    expect(column.body.row).toBeUndefined();
    expect(column.body.message).toMatch(/column "nope"/);
    const table = await copy('missing', ['a'], 'x\n');
    expect(table.status).toBe(400);
    expect(table.body.code).toBe('42P01');
    const badQuery = await h.call('POST', `/api/platform/pg-meta/${ref}/import?schema=public&table=t&columns=nope`, { token: owner.token, body: 'x' });
    expect(badQuery.status).toBe(400);
  });

  it("copies a file's own bytes with its delimiter and line ends (the console's fast path); refuses a delimiter it does not know", async () => {
    const csv = 'Semi;"a;b"\r\nColon;""\r\n';
    const path = `${importPath('Copy, "Items"', ['name', 'note'])}&delimiter=${encodeURIComponent(';')}`;
    expect(await h.call('POST', path, { token: owner.token, body: csv })).toEqual({ status: 200, body: { inserted: 2 } });
    const read = await sql(`select name, note from public."Copy, ""Items""" where name in ('Semi', 'Colon') order by name`);
    expect(read.body).toEqual([
      { name: 'Colon', note: null },
      { name: 'Semi', note: 'a;b' },
    ]);
    const tab = `${importPath('Copy, "Items"', ['name', 'note'])}&delimiter=${encodeURIComponent('\t')}`;
    expect(await h.call('POST', tab, { token: owner.token, body: 'Tab\tx,y\n' })).toEqual({ status: 200, body: { inserted: 1 } });
    for (const delimiter of ['"', "'", 'ab', '\n', '\\']) {
      const refused = await h.call('POST', `${importPath('Copy, "Items"', ['name'])}&delimiter=${encodeURIComponent(delimiter)}`, { token: owner.token, body: 'Nope\n' });
      expect(refused.status, delimiter).toBe(400);
    }
    expect((await sql(`select count(*)::int as n from public."Copy, ""Items""" where name in ('Tab', 'Nope')`)).body).toEqual([{ n: 1 }]);
  });

  it('writes an identity ALWAYS column as given (COPY, like overriding system value)', async () => {
    expect((await copy('Copy, "Items"', ['id', 'name'], '5000,Eve\n')).status).toBe(200);
    expect((await sql(`select id from public."Copy, ""Items""" where name = 'Eve'`)).body).toEqual([{ id: '5000' }]);
  });

  it('refuses read-only members (403), strangers (404) and no session (401), and writes nothing', async () => {
    const reader = await h.user();
    await h.call('GET', '/api/platform/profile', { token: reader.token });
    await h.services.pool.query(
      `insert into members select o.id, $2, 'read_only' from organizations o join projects p on p.organization_id = o.id where p.ref = $1`,
      [ref, reader.id],
    );
    const readOnly = await copy('Copy, "Items"', ['name'], 'by reader\n', reader.token);
    expect(readOnly.status).toBe(403);
    const stranger = await h.user();
    expect((await copy('Copy, "Items"', ['name'], 'by stranger\n', stranger.token)).status).toBe(404);
    expect((await h.request('POST', importPath('Copy, "Items"', ['name']), { token: null, body: 'anon\n' })).status).toBe(401);
    const kept = await sql(`select count(*)::int as n from public."Copy, ""Items""" where name like 'by %' or name = 'anon'`);
    expect(kept.body).toEqual([{ n: 0 }]);
  });

  it('streams a chunk of 200,000 rows (~4 MB) through COPY', async () => {
    await sql('create table public.big (n int, label text)');
    const rows = Array.from({ length: 200_000 }, (_, i) => `${i},row ${i}`).join('\n') + '\n';
    const done = await copy('big', ['n', 'label'], rows);
    expect(done).toEqual({ status: 200, body: { inserted: 200_000 } });
    expect((await sql('select count(*)::int as n, sum(n)::text as s from public.big')).body).toEqual([
      { n: 200_000, s: String((199_999 * 200_000) / 2) },
    ]);
  });

  it('reads the row from the context Postgres gives', () => {
    expect(copyRow('COPY Copy, "Items", line 3, column price: "abc"')).toBe(3);
    expect(copyRow('COPY big, line 12')).toBe(12);
    expect(copyRow(undefined)).toBeNull();
  });
});

describe('csv import body limit', () => {
  it('refuses a chunk over the API body limit (16 MB) with a 413 and writes nothing', async () => {
    await sql('create table public.limited (label text)');
    const row = `${'z'.repeat(1023)}\n`;
    const body = row.repeat(17 * 1024);
    const refused = await h.call('POST', importPath('limited', ['label']), { token: owner.token, body });
    expect(refused.status).toBe(413);
    expect((await sql('select count(*)::int as n from public.limited')).body).toEqual([{ n: 0 }]);
  });

  it('refuses with a 413 too when the body announces no length (streamed), and writes nothing', async () => {
    const piece = new TextEncoder().encode(`${'z'.repeat(1023)}\n`.repeat(1024)); // 1 MiB
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 17) controller.enqueue(piece);
        else controller.close();
      },
    });
    const response = await h.app.request(importPath('limited', ['label']), {
      method: 'POST',
      body: stream,
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv' },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await sql('select count(*)::int as n from public.limited')).body).toEqual([{ n: 0 }]);
  });
});
