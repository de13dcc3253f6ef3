// JSON and SQL exports and row keys (issue 14, server/pgmeta/export.ts) on a real database: the SQL file applied
// with psql into an empty clone gives back every value (compared as `::text`, column by column), the JSON holds
// exactly the values of `to_jsonb` of each row, every format reads as the impersonated role, keys restrict the rows, hostile names are
// quoted, bad requests are 400s, a request too long for a URL is posted as a form, and the cursor follows the reader.
import { serve, type ServerType } from '@hono/node-server';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ident, qualified } from '../../src/domain/table-editor/sql.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { attachmentHeader } from './export.ts';
import { applyKeepAlive } from '../http/keepAlive.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;
let server: ServerType;
let origin: string;
let tmp: string;

const sql = async (query: string) => {
  const result = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
};
const askExport = (body: unknown) => h.call('POST', `/api/platform/pg-meta/${ref}/export`, { token: owner.token, body });
/** The link points at the platform's public host; these tests serve the app on a local port instead. */
const local = (url: string) => {
  const parsed = new URL(url);
  return `${origin}${parsed.pathname}${parsed.search}`;
};

async function download(body: unknown): Promise<{ status: number; text: string; headers: Headers }> {
  const link = await askExport(body);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const response = await fetch(local(link.body.url));
  return { status: response.status, text: await response.text(), headers: response.headers };
}

async function projectPool(): Promise<pg.Pool> {
  return h.services.pools.get(ref);
}

async function query<T extends pg.QueryResultRow = any>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await (await projectPool()).query<T>(text, values)).rows;
}

/** Runs an SQL file with psql, as the project's own role, under a DateStyle unlike the export's: it must not matter. */
async function psqlFile(text: string): Promise<void> {
  const file = join(tmp, `apply-${Math.random().toString(36).slice(2)}.sql`);
  writeFileSync(file, text);
  const { connectionString } = (await projectPool()).options;
  expect(connectionString).toBeTruthy();
  await promisify(execFile)('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', connectionString!, '-f', file], {
    env: { ...process.env, PGOPTIONS: '-c datestyle=SQL,DMY -c intervalstyle=sql_standard -c timezone=America/St_Johns' },
  });
}

