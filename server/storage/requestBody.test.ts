// Upload bodies read from the Node request itself (issue 15, upload speed): which stream is used, and that the
// bytes, the refusals and the interruptions come out as before — over a real listening server, with bodies
// sent 16 KB at a time as Chromium sends them.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { IncomingMessage, request as httpRequest } from 'node:http';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeRequestBody, untouchedIncoming } from './requestBody.ts';
import { startStorageFixture, type StorageFixture } from './testing.ts';

describe('the body stream chosen', () => {
  const incoming = () => new IncomingMessage(new Socket());

  it('is the Node request when the server gave one whose body is untouched', () => {
    const node = incoming();
    expect(nodeRequestBody(new Request('http://x/', { method: 'PUT', body: 'web' }), { incoming: node })).toBe(node);
  });

  it('is the web body otherwise: no Node request, or one already read', async () => {
    const web = nodeRequestBody(new Request('http://x/', { method: 'PUT', body: 'web' }), undefined);
    expect(Buffer.concat(await web.toArray()).toString()).toBe('web');
    const read = incoming();
    read.push('x');
    read.push(null);
    await read.toArray();
    expect(untouchedIncoming({ incoming: read })).toBeNull();
    expect(untouchedIncoming({ incoming: 'not a stream' })).toBeNull();
    expect(await nodeRequestBody(new Request('http://x/', { method: 'PUT' }), {}).toArray()).toEqual([]);
  });
});

let f: StorageFixture;

beforeAll(async () => {
  f = await startStorageFixture();
  await f.client().createBucket('raw');
  await f.client().createBucket('tiny', { public: false, fileSizeLimit: 100_000 });
}, 120_000);
afterAll(async () => f?.close());

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const tmpLeft = () => readdirSync(join(f.h.services.filesDir, f.ref, 'tmp'));

/** PUTs `bytes` 16 KB a write (chunked when `length` is false); `abortAfter` bytes then the socket is cut. */
function put(path: string, bytes: Buffer, options: { length?: boolean; abortAfter?: number } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${f.storageUrl}/object/${path}`);
    const req = httpRequest(url, {
      method: 'PUT',
      agent: false, // a fresh connection each: the server may close one whose body it stopped reading (413, cut)
      headers: {
        apikey: f.keys.service_role,
        authorization: `Bearer ${f.keys.service_role}`,
        'content-type': 'application/octet-stream',
        ...(options.length === false ? {} : { 'content-length': String(bytes.length) }),
      },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d)).on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
    });
    req.on('error', reject);
    void (async () => {
      for (let at = 0; at < bytes.length; at += 16 * 1024) {
        if (options.abortAfter !== undefined && at >= options.abortAfter) {
          req.destroy();
          resolve({ status: 0, body: 'aborted' });
          return;
        }
        if (!req.write(bytes.subarray(at, at + 16 * 1024))) await new Promise((r) => req.once('drain', r));
      }
      req.end();
    })().catch(reject);
  });
}

describe('raw uploads through the Node request', () => {
  it('stores a 20 MiB body sent 16 KB a write byte for byte, with and without a length', async () => {
    const bytes = randomBytes(20 * 1024 * 1024 + 5);
    expect((await put('raw/a.bin', bytes)).status).toBe(200);
    expect(sha(readFileSync(join(f.h.services.filesDir, f.ref, 'objects', 'raw', 'a.bin')))).toBe(sha(bytes));
    expect((await put('raw/b.bin', bytes, { length: false })).status).toBe(200);
    expect(sha(readFileSync(join(f.h.services.filesDir, f.ref, 'objects', 'raw', 'b.bin')))).toBe(sha(bytes));
    const info = await f.client().from('raw').info('b.bin');
    expect(info.data).toMatchObject({ size: bytes.length });
  });

  it('answers 413 to a body without a length that grows over the limit, and keeps nothing', async () => {
    const res = await put('tiny/over.bin', randomBytes(2 * 1024 * 1024), { length: false });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    expect((await f.client().from('tiny').info('over.bin')).error).not.toBeNull();
    expect(tmpLeft()).toEqual([]);
  });

  it('drops an upload whose client goes away mid-body, and serves the next one', async () => {
    await put('raw/cut.bin', randomBytes(8 * 1024 * 1024), { length: false, abortAfter: 4 * 1024 * 1024 });
    for (let i = 0; i < 50 && tmpLeft().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(tmpLeft()).toEqual([]);
    expect((await f.client().from('raw').info('cut.bin')).error).not.toBeNull();
    const small = Buffer.from('after');
    expect((await put('raw/after.txt', small)).status).toBe(200);
    expect((await f.client().from('raw').download('after.txt')).data?.size).toBe(5);
  });

  it('reads a multipart Blob upload of the official client from the Node request too', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const res = await f.client().from('raw').upload('form.bin', new Blob([bytes]));
    expect(res.error).toBeNull();
    expect(sha(readFileSync(join(f.h.services.filesDir, f.ref, 'objects', 'raw', 'form.bin')))).toBe(sha(bytes));
  });
});
