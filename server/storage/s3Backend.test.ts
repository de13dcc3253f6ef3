import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStorageConfig } from '../config.ts';
import { startTestS3, type TestS3 } from './s3Testing.ts';
import { startStorageFixture, type StorageFixture } from './testing.ts';
import { tusUpload } from './tusClient.ts';

// The storage service with STRATA_STORAGE_BACKEND=s3 (issue 23) against s3rver: the same API, bytes in the bucket.
let s3: TestS3;
let f: StorageFixture;

beforeAll(async () => {
  s3 = await startTestS3();
  f = await startStorageFixture({ storage: s3.config });
  await f.client().createBucket('docs');
}, 120_000);
afterAll(async () => {
  await f?.close();
  await s3?.close();
});

const sha = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const objects = () => s3.keys(`${f.ref}/objects/`);

describe('S3 storage backend', () => {
  it('stores uploads in the bucket, serves them whole and by range, copies, moves and deletes them there', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const up = await f.client().from('docs').upload('a/one.bin', bytes, { contentType: 'application/octet-stream' });
    expect(up.error).toBeNull();
    expect(await objects()).toEqual([`${f.ref}/objects/docs/a/one.bin`]);
    expect(await s3.keys(`${f.ref}/tmp/`)).toEqual([]); // the staging key went
    const url = `${f.storageUrl}/object/docs/a/one.bin`;
    const headers = { apikey: f.keys.service_role, authorization: `Bearer ${f.keys.service_role}` };
    const whole = await fetch(url, { headers });
    expect(whole.status).toBe(200);
    expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(bytes));
    const part = await fetch(url, { headers: { ...headers, range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);

    expect((await f.client().from('docs').copy('a/one.bin', 'b/two.bin')).error).toBeNull();
    expect((await f.client().from('docs').move('a/one.bin', 'c/three.bin')).error).toBeNull();
    expect(await objects()).toEqual([`${f.ref}/objects/docs/b/two.bin`, `${f.ref}/objects/docs/c/three.bin`]);
    const moved = await f.client().from('docs').download('c/three.bin');
    expect(sha(Buffer.from(await moved.data!.arrayBuffer()))).toBe(sha(bytes));

    expect((await f.client().from('docs').remove(['b/two.bin', 'c/three.bin'])).error).toBeNull();
    expect(await objects()).toEqual([]);
  });

  it('refuses an upload over the limit with a 413 and leaves nothing in the bucket', async () => {
    await f.client().createBucket('small', { public: false, fileSizeLimit: 1000 });
    const up = await f.client().from('small').upload('x.bin', randomBytes(5000));
    expect(up.error).not.toBeNull();
    expect(await s3.keys(`${f.ref}/objects/small/`)).toEqual([]);
    expect(await s3.keys(`${f.ref}/tmp/`)).toEqual([]);
  });

  it('takes a tus upload through @tus/s3-store and places it as an object', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 5);
    const outcome = await tusUpload(`${f.storageUrl}/upload/resumable`, f.keys.service_role, bytes, {
      bucketName: 'docs',
      objectName: 'resumable.bin',
      contentType: 'application/zip',
      chunkSize: 2 * 1024 * 1024,
    });
    expect(outcome).toMatchObject({ ok: true });
    const got = await f.client().from('docs').download('resumable.bin');
    expect(sha(Buffer.from(await got.data!.arrayBuffer()))).toBe(sha(bytes));
    // Of the upload only the finished marker stays (a HEAD after a lost last response is still answered).
    expect((await s3.keys(`${f.ref}/uploads/`)).filter((key) => !key.endsWith('.done'))).toEqual([]);
    const head = await fetch(outcome.url!, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', apikey: f.keys.service_role } });
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length));

    // The storage archive (spec A4.3) reads the objects from the bucket: the entry and its bytes are in the zip.
    await f.h.services.archives.create(f.ref);
    const archive = await f.h.services.archives.latest(f.ref);
    expect(archive).not.toBeNull();
    // ... and is written to the bucket, not to the local folder.
    expect(await s3.keys(`${f.ref}/archives/`)).toEqual([archive]);
    expect(existsSync(join(f.h.services.filesDir, archive!))).toBe(false);
    const zip = await readAll((await f.h.services.storage.files.open(archive!))!.stream());
    expect(zip.includes(Buffer.from('docs/resumable.bin'))).toBe(true);
    expect(zip.includes(bytes)).toBe(true); // client-zip stores entries uncompressed
  });

  it('keeps platform files (backups, archives) in the bucket: streamed in parts, read by range, listed, removed', async () => {
    const files = f.h.services.storage.files;
    const path = `${f.ref}/backups/77.sql`;
    // 19 MiB in 64 KiB chunks from a generator: three 8 MiB parts of a multipart upload, never one buffer.
    const chunk = randomBytes(64 * 1024);
    const count = 19 * 16;
    async function* source() {
      for (let i = 0; i < count; i++) yield Buffer.concat([Buffer.from([i & 0xff]), chunk.subarray(1)]);
    }
    const parts: Buffer[] = [];
    for await (const part of source()) parts.push(part);
    const expected = Buffer.concat(parts);
    expect(await files.put(path, source())).toBe(expected.length);
    const stored = (await files.open(path))!;
    expect(stored.size).toBe(expected.length);
    expect(sha(await readAll(stored.stream()))).toBe(sha(expected));
    const start = 8 * 1024 * 1024 - 5; // across the first part's end
    expect(await readAll(stored.stream({ start, end: start + 9 }))).toEqual(expected.subarray(start, start + 10));
    expect(await files.names(`${f.ref}/backups`)).toEqual(['77.sql']);
    // A source that fails midway leaves no object (the multipart upload is aborted).
    async function* broken() {
      yield chunk;
      throw new Error('dump failed');
    }
    await expect(files.put(`${f.ref}/backups/78.sql`, broken())).rejects.toThrow('dump failed');
    expect(await files.names(`${f.ref}/backups`)).toEqual(['77.sql']);
    await expect(Promise.resolve().then(() => files.open('../etc/passwd'))).rejects.toThrow('Not a platform file path');
    await files.remove(path);
    expect(await files.open(path)).toBeNull();
    await files.put(`${f.ref}/archives/storage-1.zip`, source());
    await files.removeProject(f.ref);
    expect(await s3.keys(`${f.ref}/`)).toEqual([]);
  }, 60_000);
});

