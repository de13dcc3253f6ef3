// CSV export (server/pgmeta/export.ts) on a real database: the content is COPY's, filters and sorts apply, hostile
// names are quoted, bad requests are 4xx, a client that goes away stops the COPY, memory stays flat.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { to as copyTo } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { attachmentHeader } from './export.ts';
import { applyKeepAlive } from '../http/keepAlive.ts';

let h: PlatformHarness;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let ref: string;
let server: ServerType;
let origin: string;

const sql = (query: string) => h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query } });
const askExport = (body: unknown, token = owner.token) => h.call('POST', `/api/platform/pg-meta/${ref}/export`, { token, body });
/** The link points at the platform's public host; these tests serve the app on a local port instead. */
const local = (url: string) => {
  const parsed = new URL(url);
  return `${origin}${parsed.pathname}${parsed.search}`;
};

async function rawCopy(select: string): Promise<string> {
  const client = await (await h.services.pools.get(ref)).connect();
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of client.query(copyTo(`copy (${select}) to stdout with (format csv, header)`))) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    client.release();
  }
}

async function download(body: unknown): Promise<{ status: number; text: string; headers: Headers }> {
  const link = await askExport(body);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const response = await fetch(local(link.body.url));
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** Backends of the project's API role running a COPY. */
async function copyBackends(): Promise<number> {
  const { rows } = await h.services.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where usename = $1 and query ilike 'copy (%'`,
    [`strata_${ref}_api`],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  h = await startPlatformHarness();
  [owner, reader, stranger] = await Promise.all([h.user(), h.user(), h.user()]);
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Export' } });
  const project = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: org.body.slug, name: 'exports', db_pass: 'long enough', db_region: 'local' },
  });
  ref = project.body.ref;
  await h.waitForStatus(ref, owner.token, 'ACTIVE_HEALTHY');
  await h.call('GET', '/api/platform/profile', { token: reader.token });
  await h.services.pool.query(
    `insert into members (organization_id, profile_id, role) select id, $2, 'read_only' from organizations where slug = $1`,
    [org.body.slug, reader.id],
  );
  const created = await sql(`
    create table public.items (id int primary key, name text, price numeric, tags text[], note text);
    insert into public.items select i, 'item ' || i, i * 1.5, array['a', 'b,' || i], case when i % 10 = 0 then 'quote " and, comma' end
      from generate_series(1, 500) i;
    create schema "we""ird";
    create table "we""ird"."tab; drop table items; --" ("co""l" int, "é" text);
    insert into "we""ird"."tab; drop table items; --" values (1, 'x'), (2, 'y')`);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  server = applyKeepAlive(serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }));
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

describe('table export', () => {
  it('streams exactly what COPY gives, as an attachment named after the table', async () => {
    const { status, text, headers } = await download({ schema: 'public', table: 'items', filters: [], sorts: [] });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toBe(`attachment; filename="items.csv"; filename*=UTF-8''items.csv`);
    expect(text).toBe(await rawCopy('select * from public.items'));
    expect(text.split('\n')[0]).toBe('id,name,price,tags,note');
    expect(text.split('\n')).toHaveLength(502);
  });

  it('applies filters and sorts', async () => {
    const body = {
      schema: 'public',
      table: 'items',
      filters: [
        { column: 'id', operator: 'lte', value: '30' },
        { column: 'note', operator: 'is', value: 'not null' },
      ],
      sorts: [{ column: 'id', ascending: false }],
    };
    const { text } = await download(body);
    expect(text).toBe(await rawCopy('select * from public.items where id <= 30 and note is not null order by id desc'));
    expect(text.trim().split('\n').slice(1).map((line) => line.split(',')[0])).toEqual(['30', '20', '10']);
    const quoted = await download({ schema: 'public', table: 'items', filters: [{ column: 'name', operator: 'eq', value: "it'em 1" }], sorts: [] });
    expect(quoted.text).toBe('id,name,price,tags,note\n');
  });

  it('quotes hostile schema, table and column names', async () => {
    const body = { schema: 'we"ird', table: 'tab; drop table items; --', filters: [{ column: 'co"l', operator: 'gt', value: '1' }], sorts: [] };
    const { status, text, headers } = await download(body);
    expect(status).toBe(200);
    expect(text).toBe('"co""l",é\n2,y\n');
    expect(headers.get('content-disposition')).toBe(attachmentHeader('tab; drop table items; --'));
    expect(attachmentHeader('tab; drop table items; --')).toBe(
      `attachment; filename="tab_ drop table items_ --.csv"; filename*=UTF-8''tab%3B%20drop%20table%20items%3B%20--.csv`,
    );
    expect((await sql('select count(*)::int as n from public.items')).body).toEqual([{ n: 500 }]);
  });

  it('answers a bad request with a 4xx and a message', async () => {
    const missing = await askExport({ schema: 'public', table: 'nope', filters: [], sorts: [] });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Table public.nope not found' } });
    const column = await askExport({ schema: 'public', table: 'items', filters: [{ column: 'nope', operator: 'eq', value: '1' }], sorts: [] });
    expect(column).toMatchObject({ status: 400, body: { message: 'column "nope" does not exist' } });
    const value = await askExport({ schema: 'public', table: 'items', filters: [{ column: 'id', operator: 'eq', value: 'abc' }], sorts: [] });
    expect(value.status).toBe(400);
    expect(value.body.message).toMatch(/invalid input syntax for type integer/);
    const is = await askExport({ schema: 'public', table: 'items', filters: [{ column: 'id', operator: 'is', value: 'maybe' }], sorts: [] });
    expect(is).toMatchObject({ status: 400, body: { message: "'is' takes null, not null, true or false, not 'maybe'" } });
    const sort = await askExport({ schema: 'public', table: 'items', sorts: [{ column: 'nope', ascending: true }] });
    expect(sort.status).toBe(400);
    expect((await askExport({ schema: 'public' })).status).toBe(400);
    expect((await askExport({ schema: 'public', table: 'items', extra: 1 })).status).toBe(400);
  });

  it('lets read-only members export, not strangers; the link is the only credential and expires', async () => {
    const body = { schema: 'public', table: 'items', filters: [], sorts: [] };
    expect((await askExport(body, reader.token)).status).toBe(200);
    expect((await askExport(body, stranger.token)).status).toBe(404);
    const link = (await askExport(body)).body.url as string;
    const forged = new URL(local(link));
    forged.searchParams.set('q', Buffer.from(JSON.stringify({ ...body, table: 'other' })).toString('base64url'));
    const refused = await fetch(forged);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/not valid or has expired/);
    const expired = new URL(local(link));
    expired.searchParams.set('token', `1.${'A'.repeat(43)}`);
    expect((await fetch(expired)).status).toBe(403);
  });

  it('answers 404, not 500, when the table was dropped after the link was made', async () => {
    await sql('create table public.gone (x int)');
    const link = await askExport({ schema: 'public', table: 'gone' });
    await sql('drop table public.gone');
    const response = await fetch(local(link.body.url));
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('Table not found');
  });
});

describe('export filters and role (issues 13.9, 14.3)', () => {
  it("applies the grid's `in` filter: one value, several values, spaces and quotes", async () => {
    const one = await download({ schema: 'public', table: 'items', filters: [{ column: 'id', operator: 'in', value: '1' }] });
    expect(one.status).toBe(200);
    expect(one.text).toBe(await rawCopy('select * from public.items where id in (1)'));
    // The CSV is user content (issue 13 finding 1): an attachment, sandboxed, never sniffed.
    expect(one.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(one.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(one.headers.get('x-content-type-options')).toBe('nosniff');
    const several = await download({ schema: 'public', table: 'items', filters: [{ column: 'id', operator: 'in', value: '1,2, 30' }] });
    expect(several.text).toBe(await rawCopy('select * from public.items where id in (1, 2, 30)'));
    expect(several.text.trim().split('\n')).toHaveLength(4);
    const quoted = await download({ schema: 'public', table: 'items', filters: [{ column: 'name', operator: 'in', value: `item 3,it'em "4",{x}` }] });
    expect(quoted.text).toBe(await rawCopy(`select * from public.items where name in ('item 3')`));
  });

  const secretsSetup = `
    create table public.secrets (id int primary key, owner_id uuid, body text);
    insert into public.secrets select i, case when i <= 27 then '11111111-1111-1111-1111-111111111111'::uuid end, 'row ' || i
      from generate_series(1, 300) i;
    alter table public.secrets enable row level security;
    grant select on public.secrets to anon, authenticated;
    create policy anon_sees_few on public.secrets for select to anon using (id % 100 = 0);
    create policy own_rows on public.secrets for select to authenticated
      using (owner_id = (current_setting('request.jwt.claims', true)::jsonb ->> 'sub')::uuid);`;

  it('runs as the impersonated role: anon and a user export exactly the rows the grid shows them', async () => {
    expect((await sql(secretsSetup)).status).toBe(200);
    const anon = { role: 'anon', claims: { role: 'anon', ref } };
    const grid = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, {
      token: owner.token,
      body: { query: 'select id from public.secrets order by id', impersonation: anon },
    });
    expect(grid.body).toEqual([{ id: 100 }, { id: 200 }, { id: 300 }]);
    const asAnon = await download({ schema: 'public', table: 'secrets', sorts: [{ column: 'id', ascending: true }], impersonation: anon });
    expect(asAnon.status).toBe(200);
    expect(asAnon.text.trim().split('\n').slice(1).map((line) => line.split(',')[0])).toEqual(['100', '200', '300']);
    const user = { role: 'authenticated', claims: { role: 'authenticated', ref, sub: '11111111-1111-1111-1111-111111111111' } };
    const asUser = await download({ schema: 'public', table: 'secrets', impersonation: user });
    expect(asUser.text.trim().split('\n')).toHaveLength(1 + 27);
    // The member's own role still sees every row.
    expect((await download({ schema: 'public', table: 'secrets' })).text.trim().split('\n')).toHaveLength(1 + 300);
    // The check before the link runs as the role too: a table anon may not read is refused up front.
    await sql('create table public.private_t (x int); revoke all on public.private_t from anon');
    const refused = await askExport({ schema: 'public', table: 'private_t', impersonation: anon });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/permission denied/);
  });

  it('signs the role into the link: dropping or changing it is refused', async () => {
    const anon = { role: 'anon', claims: { role: 'anon', ref } };
    const body = { schema: 'public', table: 'secrets', filters: [], sorts: [], impersonation: anon };
    const link = new URL(local((await askExport(body)).body.url));
    const request = JSON.parse(Buffer.from(link.searchParams.get('q')!, 'base64url').toString('utf8'));
    expect(request.impersonation).toMatchObject(anon);
    for (const forged of [{ ...request, impersonation: undefined }, { ...request, impersonation: { role: 'service_role', claims: { role: 'service_role' } } }]) {
      const tampered = new URL(link);
      tampered.searchParams.set('q', Buffer.from(JSON.stringify(forged)).toString('base64url'));
      expect((await fetch(tampered)).status).toBe(403);
    }
  });

  it('applies an access-token hook as the query endpoint does, and a read-only member exports as the role too', async () => {
    expect(
      (
        await sql(`create function public.as_user(event jsonb) returns jsonb language sql as $$
          select jsonb_build_object('claims', (event -> 'claims') || '{"role": "authenticated", "sub": "11111111-1111-1111-1111-111111111111"}'::jsonb) $$;
          grant execute on function public.as_user(jsonb) to public`)
      ).status,
    ).toBe(200);
    const hooked = await download({
      schema: 'public',
      table: 'secrets',
      impersonation: { role: 'authenticated', claims: { role: 'anon' }, hook: { schema: 'public', functionName: 'as_user' } },
    });
    expect(hooked.text.trim().split('\n')).toHaveLength(1 + 27);
    const link = await askExport({ schema: 'public', table: 'secrets', impersonation: { role: 'anon', claims: { role: 'anon' } } }, reader.token);
    expect(link.status).toBe(200);
    const text = await (await fetch(local(link.body.url))).text();
    expect(text.trim().split('\n')).toHaveLength(1 + 3);
  });
});

