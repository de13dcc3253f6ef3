// The folder listing (issue 15 speed): the skip over folder keys and the page chosen on names give exactly what
// the former query gave (kept below as the reference: a scan of every name under the folder), for any names a
// member may insert by SQL — folders whose names prefix each other ('a', 'a b', 'a.b', 'a/'), chr(1), '//',
// upper case, LIKE's wildcards — and any prefix, search, sort, order, limit and offset. Then: the first page of a
// folder of 20,000 files and its deep page read only the index entries they need.
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_COLUMNS } from '../../src/api/schemas/storage.ts';
import { startTestCluster, type TestCluster } from '../testing/database.ts';
import { listFolder, listFolderSql, type ListOptions } from './listing.ts';
import { folderPrefix, objectNameProblem } from './names.ts';
import type { StorageProject } from './project.ts';
import { STORAGE_SCHEMA_SQL } from './schema.ts';

let cluster: TestCluster;
let pool: pg.Pool;
let project: StorageProject;

beforeAll(async () => {
  cluster = await startTestCluster();
  pool = new pg.Pool({ connectionString: await cluster.createDatabase('listing'), max: 2 });
  pool.on('error', () => {});
  await pool.query(STORAGE_SCHEMA_SQL);
  await pool.query(`insert into storage.buckets (id, name) values ('b', 'b'), ('other', 'other')`);
  project = { pool } as StorageProject; // listFolder uses the pool only
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await cluster?.close();
});

/** The query objects/list ran before issue 15's speed pass: distinct folder names over every name under the prefix. */
function referenceSql(column: string, order: string): string {
  const inFolder = `bucket_id = $1 and name >= $2 and starts_with(name, $2) and ($4::text is null or substr(name, $3 + 1) ilike $4)`;
  const iso = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return `
    select page.name, page.id, ${iso('page.created_at')} as created_at, ${iso('page.updated_at')} as updated_at,
           ${iso('page.last_accessed_at')} as last_accessed_at, page.metadata
      from ((select f.name, null::uuid as id, null::timestamptz as created_at, null::timestamptz as updated_at,
                    null::timestamptz as last_accessed_at, null::jsonb as metadata
               from (select distinct split_part(substr(name, $3 + 1), '/', 1) as name
                       from storage.objects where ${inFolder} and strpos(substr(name, $3 + 1), '/') > 0) f
              order by f.name ${order} limit $5)
            union all
            (select substr(name, $3 + 1), id, created_at, updated_at, last_accessed_at, metadata
               from storage.objects where ${inFolder} and strpos(substr(name, $3 + 1), '/') = 0
              order by ${column} ${order}, name ${order} limit $5)
            limit $6 offset $7) page`;
}

