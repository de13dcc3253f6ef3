// Opening a table in one round trip (issue 25): GET /pg-meta/{ref}/entities/{id}/open answers the table's meta and
// the grid's first page for the address's sort and filter — exactly what the entity read and the grid's first fetch
// answer on their own — or `paused` for a stopped database, without reading it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPageStatement } from '../../src/domain/table-editor/rows.ts';
import type { TableMeta } from '../../src/domain/table-editor/types.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;
let tableId: number;

const sql = (query: string, parameters?: unknown[], token = owner.token) =>
  h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token, body: parameters ? { query, parameters } : { query } });
const open = (query = '', token = owner.token, id: number | string = tableId) =>
  h.call('GET', `/api/platform/pg-meta/${ref}/entities/${id}/open${query}`, { token });

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('opener@example.com');
  ref = await h.activeProject(owner);
  await sql(`create table public.scores (id bigint primary key, name text, score int, doc jsonb);
    insert into public.scores select i, 'n' || i, (i * 37) % 101, jsonb_build_object('i', i) from generate_series(1, 250) i`);
  tableId = ((await sql(`select 'public.scores'::regclass::oid::int as id`)).body as Array<{ id: number }>)[0]!.id;
});
afterAll(async () => h?.close());

describe('table open in one call', () => {
  it('answers the entity read and the grid first page, the same as the two separate reads', async () => {
    const opened = await open();
    expect(opened.status).toBe(200);
    const entity = await h.call('GET', `/api/platform/pg-meta/${ref}/entities/${tableId}`, { token: owner.token });
    expect(opened.body.meta).toEqual(entity.body);
    const statement = firstPageStatement(entity.body as TableMeta, [], []);
    const page = await sql(statement.query, statement.parameters);
    expect(opened.body.rows).toEqual(page.body);
    expect(opened.body.rows).toHaveLength(100);
  });

  it('applies the address sort and filter, ignoring unknown columns as the grid does', async () => {
    const opened = await open('?sort=score%3Adesc%2Cnope%3Aasc&filter=score%3Agt%3A50%2Cnope%3Aeq%3A1');
    const meta = opened.body.meta as TableMeta;
    const statement = firstPageStatement(meta, [{ column: 'score', ascending: false }], [{ column: 'score', operator: 'gt', value: '50' }]);
    expect(opened.body.rows).toEqual((await sql(statement.query, statement.parameters)).body);
    const scores = (opened.body.rows as Array<{ c2: number }>).map((row) => row.c2);
    expect(scores.every((score) => score > 50)).toBe(true);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('leaves rows to the grid when the page cannot be read (a filter value the column refuses), never a 500', async () => {
    const opened = await open('?filter=score%3Aeq%3Anot-a-number');
    expect(opened.status).toBe(200);
    expect(opened.body.meta.name).toBe('scores');
    expect(opened.body.rows).toBeNull();
  });

  it('refuses strangers and unknown or impossible ids with 404', async () => {
    const stranger = await h.user('stranger-open@example.com');
    expect((await open('', stranger.token)).status).toBe(404);
    expect((await open('', owner.token, 4_000_000_000)).status).toBe(404);
    expect((await open('', owner.token, 'x')).status).toBe(404);
    expect((await open('', null as unknown as string)).status).toBe(401);
  });

  it('serves a read-only member too (the page read in a read-only transaction, as the query endpoint does)', async () => {
    const reader = await h.user('reader-open@example.com');
    await h.call('GET', '/api/platform/profile', { token: reader.token });
    await h.services.pool.query(
      `insert into members select o.id, $2, 'read_only' from organizations o join projects p on p.organization_id = o.id where p.ref = $1`,
      [ref, reader.id],
    );
    const opened = await open('', reader.token);
    expect(opened.status).toBe(200);
    expect(opened.body.rows).toHaveLength(100);
  });

  it('answers paused for a stopped database without reading it', async () => {
    await h.services.pool.query(`update projects set status = 'INACTIVE' where ref = $1`, [ref]);
    try {
      const opened = await open();
      expect(opened).toEqual({ status: 200, body: { paused: true } });
      // Any id: nothing is read from the stopped database, not even whether the table exists.
      expect((await open('', owner.token, 4_000_000_000)).body).toEqual({ paused: true });
    } finally {
      await h.services.pool.query(`update projects set status = 'ACTIVE_HEALTHY' where ref = $1`, [ref]);
    }
  });
});