/** Every column's `::text`, row by row in the order of `order`. */
async function columnTexts(schema: string, table: string, order: string): Promise<Array<Record<string, string | null>>> {
  const columns = await query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = to_regclass($1) and attnum > 0 and not attisdropped order by attnum`,
    [qualified(schema, table)],
  );
  expect(columns.length).toBeGreaterThan(0);
  const list = columns.map(({ name }) => `${ident(name)}::text as ${ident(name)}`).join(', ');
  return query(`select ${list} from ${qualified(schema, table)} order by ${order}`);
}

/** Exports `schema.table` as SQL, renames its schema away, applies the file to an empty clone; both tables' texts. */
async function roundTrip(schema: string, table: string, order: string, body: Record<string, unknown> = {}) {
  const exported = await download({ schema, table, format: 'sql', ...body });
  expect(exported.status, exported.text).toBe(200);
  const kept = `${schema}_orig`;
  await query(`alter schema ${ident(schema)} rename to ${ident(kept)}`);
  await query(`create schema ${ident(schema)}; create table ${qualified(schema, table)} (like ${qualified(kept, table)} including all)`);
  await psqlFile(exported.text);
  return { file: exported.text, original: await columnTexts(kept, table, order), copy: await columnTexts(schema, table, order) };
}

const KINDS = `
  create schema kinds;
  create table kinds.kinds (
    id bigint generated always as identity primary key,
    t text, big bigint, n numeric, f float8, r real, j jsonb, js json, arr text[], iarr int[], b bytea,
    ts timestamptz, tsn timestamp, d date, i interval, u uuid, flag boolean, tm time, tmz timetz,
    total numeric generated always as (n * 2) stored
  );
  insert into kinds.kinds (t, big, n, f, r, j, js, arr, iarr, b, ts, tsn, d, i, u, flag, tm, tmz) values
    (E'it''s "quoted", a \\\\ backslash\\nnew line\\r\\ttab; -- not a comment 🐘 é 中文', 9007199254740993,
     12345678901234567890.123456789012345678901234567890, 0.1, 3.14159,
     '{"a": [1, 2.50, "x\\"y"], "big": 123456789012345678901234567890, "s": "\\\\n"}', '{"b":1,  "a" : 2}',
     array['a', 'b,c', null, E'q"\\\\', '', 'NULL'], '{{1,2},{3,4}}', '\\x00ff10275c', '2024-02-29 23:59:59.123456+05:30',
     '1999-12-31 23:59:59.999999', '2024-01-02', '1 year 2 mons -3 days 04:05:06.789', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
     true, '23:59:59.999999', '12:00:00+05:45'),
    ('', -9223372036854775808, 0.10, 1e308, 'NaN', 'null', '[]', '{}', '{}', '', '-infinity', 'infinity', '0044-03-15 BC',
     '-1 days +02:00:00', null, false, '00:00', '00:00+00'),
    (null, null, 'NaN', '-0', '-Infinity', '"text"', 'null', null, null, null, null, null, null, null, null, null, null, null),
    ('NULL', 9223372036854775807, -0.000000000000000000001, 1.7976931348623157e308, 1.17549435e-38, '{"nested": {"deep": [[]]}}',
     '  {"spaced": true}  ', array[E'line\\nbreak'], array[-2147483648], decode(repeat('ab', 300), 'hex'),
     '1970-01-01 00:00:00+00', '2000-01-01', '2000-02-29', '00:00:00.000001', '00000000-0000-0000-0000-000000000000', null,
     null, null);`;

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user();
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Export formats' } });
  const project = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: org.body.slug, name: 'export-formats', db_pass: 'long enough', db_region: 'local' },
  });
  ref = project.body.ref;
  await h.waitForStatus(ref, owner.token, 'ACTIVE_HEALTHY');
  await sql(KINDS);
  await sql(`
    create table public.items (id int primary key, name text);
    insert into public.items select i, 'item ' || i from generate_series(1, 50) i;
    create table public.empty (id int primary key, note text);
    create table public.pairs (a int, b text, v text, primary key (a, b));
    insert into public.pairs values (1, 'x', 'one x'), (1, 'y', 'one y'), (2, 'x', 'two x');
    create table public.keyless (v text);
    insert into public.keyless values ('first'), ('second'), ('third');
    create table public.uuids (id uuid primary key default gen_random_uuid(), n int);
    insert into public.uuids (n) select i from generate_series(1, 3000) i;`);
  server = applyKeepAlive(serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }));
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tmp = mkdtempSync(join(tmpdir(), 'strata-export-'));
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('JSON export', () => {
  it('is one array of the rows, exact to the digit and in column order, as a .json attachment', async () => {
    const { status, text, headers } = await download({ schema: 'kinds', table: 'kinds', format: 'json', sorts: [{ column: 'id', ascending: true }] });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('content-disposition')).toBe(`attachment; filename="kinds.json"; filename*=UTF-8''kinds.json`);
    expect(headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    const rows = JSON.parse(text) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(4);
    expect(Object.keys(rows[0]!)).toEqual(['id', 't', 'big', 'n', 'f', 'r', 'j', 'js', 'arr', 'iarr', 'b', 'ts', 'tsn', 'd', 'i', 'u', 'flag', 'tm', 'tmz', 'total']);
    expect(rows[0]!.t).toBe(`it's "quoted", a \\ backslash\nnew line\r\ttab; -- not a comment 🐘 é 中文`);
    expect(rows[0]!.arr).toEqual(['a', 'b,c', null, 'q"\\', '', 'NULL']);
    expect(rows[1]!.t).toBe('');
    expect(rows[2]!.t).toBeNull();
    // Digits JSON.parse would round are in the text exactly as Postgres has them.
    expect(text).toContain('"big":9007199254740993,');
    expect(text).toContain('"n":12345678901234567890.123456789012345678901234567890,');
    expect(text).toContain('"big": 123456789012345678901234567890');
    // The whole document, read back by Postgres, equals to_jsonb of every row: the same values, digit for digit.
    const [same] = await query<{ same: boolean }>(
      `select $1::jsonb = (select jsonb_agg(to_jsonb(k.*) order by id) from kinds.kinds k) as same`,
      [text],
    );
    expect(same!.same).toBe(true);
  });

  it('is [] for no rows, and streams many rows in order', async () => {
    const empty = await download({ schema: 'public', table: 'empty', format: 'json' });
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('[]');
    const filtered = await download({ schema: 'public', table: 'items', format: 'json', filters: [{ column: 'id', operator: 'gt', value: '100' }] });
    expect(filtered.text).toBe('[]');
    await sql(`create table public.many as select i as id, repeat('x', i % 50) as pad from generate_series(1, 25000) i`);
    const many = await download({ schema: 'public', table: 'many', format: 'json', sorts: [{ column: 'id', ascending: false }] });
    const rows = JSON.parse(many.text) as Array<{ id: number; pad: string }>;
    expect(rows).toHaveLength(25000);
    expect(rows[0]).toEqual({ id: 25000, pad: 'x'.repeat(0) });
    expect(rows.at(-1)).toEqual({ id: 1, pad: 'x' });
    expect(rows.every((row, index) => row.id === 25000 - index)).toBe(true);
  });
});