async function reference(path: string, options: ListOptions) {
  const prefix = folderPrefix(path);
  const limit = options.limit ?? 100;
  const offset = options.offset ?? 0;
  const search = options.search ? `${options.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const { rows } = await pool.query(referenceSql(options.sortBy?.column ?? 'name', options.sortBy?.order ?? 'asc'), [
    'b',
    prefix,
    [...prefix].length,
    search,
    limit + offset,
    limit,
    offset,
  ]);
  return rows;
}

async function seed(objects: { name: string; minute: number }[]): Promise<void> {
  await pool.query('truncate storage.objects');
  await pool.query(
    `insert into storage.objects (bucket_id, name, metadata, created_at, updated_at, last_accessed_at)
     select 'b', t.name, jsonb_build_object('size', length(t.name)), ts, ts + interval '1 second' * length(t.name), ts
       from unnest($1::text[], $2::int[]) as t(name, minute), lateral (select timestamptz '2026-01-01' + t.minute * interval '1 minute' as ts) x`,
    [objects.map((o) => o.name), objects.map((o) => o.minute)],
  );
  // The same names in another bucket: never listed.
  await pool.query(`insert into storage.objects (bucket_id, name) select 'other', name from storage.objects where bucket_id = 'b'`);
}

// Pieces chosen to sit around '/' in byte order ('-' '.' ' ' below it, '0' just above), chr(1), case and wildcards.
const piece = fc.constantFrom('a', 'b', 'A', 'a b', 'a.b', 'a-b', 'a0', 'é', '%', '_', '\u0001', 'x', '');
const nameArb = fc
  .array(fc.oneof({ weight: 4, arbitrary: piece }, { weight: 3, arbitrary: fc.constant('/') }), { minLength: 1, maxLength: 7 })
  .map((parts) => parts.join(''))
  .filter((name) => name.length > 0);
const objectsArb = fc.uniqueArray(fc.record({ name: nameArb, minute: fc.integer({ min: 0, max: 3 }) }), {
  selector: (o) => o.name,
  minLength: 1,
  maxLength: 40,
});
const optionsArb = fc.record({
  limit: fc.integer({ min: 1, max: 12 }),
  offset: fc.integer({ min: 0, max: 14 }),
  search: fc.option(fc.constantFrom('a', 'A', 'a ', 'a/', 'a/b', '/', 'b', '%', '_', '\u0001', 'é'), { nil: undefined }),
  sortBy: fc.record({ column: fc.constantFrom(...SORT_COLUMNS), order: fc.constantFrom('asc' as const, 'desc' as const) }),
});

/** Folder paths worth listing for these names: the root and every folder part a client may send. */
function pathsOf(names: string[]): string[] {
  const paths = new Set(['']);
  for (const name of names) {
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) {
      const path = parts.slice(0, i).join('/');
      if (objectNameProblem(path) === null) paths.add(path);
    }
  }
  return [...paths];
}

describe('objects/list gives what the former scan gave', () => {
  it('for any names, folder, search, sort, order, limit and offset (fuzzed)', async () => {
    await fc.assert(
      fc.asyncProperty(objectsArb, fc.array(optionsArb, { minLength: 1, maxLength: 4 }), async (objects, optionsList) => {
        await seed(objects);
        for (const path of pathsOf(objects.map((o) => o.name))) {
          // The whole level in one page, then the pages asked for.
          for (const options of [{ limit: 1000 }, ...optionsList]) {
            expect(await listFolder(project, 'b', path, options), JSON.stringify({ path, options })).toEqual(await reference(path, options));
          }
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('orders folders whose names prefix each other by name, then files, and pages across the two', async () => {
    await seed(
      ['d/a/1', 'd/a b/1', 'd/a.b/1', 'd/a-b/x/1', 'd/a0/1', 'd/A/1', 'd/a', 'd/a.txt', 'd/b.txt', 'e/1'].map((name) => ({ name, minute: 0 })),
    );
    const names = async (options: ListOptions) => (await listFolder(project, 'b', 'd', options)).map((e) => [e.name, e.id === null ? 'folder' : 'file']);
    expect(await names({})).toEqual([
      ['A', 'folder'], ['a', 'folder'], ['a b', 'folder'], ['a-b', 'folder'], ['a.b', 'folder'], ['a0', 'folder'],
      ['a', 'file'], ['a.txt', 'file'], ['b.txt', 'file'],
    ]);
    expect(await names({ sortBy: { column: 'name', order: 'desc' } })).toEqual([
      ['a0', 'folder'], ['a.b', 'folder'], ['a-b', 'folder'], ['a b', 'folder'], ['a', 'folder'], ['A', 'folder'],
      ['b.txt', 'file'], ['a.txt', 'file'], ['a', 'file'],
    ]);
    expect(await names({ limit: 3, offset: 5 })).toEqual([['a0', 'folder'], ['a', 'file'], ['a.txt', 'file']]);
    expect(await names({ search: 'a' })).toEqual([
      ['A', 'folder'], ['a', 'folder'], ['a b', 'folder'], ['a-b', 'folder'], ['a.b', 'folder'], ['a0', 'folder'],
      ['a', 'file'], ['a.txt', 'file'],
    ]);
    expect(await names({ search: 'a-b/x' })).toEqual([['a-b', 'folder']]);
    expect(await names({ search: 'a.' })).toEqual([['a.b', 'folder'], ['a.txt', 'file']]);
  });
});

describe('a folder of 20,000 files and 3 sub-folders reads only what its page needs', () => {
  beforeAll(async () => {
    await pool.query('truncate storage.objects');
    await pool.query(
      `insert into storage.objects (bucket_id, name, metadata)
       select 'b', 'big/file-' || lpad(g::text, 6, '0'), '{}'::jsonb from generate_series(1, 20000) g
       union all select 'b', 'big/' || s || '/deep-' || g, '{}' from unnest(array['s1', 's2', 's3']) s, generate_series(1, 3000) g`,
    );
    await pool.query('vacuum analyze storage.objects');
  }, 60_000);

  interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    'Actual Rows': number;
    'Actual Loops': number;
    'Heap Fetches'?: number;
    Plans?: PlanNode[];
  }

  /** Rows the listing's query took from storage.objects: from index-only scans, and from the table itself. */
  async function rowsRead(options: { limit: number; offset: number }): Promise<{ indexOnly: number; table: number; heapFetches: number }> {
    const client = await pool.connect();
    try {
      // The platform's query runs as an unnamed statement planned for its values: a custom plan here too.
      await client.query('set plan_cache_mode = force_custom_plan');
      await client.query(`prepare listing(text, text, int, text, bigint, bigint, bigint, boolean) as ${listFolderSql('name', 'asc')}`);
      const { limit, offset } = options;
      const { rows } = await client.query(
        `explain (analyze, format json) execute listing('b', 'big/', 4, null, ${limit + offset}, ${limit}, ${offset}, false)`,
      );
      const read = { indexOnly: 0, table: 0, heapFetches: 0 };
      const walk = (node: PlanNode) => {
        if (node['Relation Name'] === 'objects') {
          const rowCount = node['Actual Rows'] * node['Actual Loops'];
          if (node['Node Type'] === 'Index Only Scan') read.indexOnly += rowCount;
          else read.table += rowCount;
          read.heapFetches += node['Heap Fetches'] ?? 0;
        }
        node.Plans?.forEach(walk);
      };
      walk(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
      return read;
    } finally {
      await client.query('deallocate all; reset plan_cache_mode').catch(() => {});
      client.release();
    }
  }

  it('lists the sub-folders by probes, not by reading the 29,000 names under the folder', async () => {
    const first = await listFolder(project, 'b', 'big', { limit: 200 });
    expect(first.slice(0, 4).map((e) => e.name)).toEqual(['s1', 's2', 's3', 'file-000001']);
    const deep = await listFolder(project, 'b', 'big', { limit: 200, offset: 10_000 });
    expect(deep[0]!.name).toBe('file-009998');
    expect(deep[0]!.id).not.toBeNull();
    // The first page: 4 probes and 197 names from the index, then one look-up per row shown. (The former query
    // read all 29,000 names under the folder.) EXPLAIN gives rows per loop rounded, so the look-ups count ≤ 200.
    const first200 = await rowsRead({ limit: 200, offset: 0 });
    expect(first200).toMatchObject({ indexOnly: 4 + 197, heapFetches: 0 });
    expect(first200.table).toBeLessThanOrEqual(200);
    // offset 10,000: the names skipped come from the index alone; the table gives the 200 rows shown.
    const deep200 = await rowsRead({ limit: 200, offset: 10_000 });
    expect(deep200).toMatchObject({ indexOnly: 4 + 10_197, heapFetches: 0 });
    expect(deep200.table).toBeLessThanOrEqual(200);
  });
});
