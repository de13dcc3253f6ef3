import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/database.ts';
import { startStorageFixture, type StorageFixture } from './testing.ts';

// Issue 8: an upload interrupted by a platform restart resumes from where it stopped. The platform runs in a
// child process on the test's cluster, platform database and files folder; it is killed (SIGKILL) in the middle
// of a 200 MB upload and started again; tus-js-client finds the previous upload and finishes it.
const SIZE = 200 * 1024 * 1024;
const CHUNK = SIZE / 10; // spec B9: under 500 MB → size/10
const KILL_AT = 70 * 1024 * 1024;

let f: StorageFixture;
let work = '';
let source = '';
let child: ChildProcess | null = null;
let port = 0;
let platformDb = '';

beforeAll(async () => {
  f = await startStorageFixture();
  await f.client().createBucket('large');
  // The default global limit is 50 MB.
  await f.h.call('PATCH', `/api/platform/projects/${f.ref}/config/storage`, { token: f.owner.token, body: { fileSizeLimit: 1024 ** 3 } });
  platformDb = (await f.h.services.pool.query<{ db: string }>('select current_database() as db')).rows[0]!.db;
  port = await freePort();
  work = mkdtempSync(join(tmpdir(), 'strata-restart-'));
  source = join(work, 'source.bin');
  const out = createWriteStream(source);
  for (let written = 0; written < SIZE; written += 8 * 1024 * 1024) {
    if (!out.write(randomBytes(8 * 1024 * 1024))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
}, 120_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  if (work) rmSync(work, { recursive: true, force: true });
  await f?.close();
});

function startPlatform(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'testServer.ts')], {
      env: {
        ...process.env,
        STRATA_TEST_CLUSTER_URL: f.h.cluster.url('postgres'),
        STRATA_TEST_PLATFORM_DB: platformDb,
        STRATA_TEST_FILES_DIR: f.h.services.filesDir,
        STRATA_TEST_PORT: String(port),
        // Inside the work folder, removed after the tests (the child is killed, so it cannot remove one of its own).
        STRATA_TEST_DIST_DIR: join(work, 'dist'),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => reject(new Error('the platform did not start')), 20_000);
    proc.stdout!.on('data', (data: Buffer) => {
      if (data.toString().includes('LISTENING')) {
        clearTimeout(timer);
        resolve(proc);
      }
    });
    proc.once('exit', (code) => reject(new Error(`the platform exited (${code})`)));
  });
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file).on('data', (d) => hash.update(d)).on('end', () => resolve(hash.digest('hex'))).on('error', reject);
  });
}

describe('resumable upload across a platform restart', () => {
  it('resumes a 200 MB upload after the platform was killed mid-upload, and the stored file is identical', async () => {
    const endpoint = `http://127.0.0.1:${port}/p/${f.ref}/storage/v1/upload/resumable`;
    // Node's build of tus-js-client keeps previous upload URLs in a file (its types only describe the browser's).
    const { FileUrlStorage } = tus as unknown as { FileUrlStorage: new (path: string) => tus.UrlStorage };
    const urlStorage = new FileUrlStorage(join(work, 'tus-urls.json'));
    const options = (onProgress?: (sent: number) => void): tus.UploadOptions => ({
      endpoint,
      chunkSize: CHUNK,
      retryDelays: [],
      urlStorage,
      headers: { apikey: f.keys.service_role },
      metadata: { bucketName: 'large', objectName: 'video/big.bin', contentType: 'video/mp4', cacheControl: '3600' },
      ...(onProgress ? { onProgress: (sent: number) => onProgress(sent) } : {}),
    });

    child = await startPlatform();
    const first = await new Promise<{ error: Error | null; url: string | null }>((resolve) => {
      const killer = child!;
      const upload = new tus.Upload(
        createReadStream(source),
        {
          ...options((sent) => {
            if (sent >= KILL_AT && killer.exitCode === null && !killer.killed) killer.kill('SIGKILL');
          }),
          onError: (error) => resolve({ error, url: upload.url }),
          onSuccess: () => resolve({ error: null, url: upload.url }),
        },
      );
      upload.start();
    });
    expect(first.error, 'the first attempt must be cut by the kill').not.toBeNull();
    expect(first.url).toMatch(/upload\/resumable\/[0-9a-f]+$/);
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');

    child = await startPlatform();
    const head = await fetch(first.url!, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', apikey: f.keys.service_role } });
    const offset = Number(head.headers.get('upload-offset'));
    expect(head.status).toBe(200);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(SIZE);

    let firstProgress = -1;
    const second = await new Promise<Error | null>((resolve) => {
      const upload = new tus.Upload(createReadStream(source), {
        ...options((sent) => {
          if (firstProgress < 0) firstProgress = sent;
        }),
        onError: (error) => resolve(error),
        onSuccess: () => resolve(null),
      });
      void upload.findPreviousUploads().then((previous) => {
        expect(previous.length).toBeGreaterThan(0);
        upload.resumeFromPreviousUpload(previous[0]!);
        upload.start();
      });
    });
    expect(second).toBeNull();
    expect(firstProgress).toBeGreaterThanOrEqual(offset);

    const stored = join(f.h.services.filesDir, f.ref, 'objects', 'large', 'video', 'big.bin');
    expect(statSync(stored).size).toBe(SIZE);
    expect(await sha256(stored)).toBe(await sha256(source));
    const listed = await f.client().from('large').list('video');
    expect(listed.data?.[0]).toMatchObject({ name: 'big.bin', metadata: { size: SIZE, mimetype: 'video/mp4' } });
  }, 60_000);
});