describe('SQL export', () => {
  it('gives back every value of every type when applied into an empty copy of the table', async () => {
    const { file, original, copy } = await roundTrip('kinds', 'kinds', 'id');
    expect(original).toHaveLength(4);
    expect(copy).toEqual(original);
    const lines = file.split(';\n').filter((line) => line !== '');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/^INSERT INTO kinds\.kinds \(id, t, big, n, f, r, j, js, arr, iarr, b, ts, tsn, d, i, u, flag, tm, tmz\) OVERRIDING SYSTEM VALUE VALUES \(/);
    // The generated column is left out (Postgres computes it again), NULL is NULL and '' is ''.
    expect(file).not.toMatch(/total/);
    expect(lines[1]).toMatch(/^INSERT INTO kinds\.kinds \([^)]*\) OVERRIDING SYSTEM VALUE VALUES \('2', '', /);
    expect(lines[2]).toMatch(/VALUES \('3', NULL, NULL, 'NaN'/);
    expect(copy[3]!.t).toBe('NULL');
    expect(copy[0]!.big).toBe('9007199254740993');
    expect(copy[0]!.total).toBe(original[0]!.total);
    await query(`alter schema kinds rename to kinds_copy; alter schema kinds_orig rename to kinds`);
  });

  it('is an empty file for no rows, named .sql, typed application/sql', async () => {
    const { status, text, headers } = await download({ schema: 'public', table: 'empty', format: 'sql' });
    expect(status).toBe(200);
    expect(text).toBe('');
    expect(headers.get('content-type')).toBe('application/sql; charset=utf-8');
    expect(headers.get('content-disposition')).toBe(attachmentHeader('empty', 'sql'));
    expect(attachmentHeader('empty', 'sql')).toBe(`attachment; filename="empty.sql"; filename*=UTF-8''empty.sql`);
  });

  it('quotes hostile schema, table and column names in the file and round-trips them', async () => {
    await sql(`
      create schema "we""ird; --";
      create table "we""ird; --"."tab'; drop table public.items; --" ("co""l" int primary key, "é 中" text, "semi;colon" jsonb, "select" text);
      insert into "we""ird; --"."tab'; drop table public.items; --" values (1, 'x', '{"k": "v"}', 'it''s'), (2, null, null, E'\\\\');`);
    const json = await download({ schema: 'we"ird; --', table: "tab'; drop table public.items; --", format: 'json', sorts: [{ column: 'co"l', ascending: true }] });
    expect(JSON.parse(json.text)).toEqual([
      { 'co"l': 1, 'é 中': 'x', 'semi;colon': { k: 'v' }, select: "it's" },
      { 'co"l': 2, 'é 中': null, 'semi;colon': null, select: '\\' },
    ]);
    expect(json.headers.get('content-disposition')).toBe(attachmentHeader("tab'; drop table public.items; --", 'json'));
    const { file, original, copy } = await roundTrip('we"ird; --', "tab'; drop table public.items; --", '1');
    expect(file.split('\n')[0]).toBe(
      `INSERT INTO "we""ird; --"."tab'; drop table public.items; --" ("co""l", "é 中", "semi;colon", "select") VALUES ('1', 'x', '{"k": "v"}', 'it''s');`,
    );
    expect(copy).toEqual(original);
    expect(copy).toHaveLength(2);
    expect(await query('select count(*)::int as n from public.items')).toEqual([{ n: 50 }]);
  });
});

describe('export as the impersonated role (spec B2.7)', () => {
  it('gives anon only its rows, in every format', async () => {
    await sql(`
      create table public.secrets (id int primary key, body text);
      insert into public.secrets select i, 'row ' || i from generate_series(1, 300) i;
      alter table public.secrets enable row level security;
      grant select on public.secrets to anon;
      create policy anon_sees_few on public.secrets for select to anon using (id % 100 = 0);`);
    const anon = { role: 'anon', claims: { role: 'anon', ref } };
    const body = { schema: 'public', table: 'secrets', sorts: [{ column: 'id', ascending: true }], impersonation: anon };
    const csv = await download(body);
    expect(csv.text.trim().split('\n').slice(1).map((line) => line.split(',')[0])).toEqual(['100', '200', '300']);
    const json = await download({ ...body, format: 'json' });
    expect((JSON.parse(json.text) as Array<{ id: number }>).map((row) => row.id)).toEqual([100, 200, 300]);
    const insert = await download({ ...body, format: 'sql' });
    expect(insert.text).toBe(
      [100, 200, 300].map((id) => `INSERT INTO public.secrets (id, body) VALUES ('${id}', 'row ${id}');\n`).join(''),
    );
    // Keys do not widen what the role reads: a key anon cannot see is not exported.
    const keyed = await download({ ...body, format: 'json', keys: [{ id: 1 }, { id: 200 }] });
    expect(JSON.parse(keyed.text)).toEqual([{ id: 200, body: 'row 200' }]);
    // The member's own role sees every row.
    expect(JSON.parse((await download({ schema: 'public', table: 'secrets', format: 'json' })).text)).toHaveLength(300);
  });
});

describe('row keys', () => {
  it('restricts every format to the rows with the given keys, with the filters and sorts', async () => {
    const body = { schema: 'public', table: 'items', keys: [{ id: 3 }, { id: 1 }, { id: 40 }], sorts: [{ column: 'id', ascending: true }] };
    expect(JSON.parse((await download({ ...body, format: 'json' })).text)).toEqual([
      { id: 1, name: 'item 1' },
      { id: 3, name: 'item 3' },
      { id: 40, name: 'item 40' },
    ]);
    expect((await download(body)).text).toBe('id,name\n1,item 1\n3,item 3\n40,item 40\n');
    expect((await download({ ...body, format: 'csv' })).text).toBe('id,name\n1,item 1\n3,item 3\n40,item 40\n');
    expect((await download({ ...body, format: 'sql', filters: [{ column: 'id', operator: 'lt', value: '10' }] })).text).toBe(
      `INSERT INTO public.items (id, name) VALUES ('1', 'item 1');\nINSERT INTO public.items (id, name) VALUES ('3', 'item 3');\n`,
    );
    // Key values as the grid may hold them: numbers or their text.
    expect(JSON.parse((await download({ ...body, keys: [{ id: '7' }], format: 'json' })).text)).toEqual([{ id: 7, name: 'item 7' }]);
    expect((await download({ ...body, keys: [], format: 'json' })).text).toBe('[]');
  });

  it('takes composite keys, null key values and ctids', async () => {
    const pairs = await download({ schema: 'public', table: 'pairs', format: 'json', keys: [{ a: 1, b: 'y' }, { a: 2, b: 'x' }, { a: 9, b: null }], sorts: [{ column: 'v', ascending: true }] });
    expect(JSON.parse(pairs.text)).toEqual([
      { a: 1, b: 'y', v: 'one y' },
      { a: 2, b: 'x', v: 'two x' },
    ]);
    const [second] = await query<{ ctid: string }>(`select ctid::text from public.keyless where v = 'second'`);
    const keyless = await download({ schema: 'public', table: 'keyless', format: 'sql', keys: [{ ctid: second!.ctid }] });
    expect(keyless.text).toBe(`INSERT INTO public.keyless (v) VALUES ('second');\n`);
  });

  it('refuses more than 10,000 keys, and bad key columns or values, with a 400', async () => {
    const tooMany = await askExport({ schema: 'public', table: 'items', keys: Array.from({ length: 10_001 }, (_, id) => ({ id })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('keys must name at most 10,000 rows: export the table or its filtered rows instead');
    const column = await askExport({ schema: 'public', table: 'items', format: 'json', keys: [{ nope: 1 }] });
    expect(column).toMatchObject({ status: 400, body: { message: 'column "nope" does not exist' } });
    const value = await askExport({ schema: 'public', table: 'items', format: 'sql', keys: [{ id: 'abc' }] });
    expect(value.status).toBe(400);
    expect(value.body.message).toMatch(/invalid input syntax for type integer/);
    expect((await askExport({ schema: 'public', table: 'items', keys: [{}] })).status).toBe(400);
    expect((await askExport({ schema: 'public', table: 'items', keys: [{ id: 'a\u0000b' }] })).status).toBe(400);
    expect((await askExport({ schema: 'public', table: 'items', keys: { id: 1 } })).status).toBe(400);
    // Fewer keys, but more than a link carries.
    const long = await askExport({ schema: 'public', table: 'items', keys: Array.from({ length: 10_000 }, () => ({ id: 'x'.repeat(300) })) });
    expect(long).toMatchObject({ status: 400, body: { message: 'The row keys are too many or too long to export: export the table or its filtered rows instead' } });
  });

  it('carries thousands of keys: a link too long for a URL is posted as a form to the same address', async () => {
    const ids = await query<{ id: string }>('select id::text from public.uuids where n % 2 = 0 order by n');
    expect(ids).toHaveLength(1500);
    const link = await askExport({ schema: 'public', table: 'uuids', format: 'json', keys: ids.map(({ id }) => ({ id })), sorts: [{ column: 'n', ascending: true }] });
    expect(link.status).toBe(200);
    const url = new URL(local(link.body.url));
    expect(url.href.length).toBeGreaterThan(64 * 1024);
    // Node refuses a request head this long (431): hence the form.
    expect((await fetch(url)).status).toBe(431);
    const posted = await fetch(`${url.origin}${url.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ q: url.searchParams.get('q')!, token: url.searchParams.get('token')! }),
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('content-disposition')).toBe(attachmentHeader('uuids', 'json'));
    const rows = JSON.parse(await posted.text()) as Array<{ id: string; n: number }>;
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 1500 }, (_, i) => 2 * (i + 1)));
    // The form is checked like the link: another request under the same token is refused.
    const forged = await fetch(`${url.origin}${url.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ q: Buffer.from(JSON.stringify({ schema: 'public', table: 'uuids' })).toString('base64url'), token: url.searchParams.get('token')! }),
    });
    expect(forged.status).toBe(403);
    expect((await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: 'not a form' })).status).toBe(403);
  });
});

