// Object bytes in an S3-compatible bucket (issue 23), through the official AWS SDK. Keys mirror the local folder:
// `{ref}/objects/{bucket}/{name}`, staging under `{ref}/tmp/`, tus uploads under `{ref}/uploads/`. Uploads stream
// through a byte counter into a multipart upload (lib-storage: a few parts of 8 MiB in memory at a time, never the
// whole object); downloads stream GetObject's body, with Range passed on. Unlike a file system, a bucket lets an
// object `a` and an object `a/b` both exist; the rows in storage.objects stay the one source of truth.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { S3Store } from '@tus/s3-store';
import type { S3StorageConfig } from '../config.ts';
import { DONE_SUFFIX, STALE_STAGING_MS, type StorageBackend } from './backend.ts';
import { StorageError, objectNotFound } from './errors.ts';
import { byteLimit } from './files.ts';
import { assertBucketId, assertObjectName } from './names.ts';
import { assertFolder, assertPlatformPath, assertRef, type PlatformFiles } from './platformFiles.ts';

const PART_BYTES = 8 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * The SDK's client settings. Checksums only where the API requires them: the SDK's newer default sends streamed
 * bodies as aws-chunked with a trailing checksum, which S3-compatible servers that predate it store framing and
 * all (s3rver did: a 2 MiB tus chunk became 2 MiB + 324 bytes).
 */
function clientConfig(config: S3StorageConfig) {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}

export function s3Client(config: S3StorageConfig): S3Client {
  return new S3Client(clientConfig(config));
}

