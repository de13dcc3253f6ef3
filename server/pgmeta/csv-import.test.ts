// The CSV import's SQL (src/domain/table-editor/csv.ts) on a real database through the query endpoint, as the
// console sends it: one JSON parameter per batch, values converted by each column's type, bad rows found by halves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBatchSql, insertNarrowingErrors, rowObject } from '../../src/domain/table-editor/csv.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

const sql = (query: string, parameters?: unknown[]) =>
  h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: parameters ? { query, parameters } : { query } });

/** What the console's insert actor does with an answer: a 400 rejects with Postgres's code. */
async function insert(statement: { query: string }, rows: unknown[]): Promise<void> {
  const response = await sql(statement.query, [JSON.stringify(rows)]);
  if (response.status !== 200) throw Object.assign(new Error(response.body.message), { code: response.body.code, status: response.status });
}

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

describe('csv import SQL', () => {
  it('inserts a batch with one JSON parameter, each value converted by its column type', async () => {
    const mapping = ['name', 'price', 'tags', 'meta', 'born', null];
    const rows = [
      ['Ada', '12.5', '{a,"b c"}', '{"k":[1,2]}', '1815-12-10', 'skipped'],
      ['Bob', '', '', '', '', 'x'],
    ].map((row) => rowObject(row, mapping, new Set(['meta'])));
    await insert(insertBatchSql('public', 'Csv "Items"', ['name', 'price', 'tags', 'meta', 'born'], false), rows);
    const read = await sql(`select name, price, tags, meta, born, ok, total from public."Csv ""Items""" order by name`);
    expect(read.body).toEqual([
      { name: 'Ada', price: '12.50', tags: ['a', 'b c'], meta: { k: [1, 2] }, born: '1815-12-10', ok: true, total: '25.00' },
      { name: 'Bob', price: null, tags: null, meta: null, born: null, ok: true, total: null },
    ]);
  });

  it('writes an identity ALWAYS column only with overriding system value', async () => {
    const statement = insertBatchSql('public', 'Csv "Items"', ['id', 'name'], true);
    await insert(statement, [{ id: '1000', name: 'Cid' }]);
    expect((await sql(`select id from public."Csv ""Items""" where name = 'Cid'`)).body).toEqual([{ id: '1000' }]);
    const refused = await sql(insertBatchSql('public', 'Csv "Items"', ['id', 'name'], false).query, [JSON.stringify([{ id: '1001', name: 'Dee' }])]);
    expect(refused.status).toBe(400);
  });

  it('finds the refused rows of a batch by their lines and inserts the rest', async () => {
    const statement = insertBatchSql('public', 'Csv "Items"', ['name', 'price'], false);
    const rows = Array.from({ length: 1000 }, (_, i) => ({ name: `row ${i}`, price: String(i) }));
    rows[17] = { name: 'row 17', price: 'abc' }; // invalid numeric
    rows[500] = { name: 'Ada', price: '1' }; // duplicate of an existing name
    rows[998] = { name: null as unknown as string, price: '1' }; // not null
    const lines = rows.map((_, i) => i + 2);
    const outcome = await insertNarrowingErrors(rows, lines, (part) => insert(statement, [...part]), {
      errorCode: (e) => (e as { code?: unknown }).code,
      errorMessage: (e) => (e as Error).message,
      stopAfter: 100,
    });
    expect(outcome.inserted).toBe(997);
    expect(outcome.rejected).toEqual([
      { line: 19, message: 'invalid input syntax for type numeric: "abc"' },
      { line: 502, message: 'duplicate key value violates unique constraint "Csv \\"Items\\"_name_key"' },
      { line: 1000, message: 'null value in column "name" of relation "Csv \\"Items\\"" violates not-null constraint' },
    ].map((r) => ({ ...r, message: r.message.replace(/\\"/g, '"') })));
    expect((await sql(`select count(*)::int as n from public."Csv ""Items""" where name like 'row %'`)).body).toEqual([{ n: 997 }]);
  });

  it('stops at once on an error that is not about a row (a missing column)', async () => {
    const statement = insertBatchSql('public', 'Csv "Items"', ['nope'], false);
    await expect(
      insertNarrowingErrors([{ nope: 1 }], [2], (part) => insert(statement, [...part]), {
        errorCode: (e) => (e as { code?: unknown }).code,
        errorMessage: (e) => (e as Error).message,
        stopAfter: 100,
      }),
    ).rejects.toThrow(/column "nope"/);
  });
});
