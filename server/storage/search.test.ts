import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../testing/platform.ts';
import { startStorageFixture, type StorageFixture } from './testing.ts';

// issue 14: a search across a bucket and a folder's size, for the console (POST …/objects/search, …/folder-size).
let f: StorageFixture;
let reader: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  f = await startStorageFixture();
  reader = await f.h.user();
  stranger = await f.h.user();
  for (const user of [reader, stranger]) await f.h.call('GET', '/api/platform/profile', { token: user.token });
  const { rows } = await f.h.services.pool.query('select id from organizations where slug = $1', [f.slug]);
  await f.h.services.pool.query(`insert into members values ($1, $2, 'read_only')`, [rows[0].id, reader.id]);
  await f.client().createBucket('docs', { public: false });
  await f.client().createBucket('other', { public: false });
  const files = f.client().from('docs');
  const put = async (name: string, bytes: number) => {
    const { error } = await files.upload(name, Buffer.alloc(bytes, 1), { contentType: 'text/plain' });
    expect(error).toBeNull();
  };
  await put('reports/2024/Q1 Sales.txt', 100);
  await put('reports/2024/q2-sales.txt', 250);
  await put('reports/summary.txt', 7);
  await put('reports/empty/.emptyFolderPlaceholder', 0);
  await put('notes/a_b.txt', 3);
  await put('notes/axb.txt', 5);
  await put("notes/o'brien.txt", 11);
  await f.client().from('other').upload('reports/sales.txt', Buffer.alloc(9), { contentType: 'text/plain' });
}, 120_000);
afterAll(async () => f?.close());

const api = (path: string, user: TestUser, body: unknown) => f.h.call('POST', `/api/platform/storage/${f.ref}/buckets${path}`, { token: user.token, body });
const names = (body: Array<{ name: string }>) => body.map((hit) => hit.name);

describe('bucket search (issue 14)', () => {
  it('finds files anywhere in the bucket by any part of their full name, case-insensitively', async () => {
    const res = await api('/docs/objects/search', reader, { query: 'SALES' });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['reports/2024/Q1 Sales.txt', 'reports/2024/q2-sales.txt']);
    expect(res.body[1]).toMatchObject({ size: 250, mimetype: 'text/plain' });
    // A folder's name finds what is in it; placeholders of empty folders are not files.
    expect(names((await api('/docs/objects/search', reader, { query: 'reports/' })).body)).toEqual([
      'reports/2024/Q1 Sales.txt',
      'reports/2024/q2-sales.txt',
      'reports/summary.txt',
    ]);
  });

  it('takes % and _ literally and quotes are just text (bound, escaped)', async () => {
    // (Storage refuses % in object names, so a literal % finds nothing; as a wildcard it would find everything.)
    expect(names((await api('/docs/objects/search', reader, { query: 'a_b' })).body)).toEqual(['notes/a_b.txt']);
    expect(names((await api('/docs/objects/search', reader, { query: '%' })).body)).toEqual([]);
    expect(names((await api('/docs/objects/search', reader, { query: '\\' })).body)).toEqual([]);
    expect(names((await api('/docs/objects/search', reader, { query: "o'brien" })).body)).toEqual(["notes/o'brien.txt"]);
    expect(names((await api('/docs/objects/search', reader, { query: "' or 1=1 --" })).body)).toEqual([]);
  });

  it('limits the hits and refuses bad input with a clear 4xx', async () => {
    expect((await api('/docs/objects/search', reader, { query: 'txt', limit: 2 })).body).toHaveLength(2);
    const blank = await api('/docs/objects/search', reader, { query: '   ' });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Type something to search for');
    expect((await api('/docs/objects/search', reader, { query: 'x', limit: 10_000 })).status).toBe(400);
    expect((await api('/nope/objects/search', reader, { query: 'x' })).status).toBe(404);
    expect((await api('/docs/objects/search', stranger, { query: 'x' })).status).toBe(404);
  });
});

describe('folder size (issue 14)', () => {
  it('sums the files under a folder at any depth, and only in that bucket and folder', async () => {
    expect((await api('/docs/objects/folder-size', reader, { path: 'reports' })).body).toEqual({ path: 'reports', bytes: 357, files: 3 });
    expect((await api('/docs/objects/folder-size', reader, { path: 'reports/2024/' })).body).toEqual({ path: 'reports/2024', bytes: 350, files: 2 });
    expect((await api('/docs/objects/folder-size', reader, { path: 'report' })).body).toEqual({ path: 'report', bytes: 0, files: 0 });
    expect((await api('/docs/objects/folder-size', reader, { path: '' })).body).toEqual({ path: '', bytes: 376, files: 6 });
  });

  it('refuses a bad path with a 4xx, and strangers', async () => {
    const bad = await api('/docs/objects/folder-size', reader, { path: 'a/../b' });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect((await api('/docs/objects/folder-size', reader, {})).status).toBe(400);
    expect((await api('/docs/objects/folder-size', stranger, { path: 'reports' })).status).toBe(404);
  });
});