export function s3Backend(config: S3StorageConfig): StorageBackend {
  const client = s3Client(config);
  const Bucket = config.bucket;
  const objectKey = (ref: string, bucketId: string, name: string) => `${ref}/objects/${assertBucketId(bucketId)}/${assertObjectName(name)}`;
  const uploadsPrefix = (ref: string) => `${ref}/uploads/`;

  async function deleteKey(Key: string): Promise<void> {
    try {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async function copyKey(from: string, to: string): Promise<void> {
    try {
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${encodeURIComponent(from).replace(/%2F/g, '/')}` }));
    } catch (error) {
      if (isMissing(error)) throw objectNotFound();
      throw error;
    }
  }

  async function listKeys(prefix: string, each: (key: string, modified: Date | undefined) => Promise<void>): Promise<void> {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
      for (const item of page.Contents ?? []) if (item.Key) await each(item.Key, item.LastModified);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  const datastores = new Map<string, S3Store>();

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) } }));
    }
  }

  async function openKey(Key: string) {
    let size: number;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
      size = head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return {
      size,
      async stream(range?: { start: number; end: number }) {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        return answer.Body as Readable;
      },
    };
  }

  /**
   * A multipart upload of `input` to `Key`, counted (and cut at `limit` bytes) on its way: it becomes the object only
   * when it completes; on failure its parts are aborted. The caller awaits `done` and decides what a failure means.
   */
  function multipartFrom(Key: string, input: Readable, limit: number) {
    const counter = byteLimit(limit);
    input.on('error', (error) => counter.destroy(error));
    input.pipe(counter);
    const upload = new Upload({ client, params: { Bucket, Key, Body: counter }, partSize: PART_BYTES, queueSize: 2, leavePartsOnError: false });
    return { counter, done: () => upload.done() };
  }

  // Backups and archives (platformFiles.ts): keys `{ref}/backups/…` and `{ref}/archives/…` beside the objects.
  const files: PlatformFiles = {
    async put(path, source) {
      const Key = assertPlatformPath(path);
      const input = source instanceof Readable ? source : Readable.from(source);
      const { counter, done } = multipartFrom(Key, input, Number.POSITIVE_INFINITY);
      try {
        await done();
      } catch (error) {
        throw counter.errored ?? input.errored ?? error;
      }
      if (counter.errored || input.errored) {
        await deleteKey(Key).catch(() => {});
        throw counter.errored ?? input.errored;
      }
      return counter.bytes;
    },
    open: (path) => openKey(assertPlatformPath(path)),
    remove: (path) => deleteKey(assertPlatformPath(path)),
    async names(folder) {
      const prefix = `${assertFolder(folder)}/`;
      const names: string[] = [];
      await listKeys(prefix, async (key) => {
        const name = key.slice(prefix.length);
        if (!name.includes('/')) names.push(name);
      });
      return names.sort();
    },
    async removeProject(ref) {
      const keys: string[] = [];
      await listKeys(`${assertRef(ref)}/`, async (key) => void keys.push(key));
      await deleteKeys(keys);
    },
  };

  return {
    kind: 's3',
    files,
    async stage(ref, source, limit) {
      const Key = `${ref}/tmp/${randomUUID()}`;
      const input = source instanceof ReadableStream ? Readable.fromWeb(source as import('node:stream/web').ReadableStream) : Readable.from(source);
      const { counter, done } = multipartFrom(Key, input, limit);
      try {
        await done();
      } catch (error) {
        await deleteKey(Key).catch(() => {});
        if (error instanceof StorageError) throw error;
        if (counter.errored instanceof StorageError) throw counter.errored;
        throw new StorageError(400, 'InvalidRequest', 'The upload was interrupted');
      }
      if (counter.errored instanceof StorageError) {
        await deleteKey(Key).catch(() => {});
        throw counter.errored;
      }
      return { location: Key, size: counter.bytes };
    },
    async stageCopy(ref, bucketId, name) {
      const from = objectKey(ref, bucketId, name);
      const Key = `${ref}/tmp/${randomUUID()}`;
      await copyKey(from, Key);
      const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
      return { location: Key, size: head.ContentLength ?? 0 };
    },
    async place(staged, ref, bucketId, name) {
      await copyKey(staged.location, objectKey(ref, bucketId, name));
      await deleteKey(staged.location);
    },
    discard: (staged) => deleteKey(staged.location).catch(() => {}),
    async move(ref, fromBucket, from, toBucket, to) {
      const source = objectKey(ref, fromBucket, from);
      await copyKey(source, objectKey(ref, toBucket, to));
      await deleteKey(source);
    },
    remove: (ref, bucketId, name) => deleteKey(objectKey(ref, bucketId, name)),
    async removeBucket(ref, bucketId) {
      const keys: string[] = [];
      await listKeys(`${ref}/objects/${assertBucketId(bucketId)}/`, async (key) => void keys.push(key));
      await deleteKeys(keys);
    },
    open: (ref, bucketId, name) => openKey(objectKey(ref, bucketId, name)),
    async *list(ref) {
      const prefix = `${ref}/objects/`;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
        for (const item of page.Contents ?? []) {
          const Key = item.Key;
          if (!Key) continue;
          yield {
            name: Key.slice(prefix.length),
            size: item.Size ?? 0,
            lastModified: item.LastModified ?? new Date(),
            stream: async () => (await client.send(new GetObjectCommand({ Bucket, Key }))).Body as Readable,
          };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async removeStaleStaging(ref, now = Date.now()) {
      await listKeys(`${ref}/tmp/`, async (key, modified) => {
        if (modified && now - modified.getTime() > STALE_STAGING_MS) await deleteKey(key).catch(() => {});
      });
    },
    tus: {
      datastore(ref) {
        let store = datastores.get(ref);
        if (!store) {
          store = new S3Store({
            partSize: PART_BYTES,
            s3ClientConfig: { bucket: Bucket, ...clientConfig(config) },
          });
          datastores.set(ref, store);
        }
        return store;
      },
      storeId: (ref, urlId) => `${uploadsPrefix(ref)}${urlId}`,
      urlId: (storeId) => storeId.slice(storeId.lastIndexOf('/') + 1),
      finished: (_ref, storeId, size) => ({ location: storeId, size }),
      async forget(_ref, storeId) {
        await deleteKey(storeId).catch(() => {});
        await deleteKey(`${storeId}.info`).catch(() => {});
      },
      async markDone(ref, urlId, size) {
        await client.send(new PutObjectCommand({ Bucket, Key: `${uploadsPrefix(ref)}${urlId}${DONE_SUFFIX}`, Body: String(size) })).catch(() => {});
      },
      async doneSize(ref, urlId) {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: `${uploadsPrefix(ref)}${urlId}${DONE_SUFFIX}` }));
          return (await answer.Body?.transformToString()) ?? null;
        } catch {
          return null;
        }
      },
      async removeStale(ref, maxAgeMs, now = Date.now()) {
        await listKeys(uploadsPrefix(ref), async (key, modified) => {
          if (modified && now - modified.getTime() > maxAgeMs) await deleteKey(key).catch(() => {});
        });
      },
    },
  };
}
