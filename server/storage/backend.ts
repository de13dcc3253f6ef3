// Where object bytes live (issue 23): the local folder (the default, `{filesDir}/{ref}/...` as before) or an
// S3-compatible bucket (s3Backend.ts), picked by STRATA_STORAGE_BACKEND. The storage code above this interface
// (objects.ts, upload.ts, download.ts, trash.ts, tus.ts) keeps its rules — rows in storage.objects, advisory locks,
// staging before an object is placed — and asks the backend only to move bytes. Bytes stream both ways: an upload
// is piped through a byte counter into its staging place, a download is a stream of the asked range.
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, readFile, rm, stat, unlink, writeFile, copyFile, mkdir } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import { objectNotFound } from './errors.ts';
import { placeFile, pruneEmptyFolders, removeFile, writeTemporaryFile } from './files.ts';
import { bucketFolder, objectFile, projectFolders } from './names.ts';
import { localPlatformFiles, type PlatformFiles } from './platformFiles.ts';
import { UPLOAD_WRITE_BUFFER_BYTES } from './requestBody.ts';

/** Bytes written somewhere that is not yet an object (a temporary file, a staging key, a finished tus upload). */
export interface Staged {
  /** A file path (local) or an object key (s3). */
  location: string;
  size: number;
}

export interface StoredObject {
  size: number;
  /** The bytes, or the inclusive range of them. */
  stream(range?: { start: number; end: number }): Promise<Readable>;
}

export type ByteSource = ReadableStream<Uint8Array> | Readable | AsyncIterable<Uint8Array>;

export interface StorageBackend {
  readonly kind: 'local' | 's3';
  /** Streams `source` to a new staging place, refusing more than `limit` bytes (413). */
  stage(ref: string, source: ByteSource, limit: number): Promise<Staged>;
  /** A staged copy of an object's bytes (404 when it has none). */
  stageCopy(ref: string, bucketId: string, name: string): Promise<Staged>;
  /** Makes staged bytes the object's (replacing any); the staging place is gone afterwards. */
  place(staged: Staged, ref: string, bucketId: string, name: string): Promise<void>;
  discard(staged: Staged): Promise<void>;
  move(ref: string, fromBucket: string, from: string, toBucket: string, to: string): Promise<void>;
  /** Removes an object's bytes; a missing object is not an error. */
  remove(ref: string, bucketId: string, name: string): Promise<void>;
  removeBucket(ref: string, bucketId: string): Promise<void>;
  open(ref: string, bucketId: string, name: string): Promise<StoredObject | null>;
  /** Staged bytes of uploads cut short by a crash (older than an hour). */
  removeStaleStaging(ref: string, now?: number): Promise<void>;
  /** Every object's bytes of a project as `{bucket}/{name}`, sorted (the storage archive, spec A4.3). */
  list(ref: string): AsyncGenerator<ListedObject>;
  /** Resumable uploads: the tus store, where a finished upload's bytes are, and the finished-upload markers. */
  tus: TusBackend;
  /** The platform's files about a project (backups, storage archives), kept beside its objects. */
  files: PlatformFiles;
}

export interface ListedObject {
  name: string;
  size: number;
  lastModified: Date;
  stream(): Promise<Readable>;
}

/** Every file under `dir` (recursively) with its path relative to `dir`, sorted; nothing when `dir` is missing. */
async function* walk(dir: string, prefix = ''): AsyncGenerator<{ name: string; file: string }> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const file = join(dir, entry.name);
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(file, name);
    else if (entry.isFile()) yield { name, file };
  }
}

export interface TusBackend {
  datastore(ref: string): DataStore;
  /** tus ids in URLs are hex; the store's own id may carry a prefix (s3: the project's uploads key). */
  storeId(ref: string, urlId: string): string;
  urlId(storeId: string): string;
  finished(ref: string, storeId: string, size: number): Staged;
  /** Drops what the store keeps about an upload besides its bytes (after it became an object or was refused). */
  forget(ref: string, storeId: string, datastore: DataStore): Promise<void>;
  markDone(ref: string, urlId: string, size: number): Promise<void>;
  doneSize(ref: string, urlId: string): Promise<string | null>;
  removeStale(ref: string, maxAgeMs: number, now?: number): Promise<void>;
}

/** Temporary files older than this belong to uploads cut short by a crash. */
export const STALE_STAGING_MS = 60 * 60_000;
export const DONE_SUFFIX = '.done';

