// The table editor's table list statement (src/domain/table-editor/table-list.ts, spec B2.1, B7) run on a real
// project database through the query endpoint, with every relkind: table, view, materialized view, foreign table
// (postgres_fdw, created by the superuser: the project role may not create that extension) and partitioned table.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { projectDatabase } from '../projects/names.ts';
import { parseTableListRows, tableListStatement, type TableListQuery } from '../../src/domain/table-editor/table-list.ts';
import type { TableListPage } from '../../src/domain/table-editor/types.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;
let foreignTables = false;

const sql = async (query: string, parameters?: unknown[]) => {
  const response = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: parameters ? { query, parameters } : { query } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Record<string, unknown>[];
};

const list = async (query: TableListQuery = {}): Promise<TableListPage> => {
  const statement = tableListStatement(query);
  return parseTableListRows(await sql(statement.query, statement.parameters));
};

const names = (page: TableListPage) => page.entities.map((entity) => entity.name);

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('lists@example.com');
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Lists' } });
  const project = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: org.body.slug, name: 'lists', db_pass: 'long enough', db_region: 'local' },
  });
  ref = project.body.ref;
  await h.waitForStatus(ref, owner.token, 'ACTIVE_HEALTHY');
  await sql(`
    create table public.orders (id int primary key, total numeric);
    comment on table public.orders is 'What customers bought';
    alter table public.orders enable row level security;
    create view public.big_orders as select * from public.orders where total > 100;
    create materialized view public.order_totals as select count(*) as n from public.orders;
    create table public.events (at date not null, what text) partition by range (at);
    create table public.events_2026 partition of public.events for values from ('2026-01-01') to ('2027-01-01');
    create table public."Weird_%name" (x int);
    create schema app;
    create table app.orders_archive (id int);`);
  // A foreign table needs postgres_fdw, which only a superuser installs: done on the side, as an operator would.
  const admin = new pg.Client({ connectionString: h.cluster.url(projectDatabase(ref)) });
  await admin.connect();
  try {
    const available = await admin.query(`select 1 from pg_available_extensions where name = 'postgres_fdw'`);
    if (available.rowCount) {
      await admin.query(`create extension if not exists postgres_fdw;
        create server elsewhere foreign data wrapper postgres_fdw options (dbname 'nowhere');
        create foreign table public.remote_orders (id int) server elsewhere;`);
      foreignTables = true;
    }
  } finally {
    await admin.end();
  }
});
afterAll(async () => h?.close());

describe('table list statement on a real database', () => {
  it('lists every relkind of the schema with comment, RLS and count, alphabetically by default', async () => {
    const page = await list();
    const expected = ['Weird_%name', 'big_orders', 'events', 'events_2026', 'order_totals', 'orders', ...(foreignTables ? ['remote_orders'] : [])];
    // Plain byte order of names (the C collation of the test cluster): upper case first.
    expect(names(page)).toEqual(expected);
    expect(page.count).toBe(expected.length);
    const byName = Object.fromEntries(page.entities.map((entity) => [entity.name, entity]));
    expect(byName.orders).toMatchObject({ schema: 'public', type: 'r', comment: 'What customers bought', rls_enabled: true });
    expect(byName.big_orders).toMatchObject({ type: 'v', comment: null, rls_enabled: false });
    expect(byName.order_totals!.type).toBe('m');
    expect(byName.events!.type).toBe('p');
    // The embedded cluster ships postgres_fdw: there the foreign table must be covered, not skipped.
    if (!process.env.DATABASE_URL) expect(foreignTables).toBe(true);
    if (foreignTables) expect(byName.remote_orders!.type).toBe('f');
    expect(typeof byName.orders!.id).toBe('number');
  });

  it('sorts by type in the order table, view, materialized view, foreign table, partitioned table', async () => {
    const page = await list({ sort: 'type' });
    expect(page.entities.map((entity) => `${entity.type}:${entity.name}`)).toEqual([
      'r:Weird_%name',
      'r:events_2026',
      'r:orders',
      'v:big_orders',
      'm:order_totals',
      ...(foreignTables ? ['f:remote_orders'] : []),
      'p:events',
    ]);
  });

  it('searches case-insensitively by contains, with %, _ and \\ as plain characters', async () => {
    expect(names(await list({ search: 'ORDER' }))).toEqual(['big_orders', 'order_totals', 'orders', ...(foreignTables ? ['remote_orders'] : [])]);
    expect(names(await list({ search: '%' }))).toEqual(['Weird_%name']);
    expect(names(await list({ search: 'd_%N' }))).toEqual(['Weird_%name']);
    expect(names(await list({ search: '_' }))).toEqual(['Weird_%name', 'big_orders', 'events_2026', 'order_totals', ...(foreignTables ? ['remote_orders'] : [])]);
    expect(await list({ search: "'; drop table orders; --" })).toEqual({ entities: [], count: 0 });
    expect(names(await list({ search: 'orders' }))).toContain('orders');
  });

  it('filters by types and schemas', async () => {
    expect(names(await list({ filterTypes: ['v', 'm'] }))).toEqual(['big_orders', 'order_totals']);
    expect(names(await list({ filterTypes: ['p'] }))).toEqual(['events']);
    expect(names(await list({ schemas: ['app'] }))).toEqual(['orders_archive']);
    expect(names(await list({ schemas: ['app', 'public'], search: 'orders_' }))).toEqual(['orders_archive']);
    expect(await list({ schemas: ['no_such_schema'] })).toEqual({ entities: [], count: 0 });
  });

  it('pages with limit and offset; the count survives an offset past the end', async () => {
    const all = await list();
    const first = await list({ limit: 2, offset: 0 });
    const second = await list({ limit: 2, offset: 2 });
    expect(first.count).toBe(all.count);
    expect([...names(first), ...names(second)]).toEqual(names(all).slice(0, 4));
    expect(await list({ limit: 2, offset: 100 })).toEqual({ entities: [], count: all.count });
  });

  it('pages over more than 100 relations in pages of 100', async () => {
    await sql(`do $$ begin for i in 1..120 loop execute format('create table app.%I (id int)', 'bulk_' || lpad(i::text, 3, '0')); end loop; end $$`);
    const first = await list({ schemas: ['app'], search: 'bulk_' });
    expect(first.count).toBe(120);
    expect(first.entities).toHaveLength(100);
    const second = await list({ schemas: ['app'], search: 'bulk_', offset: 100 });
    expect(names(second)).toEqual(Array.from({ length: 20 }, (_, i) => `bulk_${String(101 + i).padStart(3, '0')}`));
  });
});
