import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageFixture, type StorageFixture } from './testing.ts';

// The storage service at the project's API URL, driven by the official client (@supabase/storage-js) over HTTP.
let f: StorageFixture;

beforeAll(async () => {
  f = await startStorageFixture();
}, 120_000);
afterAll(async () => f?.close());

const objectPath = (bucket: string, name: string) => join(f.h.services.filesDir, f.ref, 'objects', bucket, name);

describe('buckets', () => {
  it('creates, reads, lists, updates, empties and deletes buckets', async () => {
    const storage = f.client();
    expect(await storage.createBucket('photos', { public: false, allowedMimeTypes: ['image/*'], fileSizeLimit: '1MB' })).toEqual({
      data: { name: 'photos' },
      error: null,
    });
    const got = await storage.getBucket('photos');
    expect(got.data).toMatchObject({ id: 'photos', name: 'photos', public: false, file_size_limit: 1_000_000, allowed_mime_types: ['image/*'], type: 'STANDARD' });
    const dup = await storage.createBucket('photos');
    expect(dup.error).toMatchObject({ status: 409, message: 'The resource already exists' });

    const updated = await storage.updateBucket('photos', { public: true, fileSizeLimit: 2048, allowedMimeTypes: null });
    expect(updated.data).toEqual({ message: 'Successfully updated' });
    expect((await storage.getBucket('photos')).data).toMatchObject({ public: true, file_size_limit: 2048, allowed_mime_types: null });

    const list = await storage.listBuckets();
    expect(list.data?.map((b) => b.id)).toContain('photos');

    await storage.from('photos').upload('a.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    const notEmpty = await storage.deleteBucket('photos');
    expect(notEmpty.error).toMatchObject({ status: 409 });
    expect((await storage.emptyBucket('photos')).data).toEqual({ message: 'Successfully emptied' });
    expect(existsSync(objectPath('photos', 'a.txt'))).toBe(false);
    expect((await storage.deleteBucket('photos')).data).toEqual({ message: 'Successfully deleted' });
    expect((await storage.getBucket('photos')).error).toMatchObject({ status: 404, message: 'Bucket not found' });
  });

  it('refuses bad bucket names and bodies with 400', async () => {
    const storage = f.client();
    for (const id of ['..', '.hidden', 'a/b', '', 'x'.repeat(101), 'nul\u0000']) {
      const res = await storage.createBucket(id);
      expect(res.error?.status ?? 0, id).toBe(400);
    }
    const bad = await fetch(`${f.storageUrl}/bucket`, {
      method: 'POST',
      headers: { apikey: f.keys.service_role, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
  });
});

describe('objects', () => {
  beforeAll(async () => {
    await f.client().createBucket('docs', { public: false });
  });

  it('uploads (raw body and multipart Blob), downloads, and keeps the bytes on disk', async () => {
    const files = f.client().from('docs');
    const raw = await files.upload('notes/readme.txt', Buffer.from('raw bytes'), { contentType: 'text/plain', cacheControl: '60' });
    expect(raw.error).toBeNull();
    expect(raw.data).toMatchObject({ path: 'notes/readme.txt', fullPath: 'docs/notes/readme.txt' });
    expect(readFileSync(objectPath('docs', 'notes/readme.txt'), 'utf8')).toBe('raw bytes');

    const blob = new Blob(['x'.repeat(100_000)], { type: 'application/json' });
    const form = await files.upload('notes/data.json', blob);
    expect(form.error).toBeNull();
    expect(readFileSync(objectPath('docs', 'notes/data.json'), 'utf8')).toBe('x'.repeat(100_000));

    const down = await files.download('notes/data.json');
    expect(await down.data?.text()).toBe('x'.repeat(100_000));
    const info = await files.info('notes/readme.txt');
    expect(info.data).toMatchObject({ name: 'notes/readme.txt', size: 9, contentType: 'text/plain', cacheControl: 'max-age=60' });
    expect((await files.exists('notes/readme.txt')).data).toBe(true);
    expect((await files.exists('notes/nope.txt')).data).toBe(false);
  });

  it('answers 409 to an existing name unless upsert, and PUT (update) replaces', async () => {
    const files = f.client().from('docs');
    await files.upload('dup.txt', Buffer.from('one'), { contentType: 'text/plain' });
    const again = await files.upload('dup.txt', Buffer.from('two'), { contentType: 'text/plain' });
    expect(again.error).toMatchObject({ status: 409, message: 'The resource already exists' });
    expect(readFileSync(objectPath('docs', 'dup.txt'), 'utf8')).toBe('one');
    expect((await files.upload('dup.txt', Buffer.from('three'), { contentType: 'text/plain', upsert: true })).error).toBeNull();
    expect(readFileSync(objectPath('docs', 'dup.txt'), 'utf8')).toBe('three');
    expect((await files.update('dup.txt', Buffer.from('four'), { contentType: 'text/plain' })).error).toBeNull();
    expect(readFileSync(objectPath('docs', 'dup.txt'), 'utf8')).toBe('four');
  });

  it('lists a folder level: folders first (id null), then files, with limit, offset, search and sortBy', async () => {
    const files = f.client().from('docs');
    for (const name of ['list/b.txt', 'list/a.txt', 'list/C.txt', 'list/sub/x.txt', 'list/sub/deeper/y.txt', 'list/zeta/q.txt']) {
      expect((await files.upload(name, Buffer.from(name), { contentType: 'text/plain' })).error).toBeNull();
    }
    const all = await files.list('list');
    expect(all.data?.map((e) => [e.name, e.id === null])).toEqual([
      ['sub', true],
      ['zeta', true],
      ['C.txt', false],
      ['a.txt', false],
      ['b.txt', false],
    ]);
    const file = all.data!.find((e) => e.name === 'a.txt')!;
    expect(file.metadata).toMatchObject({ size: 10, mimetype: 'text/plain' });
    expect(all.data!.find((e) => e.name === 'sub')!.metadata).toBeNull();

    expect((await files.list('list', { limit: 2, offset: 1 })).data?.map((e) => e.name)).toEqual(['zeta', 'C.txt']);
    expect((await files.list('list/', { search: 'c' })).data?.map((e) => e.name)).toEqual(['C.txt']);
    expect((await files.list('list', { sortBy: { column: 'name', order: 'desc' } })).data?.map((e) => e.name)).toEqual([
      'zeta',
      'sub',
      'b.txt',
      'a.txt',
      'C.txt',
    ]);
    expect((await files.list('list', { sortBy: { column: 'created_at', order: 'desc' } })).data?.slice(2).map((e) => e.name)).toEqual([
      'C.txt',
      'a.txt',
      'b.txt',
    ]);
    expect((await files.list('list/sub')).data?.map((e) => e.name)).toEqual(['deeper', 'x.txt']);
    // LIKE wildcards in a search are plain characters.
    expect((await files.list('list', { search: '%' })).data).toEqual([]);
  });

  it('moves and copies objects (bytes too), refusing taken names', async () => {
    const files = f.client().from('docs');
    await files.upload('mv/src.txt', Buffer.from('move me'), { contentType: 'text/plain' });
    expect((await files.move('mv/src.txt', 'mv/inner/dst.txt')).data).toEqual({ message: 'Successfully moved' });
    expect(existsSync(objectPath('docs', 'mv/src.txt'))).toBe(false);
    expect(readFileSync(objectPath('docs', 'mv/inner/dst.txt'), 'utf8')).toBe('move me');
    expect((await files.move('mv/missing.txt', 'mv/x.txt')).error).toMatchObject({ status: 404 });

    expect((await files.copy('mv/inner/dst.txt', 'mv/copy.txt')).data).toEqual({ path: 'docs/mv/copy.txt' });
    expect(readFileSync(objectPath('docs', 'mv/copy.txt'), 'utf8')).toBe('move me');
    expect((await files.copy('mv/inner/dst.txt', 'mv/copy.txt')).error).toMatchObject({ status: 409 });
    expect((await files.move('mv/copy.txt', 'mv/inner/dst.txt')).error).toMatchObject({ status: 409 });
  });

  it('removes in bulk (rows and files) and reports what went', async () => {
    const files = f.client().from('docs');
    await files.upload('rm/1.txt', Buffer.from('1'), { contentType: 'text/plain' });
    await files.upload('rm/2.txt', Buffer.from('2'), { contentType: 'text/plain' });
    const removed = await files.remove(['rm/1.txt', 'rm/2.txt', 'rm/never.txt']);
    expect(removed.data?.map((o) => o.name).sort()).toEqual(['rm/1.txt', 'rm/2.txt']);
    expect(existsSync(objectPath('docs', 'rm'))).toBe(false);
    expect((await files.list('rm')).data).toEqual([]);
  });

  it('signs URLs that download without a key until they expire', async () => {
    const files = f.client().from('docs');
    await files.upload('signed/a b.txt', Buffer.from('secret'), { contentType: 'text/plain' });
    const signed = await files.createSignedUrl('signed/a b.txt', 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('secret');
    const tampered = await fetch(signed.data!.signedUrl.replace('a%20b.txt', 'other.txt'));
    expect(tampered.status).toBe(400);
    const many = await files.createSignedUrls(['signed/a b.txt', 'signed/none.txt'], 60);
    expect(many.data?.map((d) => d.error === null)).toEqual([true, false]);
    const expired = await files.createSignedUrl('signed/a b.txt', 1);
    await new Promise((r) => setTimeout(r, 2100));
    const late = await fetch(expired.data!.signedUrl);
    expect(late.status).toBe(400);
    expect((await late.json()).message).toMatch(/expired/);
  });

  it('serves public URLs of public buckets only, and ranges', async () => {
    const storage = f.client();
    await storage.createBucket('open', { public: true });
    await storage.from('open').upload('pic.txt', Buffer.from('0123456789'), { contentType: 'text/plain' });
    await storage.from('docs').upload('private.txt', Buffer.from('no'), { contentType: 'text/plain' });
    const url = storage.from('open').getPublicUrl('pic.txt').data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe('0123456789');
    const part = await fetch(url, { headers: { range: 'bytes=2-4' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await part.text()).toBe('234');
    expect((await fetch(storage.from('docs').getPublicUrl('private.txt').data.publicUrl)).status).toBe(404);
    const download = await fetch(`${url}?download=named.txt`);
    expect(download.headers.get('content-disposition')).toContain('named.txt');
  });
});

describe('keys and permissions', () => {
  it('answers 401 without a key or with another key, 403 to the anon key on writes and private reads', async () => {
    const none = await fetch(`${f.storageUrl}/bucket`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ statusCode: '401', message: 'No API key found in request' });
    const wrong = await f.client('eyJhbGciOiJIUzI1NiJ9.e30.bad').listBuckets();
    expect(wrong.error).toMatchObject({ status: 401 });
    const anon = f.client(f.keys.anon);
    expect((await anon.listBuckets()).error).toMatchObject({ status: 403 });
    expect((await anon.createBucket('mine')).error).toMatchObject({ status: 403 });
    expect((await anon.from('docs').upload('x.txt', Buffer.from('x'))).error).toMatchObject({ status: 403 });
    expect((await anon.from('docs').download('private.txt')).error).toMatchObject({ status: 404 });
    const pub = await anon.from('open').download('pic.txt');
    expect(await pub.data?.text()).toBe('0123456789');
  });
});

describe('bucket rules', () => {
  it('refuses types outside allowed_mime_types (wildcards too) with 415', async () => {
    const storage = f.client();
    await storage.createBucket('images', { public: false, allowedMimeTypes: ['image/*', 'application/pdf'] });
    const files = storage.from('images');
    expect((await files.upload('a.png', Buffer.from('png'), { contentType: 'image/png' })).error).toBeNull();
    expect((await files.upload('a.pdf', Buffer.from('pdf'), { contentType: 'application/pdf' })).error).toBeNull();
    const refused = await files.upload('a.txt', Buffer.from('txt'), { contentType: 'text/plain' });
    expect(refused.error).toMatchObject({ status: 415, message: 'mime type text/plain is not supported' });
    const blob = await files.upload('b.txt', new Blob(['txt'], { type: 'text/plain' }));
    expect(blob.error).toMatchObject({ status: 415 });
    expect(existsSync(objectPath('images', 'a.txt'))).toBe(false);
  });

  it("refuses files over the bucket's file_size_limit and over the project's global limit with 413", async () => {
    const storage = f.client();
    await storage.createBucket('small', { public: false, fileSizeLimit: 1000 });
    const files = storage.from('small');
    expect((await files.upload('ok.bin', Buffer.alloc(1000), { contentType: 'application/octet-stream' })).error).toBeNull();
    const big = await files.upload('big.bin', Buffer.alloc(1001), { contentType: 'application/octet-stream' });
    expect(big.error).toMatchObject({ status: 413, message: 'The object exceeded the maximum allowed size' });
    // A multipart body announces no file size: the byte counter stops it, and nothing is left behind.
    const form = await files.upload('big-form.bin', new Blob([Buffer.alloc(5000)]));
    expect(form.error).toMatchObject({ status: 413 });
    expect(existsSync(objectPath('small', 'big-form.bin'))).toBe(false);

    const patch = await f.h.call('PATCH', `/api/platform/projects/${f.ref}/config/storage`, { token: f.owner.token, body: { fileSizeLimit: 500 } });
    expect(patch.body).toEqual({ fileSizeLimit: 500 });
    try {
      const overGlobal = await files.upload('mid.bin', Buffer.alloc(600), { contentType: 'application/octet-stream' });
      expect(overGlobal.error).toMatchObject({ status: 413 });
      await storage.createBucket('nolimit');
      expect((await storage.from('nolimit').upload('g.bin', Buffer.alloc(501))).error).toMatchObject({ status: 413 });
    } finally {
      await f.h.call('PATCH', `/api/platform/projects/${f.ref}/config/storage`, { token: f.owner.token, body: { fileSizeLimit: 52428800 } });
    }
    expect(readdirSyncSafe(join(f.h.services.filesDir, f.ref, 'tmp'))).toEqual([]);
  });

  it('answers 400 to names that would leave the bucket folder, and 404 to unknown buckets', async () => {
    for (const name of ['a/..%2F..%2Fescape.txt', '..%2Fx', 'a//b', '%00x', 'a%2F.%2Fb']) {
      const res = await fetch(`${f.storageUrl}/object/docs/${name}`, {
        method: 'POST',
        headers: { apikey: f.keys.service_role, 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(res.status, name).toBe(400);
      expect((await res.json()).statusCode).toBe('400');
    }
    const missing = await f.client().from('nope').upload('a.txt', Buffer.from('x'));
    expect(missing.error).toMatchObject({ status: 404, message: 'Bucket not found' });
  });
});

function readdirSyncSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

describe('cross-origin calls', () => {
  it('answers preflights and sets CORS headers (keys travel in headers, not cookies)', async () => {
    const preflight = await fetch(`${f.storageUrl}/object/docs/x.txt`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,x-upsert' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/apikey/);
    const listed = await fetch(`${f.storageUrl}/bucket`, { headers: { apikey: f.keys.service_role, origin: 'http://localhost:5173' } });
    expect(listed.headers.get('access-control-allow-origin')).toBe('*');
  });
});