async function readAll(stream: Promise<NodeJS.ReadableStream> | NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of await stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
}

describe('STRATA_STORAGE_BACKEND', () => {
  it('is the local folder by default and names every missing S3 variable', () => {
    expect(loadStorageConfig({})).toEqual({ backend: 'local' });
    expect(() => loadStorageConfig({ STRATA_STORAGE_BACKEND: 's3', STRATA_S3_BUCKET: 'b' })).toThrow(
      'STRATA_STORAGE_BACKEND=s3 needs STRATA_S3_REGION, STRATA_S3_ACCESS_KEY_ID, STRATA_S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadStorageConfig({ STRATA_STORAGE_BACKEND: 'gcs' })).toThrow("must be 'local' or 's3'");
    const env = { STRATA_STORAGE_BACKEND: 's3', STRATA_S3_REGION: 'eu-west-1', STRATA_S3_BUCKET: 'b', STRATA_S3_ACCESS_KEY_ID: 'k', STRATA_S3_SECRET_ACCESS_KEY: 's' };
    expect(loadStorageConfig({ ...env, STRATA_S3_FORCE_PATH_STYLE: 'true', STRATA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toMatchObject({ backend: 's3', forcePathStyle: true, endpoint: 'http://127.0.0.1:9000' });
    expect(() => loadStorageConfig({ ...env, STRATA_S3_ENDPOINT: 'minio:9000' })).toThrow('STRATA_S3_ENDPOINT');
  });
});