describe('streaming', () => {
  beforeAll(async () => {
    // ~75 MB of CSV: far more than the memory growth allowed below.
    const seeded = await sql(`create table public.big as select i as id, md5(i::text) || md5((i * 7)::text) || md5((i * 13)::text) as payload
      from generate_series(1, 800000) i`);
    expect(seeded.status).toBe(200);
  }, 60_000);

  it('stops the COPY and gives the connection back when the client goes away', async () => {
    const link = await askExport({ schema: 'public', table: 'big' });
    const abort = new AbortController();
    const response = await fetch(local(link.body.url), { signal: abort.signal });
    const reader = response.body!.getReader();
    let received = 0;
    while (received < 256 * 1024) received += (await reader.read()).value!.length;
    expect(await copyBackends()).toBe(1);
    abort.abort();
    const deadline = Date.now() + 5000;
    while ((await copyBackends()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await copyBackends()).toBe(0);
    // The pool still serves queries (no connection left checked out).
    for (let i = 0; i < 4; i++) expect((await sql('select 1 as one')).body).toEqual([{ one: 1 }]);
  }, 30_000);

  it('follows the reader: a paused client holds the COPY back instead of filling memory', async () => {
    const link = await askExport({ schema: 'public', table: 'big' });
    const response = await fetch(local(link.body.url));
    const reader = response.body!.getReader();
    let received = 0;
    while (received < 1024 * 1024) received += (await reader.read()).value!.length;
    await new Promise((r) => setTimeout(r, 1500));
    // 800,000 rows take well under a second to COPY: still running means the server waits for the reader.
    expect(await copyBackends()).toBe(1);
    await reader.cancel();
  }, 30_000);

  it('sends rows that come slowly as they come, not once a whole batch is in', async () => {
    // 12 rows of 20 KB, one every 0.3 s: a batch of COPY_BATCH_BYTES would hold the first rows back ~3.6 s.
    const created = await sql(`create view public.slow as select i as id, repeat('x', 20000) as pad, pg_sleep(0.3)::text as waited
      from generate_series(1, 12) i`);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const link = await askExport({ schema: 'public', table: 'slow' });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const started = Date.now();
    const response = await fetch(local(link.body.url));
    const reader = response.body!.getReader();
    let received = 0;
    while (received < 3 * 20000) received += (await reader.read()).value!.length;
    // Three rows take ~0.9 s to compute; allow for a busy machine, far below the ~3.6 s of a full batch.
    expect(Date.now() - started).toBeLessThan(2500);
    await reader.cancel();
  }, 30_000);

  it('keeps memory flat: 8 times the rows do not cost more memory', async () => {
    const exportPeak = async (filters: unknown[]) => {
      const link = await askExport({ schema: 'public', table: 'big', filters });
      const before = process.memoryUsage().rss;
      let peak = before;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
      const response = await fetch(local(link.body.url));
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      }
      clearInterval(timer);
      return { growth: peak - before, bytes, lines };
    };
    const small = await exportPeak([{ column: 'id', operator: 'lte', value: '100000' }]);
    const big = await exportPeak([]);
    expect(small.lines).toBe(100_001);
    expect(big.lines).toBe(800_001);
    expect(big.bytes).toBeGreaterThan(70 * 1024 * 1024);
    // Materializing 800,000 rows would cost hundreds of MB more than 100,000 rows; streaming costs the same buffers.
    expect(big.growth - small.growth).toBeLessThan(32 * 1024 * 1024);
  }, 60_000);
});