describe('refusals', () => {
  it('answers a bad column, sort, format or a missing table with a 4xx, never a 500', async () => {
    for (const format of ['json', 'sql'] as const) {
      const filter = await askExport({ schema: 'public', table: 'items', format, filters: [{ column: 'nope', operator: 'eq', value: '1' }] });
      expect(filter).toMatchObject({ status: 400, body: { message: 'column "nope" does not exist' } });
      const sort = await askExport({ schema: 'public', table: 'items', format, sorts: [{ column: 'nope', ascending: true }] });
      expect(sort.status).toBe(400);
      const missing = await askExport({ schema: 'public', table: 'nope', format });
      expect(missing).toMatchObject({ status: 404, body: { message: 'Table public.nope not found' } });
    }
    const format = await askExport({ schema: 'public', table: 'items', format: 'xml' });
    expect(format).toMatchObject({ status: 400, body: { message: 'format must be one of: csv, json, sql' } });
  });

  it('answers 404, not 500, when the table was dropped after a JSON or SQL link was made', async () => {
    for (const format of ['json', 'sql'] as const) {
      await sql('create table public.gone (x int)');
      const link = await askExport({ schema: 'public', table: 'gone', format });
      await sql('drop table public.gone');
      const response = await fetch(local(link.body.url));
      expect(response.status).toBe(404);
      expect((await response.json()).message).toBe('Table not found');
    }
  });
});