/** The local folder: `{filesDir}/{ref}/objects/{bucket}/{name}`, `tmp/` and `uploads/` (the storage contract of issue 8). */
export function localBackend(filesDir: string, options: { datastore?: (directory: string) => DataStore } = {}): StorageBackend {
  const folders = (ref: string) => projectFolders(filesDir, ref);
  const file = (ref: string, bucketId: string, name: string) => objectFile(filesDir, ref, bucketId, name);
  return {
    kind: 'local',
    files: localPlatformFiles(filesDir),
    async stage(ref, source, limit) {
      const temp = await writeTemporaryFile(folders(ref), source, limit);
      return { location: temp.path, size: temp.size };
    },
    async stageCopy(ref, bucketId, name) {
      await mkdir(folders(ref).tmp, { recursive: true });
      const temp = join(folders(ref).tmp, randomUUID());
      try {
        await copyFile(file(ref, bucketId, name), temp);
      } catch {
        throw objectNotFound();
      }
      return { location: temp, size: (await stat(temp)).size };
    },
    place: (staged, ref, bucketId, name) => placeFile(staged.location, file(ref, bucketId, name)),
    discard: (staged) => unlink(staged.location).catch(() => {}),
    async move(ref, fromBucket, from, toBucket, to) {
      const source = file(ref, fromBucket, from);
      await placeFile(source, file(ref, toBucket, to));
      await pruneEmptyFolders(join(source, '..'), bucketFolder(filesDir, ref, fromBucket));
    },
    remove: (ref, bucketId, name) => removeFile(file(ref, bucketId, name), bucketFolder(filesDir, ref, bucketId)),
    removeBucket: (ref, bucketId) => rm(bucketFolder(filesDir, ref, bucketId), { recursive: true, force: true }),
    async open(ref, bucketId, name) {
      const path = file(ref, bucketId, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        size: info.size,
        stream: async (range) => createReadStream(path, range ? { start: range.start, end: range.end } : {}),
      };
    },
    async *list(ref) {
      for await (const { name, file } of walk(folders(ref).objects)) {
        const info = await stat(file);
        yield { name, size: info.size, lastModified: info.mtime, stream: async () => createReadStream(file) };
      }
    },
    async removeStaleStaging(ref, now = Date.now()) {
      const tmp = folders(ref).tmp;
      const names = await readdir(tmp).catch(() => [] as string[]);
      for (const name of names) {
        const path = join(tmp, name);
        const info = await stat(path).catch(() => null);
        if (info && now - info.mtimeMs > STALE_STAGING_MS) await unlink(path).catch(() => {});
      }
    },
    tus: {
      datastore: (ref) => (options.datastore ?? ((directory) => new BufferedFileStore({ directory })))(folders(ref).uploads),
      storeId: (_ref, urlId) => urlId,
      urlId: (storeId) => storeId,
      finished: (ref, storeId, size) => ({ location: join(folders(ref).uploads, storeId), size }),
      async forget(ref, storeId, datastore) {
        await rm(join(folders(ref).uploads, storeId), { force: true }).catch(() => {});
        await (datastore as FileStore).configstore.delete(storeId).catch(() => {});
      },
      async markDone(ref, urlId, size) {
        await writeFile(join(folders(ref).uploads, `${urlId}${DONE_SUFFIX}`), String(size)).catch(() => {});
      },
      doneSize: (ref, urlId) => readFile(join(folders(ref).uploads, `${urlId}${DONE_SUFFIX}`), 'utf8').catch(() => null),
      async removeStale(ref, maxAgeMs, now = Date.now()) {
        const uploadsDir = folders(ref).uploads;
        const names = await readdir(uploadsDir).catch(() => [] as string[]);
        for (const name of names) {
          if (name.endsWith('.json')) continue; // goes with its part
          const path = join(uploadsDir, name);
          const info = await stat(path).catch(() => null);
          if (!info || now - info.mtimeMs <= maxAgeMs) continue;
          await rm(path, { force: true }).catch(() => {});
          if (!name.endsWith(DONE_SUFFIX)) await rm(`${path}.json`, { force: true }).catch(() => {});
        }
      },
    },
  };
}

/**
 * The file store with a large write buffer (issue 15): a PATCH body's small chunks go to the part file in few
 * writev calls. What is on disk stays the upload's offset (the store reads it from the file's size), so a cut
 * PATCH resumes from its last written byte as before.
 */
class BufferedFileStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const file = join(this.directory, id);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(readable, counter, createWriteStream(file, { flags: 'r+', start: offset, highWaterMark: UPLOAD_WRITE_BUFFER_BYTES }));
    } catch {
      throw { status_code: 500, body: 'Something went wrong receiving the file\n' }; // the store's own answer
    }
    return offset + received;
  }
}
