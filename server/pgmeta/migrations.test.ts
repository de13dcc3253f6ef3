// The project's migration history (issue 19) on a real project database: applying through the console's route and the
// Management API records the migration with its SQL under a timestamp version; a failing migration records nothing and
// leaves nothing applied; read-only members and strangers cannot apply; the MCP tools read the same history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

const sql = async (text: string, token = owner.token) => {
  const response = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token, body: { query: text } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Array<Record<string, unknown>>;
};
const apply = (body: unknown, token = owner.token, path = `/api/platform/pg-meta/${ref}/migrations`) => h.call('POST', path, { token, body });
const history = async (token = owner.token) => {
  const response = await h.call('GET', `/api/platform/pg-meta/${ref}/migrations`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Array<{ version: string; name: string; statements: string; applied_at: string }>;
};

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user();
  ref = await h.activeProject(owner);
});
afterAll(async () => h?.close());

describe('migration history', () => {
  it('is empty before the first migration', async () => {
    expect(await history()).toEqual([]);
  });

  it('applies a migration and records it with its SQL and a timestamp version', async () => {
    const before = new Date();
    const query = 'create table orders (id int primary key);\ncreate index orders_id_idx on orders (id);';
    const response = await apply({ name: 'create_orders', query });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.name).toBe('create_orders');
    expect(response.body.version).toMatch(/^\d{20}$/);
    // The version is the UTC time of the apply.
    const stamp = before.toISOString().replace(/[-T:]/g, '').slice(0, 8);
    expect(response.body.version.slice(0, 8)).toBe(stamp);
    expect(await sql(`select to_regclass('public.orders_id_idx') is not null as made`)).toEqual([{ made: true }]);
    const rows = await history();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: response.body.version, name: 'create_orders', statements: query });
    expect(Number.isNaN(Date.parse(rows[0]!.applied_at))).toBe(false);
  });

  it('records nothing and applies nothing when a statement fails', async () => {
    const response = await apply({ name: 'half_done', query: 'alter table orders add column total numeric;\nselect 1/0;' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/division by zero/);
    expect(await sql(`select count(*)::int as n from information_schema.columns where table_name = 'orders' and column_name = 'total'`)).toEqual([{ n: 0 }]);
    expect((await history()).map((row) => row.name)).toEqual(['create_orders']);
  });

  it('refuses a migration that ends its own transaction, a bad name and a bad body with a 400', async () => {
    const committed = await apply({ name: 'sneaky', query: 'create table sneaky (id int); commit;' });
    expect(committed.status).toBe(400);
    expect(committed.body.message).toMatch(/must not control its own transaction \(COMMIT\)/);
    expect(await sql(`select to_regclass('public.sneaky') is null as absent`)).toEqual([{ absent: true }]);
    expect((await apply({ name: '   ', query: 'select 1' })).status).toBe(400);
    expect((await apply({ name: 'two\nlines', query: 'select 1' })).status).toBe(400);
    expect((await apply({ name: 'x'.repeat(201), query: 'select 1' })).status).toBe(400);
    expect((await apply({ name: 'empty', query: '  ' })).status).toBe(400);
    expect((await apply({ query: 'select 1' })).status).toBe(400);
    expect((await apply('not an object')).status).toBe(400);
    expect((await history()).map((row) => row.name)).toEqual(['create_orders']);
  });

  it('applies through the Management API into the same history, in apply order', async () => {
    const response = await apply({ name: 'add total', query: 'alter table orders add column total numeric' }, owner.token, `/api/v1/projects/${ref}/database/migrations`);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const listed = await h.call('GET', `/api/v1/projects/${ref}/database/migrations`, { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((row: { name: string }) => row.name)).toEqual(['create_orders', 'add total']);
    const versions = listed.body.map((row: { version: string }) => row.version);
    expect([...versions].sort()).toEqual(versions);
  });

  it('lets read-only members read the history but not apply; strangers get a 404', async () => {
    const reader = await h.user();
    await h.call('GET', '/api/platform/profile', { token: reader.token });
    await h.services.pool.query(
      `insert into members select o.id, $2, 'read_only' from organizations o join projects p on p.organization_id = o.id where p.ref = $1`,
      [ref, reader.id],
    );
    expect((await history(reader.token)).length).toBe(2);
    const refused = await apply({ name: 'reader', query: 'create table reader_was_here (id int)' }, reader.token);
    expect(refused.status).toBe(403);
    const stranger = await h.user();
    expect((await apply({ name: 'stranger', query: 'create table stranger (id int)' }, stranger.token)).status).toBe(404);
    expect((await h.call('GET', `/api/platform/pg-meta/${ref}/migrations`, { token: stranger.token })).status).toBe(404);
    expect(await sql(`select to_regclass('public.reader_was_here') is null and to_regclass('public.stranger') is null as absent`)).toEqual([{ absent: true }]);
  });
});