describe('streaming through the cursor', () => {
  /** Backends of the project's API role inside an export's cursor. */
  const cursorBackends = async () => {
    const { rows } = await h.services.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where usename = $1 and query ilike 'fetch forward %'`,
      [`strata_${ref}_api`],
    );
    return rows[0]!.n;
  };

  beforeAll(async () => {
    await sql(`create table public.big as select i as id, md5(i::text) || md5((i * 7)::text) as payload from generate_series(1, 300000) i`);
  }, 60_000);

  it('holds the cursor while the reader pauses, and closes it when the reader goes away', async () => {
    for (const format of ['json', 'sql'] as const) {
      const link = await askExport({ schema: 'public', table: 'big', format });
      const abort = new AbortController();
      const response = await fetch(local(link.body.url), { signal: abort.signal });
      const reader = response.body!.getReader();
      let received = 0;
      while (received < 1024 * 1024) received += (await reader.read()).value!.length;
      await new Promise((r) => setTimeout(r, 1000));
      // 300,000 rows (~30 MB) are far more than was read: the export still waits on its cursor for the reader.
      expect(await cursorBackends()).toBe(1);
      abort.abort();
      const deadline = Date.now() + 5000;
      while ((await cursorBackends()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await cursorBackends()).toBe(0);
    }
    // The pool still serves queries (no connection left checked out).
    for (let i = 0; i < 4; i++) expect(await sql('select 1 as one')).toEqual([{ one: 1 }]);
  }, 30_000);

  it('holds a few batches in memory, never the result: half way through, what is live is far less than what was sent', async () => {
    // RSS is no measure here: V8 grows its heap with the garbage of the first export whatever it keeps (measured:
    // +40 MB for 27 MB of JSON on a cold process, 0 once warm, the same for 110 MB). What is live after a full GC is.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.arrayBuffers;
    };
    for (const format of ['json', 'sql'] as const) {
      const link = await askExport({ schema: 'public', table: 'big', format });
      const before = live();
      const response = await fetch(local(link.body.url));
      const reader = response.body!.getReader();
      let received = 0;
      while (received < 12 * 1024 * 1024) received += (await reader.read()).value!.length;
      const during = live() - before;
      // The whole result as rows of text would be ~30 MB and 300,000 strings; a batch is ~1 MB.
      expect(during, format).toBeLessThan(8 * 1024 * 1024);
      let rest = 0;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value.length;
      expect(received + rest).toBeGreaterThan(25 * 1024 * 1024);
    }
  }, 120_000);
});
