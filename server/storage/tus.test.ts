import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageFixture, type StorageFixture } from './testing.ts';
import { tusUpload } from './tusClient.ts';

// Resumable uploads with tus-js-client (Node) at /p/{ref}/storage/v1/upload/resumable.
let f: StorageFixture;
let endpoint = '';

beforeAll(async () => {
  f = await startStorageFixture();
  endpoint = `${f.storageUrl}/upload/resumable`;
  const storage = f.client();
  await storage.createBucket('uploads');
  await storage.createBucket('pics', { public: false, allowedMimeTypes: ['image/*'], fileSizeLimit: 1000 });
}, 120_000);
afterAll(async () => f?.close());

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Parts of unfinished uploads (markers of finished ones aside). */
const uploadsLeft = () => readdirSync(join(f.h.services.filesDir, f.ref, 'uploads')).filter((name) => !name.endsWith('.done'));
const objectPath = (bucket: string, name: string) => join(f.h.services.filesDir, f.ref, 'objects', bucket, name);

describe('resumable uploads', () => {
  it('uploads in chunks, moves the file into place and writes the object row', async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 123);
    const outcome = await tusUpload(endpoint, f.keys.service_role, bytes, {
      bucketName: 'uploads',
      objectName: 'big/file.bin',
      contentType: 'application/zip',
      chunkSize: 1024 * 1024,
    });
    expect(outcome).toMatchObject({ ok: true });
    expect(sha(readFileSync(objectPath('uploads', 'big/file.bin')))).toBe(sha(bytes));
    const listed = await f.client().from('uploads').list('big');
    expect(listed.data?.[0]).toMatchObject({ name: 'file.bin', metadata: { size: bytes.length, mimetype: 'application/zip', cacheControl: 'max-age=3600' } });
    // Of the finished upload only a marker stays, so a client asking again (lost last response) learns it is done.
    expect(uploadsLeft()).toEqual([]);
    const head = await fetch(outcome.url!, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', apikey: f.keys.service_role } });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length));
  });

  it('sends a file no larger than one chunk in one request, and accepts a temporary key', async () => {
    const key = await f.h.call('POST', `/api/platform/projects/${f.ref}/api-keys/temporary?authorization_exp=300`, { token: f.owner.token });
    const outcome = await tusUpload(endpoint, key.body.api_key, Buffer.from('small'), { bucketName: 'uploads', objectName: 'small.txt', contentType: 'text/plain', chunkSize: 6 * 1024 * 1024 });
    expect(outcome.ok).toBe(true);
    expect(readFileSync(objectPath('uploads', 'small.txt'), 'utf8')).toBe('small');
  });

  it('takes zero-byte files (folder placeholders) in the creation request', async () => {
    const outcome = await tusUpload(endpoint, f.keys.service_role, Buffer.alloc(0), { bucketName: 'uploads', objectName: 'empty/.emptyFolderPlaceholder', chunkSize: 1024 });
    expect(outcome).toEqual({ ok: true, url: expect.any(String) });
    expect(readFileSync(objectPath('uploads', 'empty/.emptyFolderPlaceholder')).length).toBe(0);
    const listed = await f.client().from('uploads').list('');
    expect(listed.data?.find((e) => e.name === 'empty')).toMatchObject({ id: null });
  });

  it('checks the rules when the upload is created, with the status codes the console expects', async () => {
    const cases: [Parameters<typeof tusUpload>[3], Buffer, number, RegExp][] = [
      [{ bucketName: 'missing', objectName: 'a.png', contentType: 'image/png', chunkSize: 1024 }, Buffer.alloc(10), 404, /Bucket not found/],
      [{ bucketName: 'pics', objectName: 'a.txt', contentType: 'text/plain', chunkSize: 1024 }, Buffer.alloc(10), 415, /^mime type text\/plain is not supported$/],
      [{ bucketName: 'pics', objectName: 'a.png', contentType: 'image/png', chunkSize: 1024 }, Buffer.alloc(1001), 413, /maximum allowed size/],
      [{ bucketName: 'uploads', objectName: 'small.txt', contentType: 'text/plain', chunkSize: 1024 }, Buffer.alloc(10), 409, /already exists/],
      [{ bucketName: 'uploads', objectName: '../escape.txt', contentType: 'text/plain', chunkSize: 1024 }, Buffer.alloc(10), 400, /Invalid key/],
    ];
    for (const [options, bytes, status, body] of cases) {
      const outcome = await tusUpload(endpoint, f.keys.service_role, bytes, options);
      expect(outcome.status, options.objectName).toBe(status);
      expect(outcome.body).toMatch(body);
    }
    expect(uploadsLeft()).toEqual([]);
    expect(existsSync(join(f.h.services.filesDir, f.ref, 'objects', 'escape.txt'))).toBe(false);
    // With x-upsert the existing object is replaced.
    const upsert = await tusUpload(endpoint, f.keys.service_role, Buffer.from('replaced'), { bucketName: 'uploads', objectName: 'small.txt', contentType: 'text/plain', chunkSize: 1024, upsert: true });
    expect(upsert.ok).toBe(true);
    expect(readFileSync(objectPath('uploads', 'small.txt'), 'utf8')).toBe('replaced');
  });

  it('the global limit counts too, and only service_role keys may upload', async () => {
    await f.h.call('PATCH', `/api/platform/projects/${f.ref}/config/storage`, { token: f.owner.token, body: { fileSizeLimit: 100 } });
    try {
      const over = await tusUpload(endpoint, f.keys.service_role, Buffer.alloc(101), { bucketName: 'uploads', objectName: 'g.bin', chunkSize: 1024 });
      expect(over.status).toBe(413);
    } finally {
      await f.h.call('PATCH', `/api/platform/projects/${f.ref}/config/storage`, { token: f.owner.token, body: { fileSizeLimit: 52428800 } });
    }
    const anon = await tusUpload(endpoint, f.keys.anon, Buffer.alloc(1), { bucketName: 'uploads', objectName: 'anon.bin', chunkSize: 1024 });
    expect(anon.status).toBe(403);
    const none = await fetch(endpoint, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '1' } });
    expect(none.status).toBe(401);
    const preflight = await fetch(endpoint, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/apikey/i);
  });
});
