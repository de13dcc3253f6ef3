// DDL run through the console's query endpoint is served by the Data API at its next request (the full suite found a
// function created a moment after another request's catalog miss answered 'not found': a miss reads the catalog again
// at most every 100 ms, and nothing told the cache about the console's DDL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { key, mayChangeCatalog, schemaCache } from './schema.ts';
import { startDataApiProject, type DataApiProject } from './testing.ts';

let p: DataApiProject;
beforeAll(async () => {
  p = await startDataApiProject('Data API catalog changes');
}, 120_000);
afterAll(async () => p?.h.close());

describe('the Data API sees the console’s DDL at once', () => {
  it('a function created through the query endpoint is in the catalog read by the next request', async () => {
    const pool = await p.h.services.pools.get(p.ref);
    const before = await schemaCache(p.ref, pool, ['public']);
    expect(before.functions.has(key('public', 'made_just_now'))).toBe(false);
    await p.sql('create function public.made_just_now() returns int language sql stable as $$ select 41 + 1 $$');
    // Within the cache's age: without being told, the cache would answer the old catalog.
    const after = await schemaCache(p.ref, pool, ['public']);
    expect(after.functions.has(key('public', 'made_just_now'))).toBe(true);
    const { data, error } = await p.client(p.keys.anon).rpc('made_just_now');
    expect(error).toBeNull();
    expect(data).toBe(42);
  });

  it('a plain read through the query endpoint keeps the cache', async () => {
    const pool = await p.h.services.pools.get(p.ref);
    const first = await schemaCache(p.ref, pool, ['public']);
    await p.sql('select 1');
    expect(await schemaCache(p.ref, pool, ['public'])).toBe(first);
  });
});

describe('mayChangeCatalog', () => {
  it('is false only for plain reads, after comments and blanks', () => {
    for (const sql of ['select 1', '  SELECT * from t', '-- note\nselect 1', '/* x */ explain select 1', 'show search_path', 'table t', 'values (1)']) {
      expect(mayChangeCatalog(sql), sql).toBe(false);
    }
    for (const sql of ['create table t (id int)', 'alter table t add column x int', 'drop function f', 'with x as (select 1) select * from x', 'begin; create table t (); commit;', 'grant select on t to anon', 'selectx', '']) {
      expect(mayChangeCatalog(sql), sql).toBe(true);
    }
  });
});
