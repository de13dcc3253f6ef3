// The platform's own files about a project — backups (`{ref}/backups/{id}.sql`) and storage archives
// (`{ref}/archives/storage-{time}.zip`) — kept where the storage backend keeps object bytes (issue 23): under the
// data folder's `files/`, or in the S3 bucket under the same keys, so any platform process lists, serves and deletes
// what another one wrote. Bytes stream both ways: a file is written from a stream (S3: a multipart upload, a few
// 8 MiB parts in memory at a time) and read as a stream of the asked range. A file being written is never seen:
// locally it is `{path}.partial` until renamed, in S3 a multipart upload is no object until it completes.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredObject } from './backend.ts';
import { byteLimit } from './files.ts';

export interface PlatformFiles {
  /** Streams `source` into the file at `path` (replacing any); answers its size. Nothing is visible until done. */
  put(path: string, source: Readable | AsyncIterable<Uint8Array>): Promise<number>;
  /** The file's size and bytes (or a range of them); null when there is none. */
  open(path: string): Promise<StoredObject | null>;
  /** Removes a file; a missing one is not an error. */
  remove(path: string): Promise<void>;
  /** Names of the complete files directly in `folder` (e.g. `{ref}/archives`), sorted; with `unfinished`, also the
   *  local `.partial` files of writes a crash cut short (S3 has none: an unfinished multipart upload is no object). */
  names(folder: string, options?: { unfinished?: boolean }): Promise<string[]>;
  /** Everything kept for the project (objects, uploads, backups, archives): the project is being deleted. */
  removeProject(ref: string): Promise<void>;
}

// Paths are made by the platform, never taken from a request as they are; checked anyway before touching a disk or key.
const PATH = /^([a-z]{20}|default)\/(backups|archives)\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
const FOLDER = /^([a-z]{20}|default)\/(backups|archives)$/;
const REF = /^([a-z]{20}|default)$/;

export function assertPlatformPath(path: string): string {
  if (!PATH.test(path)) throw new Error(`Not a platform file path: ${path}`);
  return path;
}

export function assertFolder(folder: string): string {
  if (!FOLDER.test(folder)) throw new Error(`Not a platform files folder: ${folder}`);
  return folder;
}

export function assertRef(ref: string): string {
  if (!REF.test(ref)) throw new Error(`Not a project ref: ${ref}`);
  return ref;
}

/** The local folder: `{filesDir}/{path}`, written as `{path}.partial` and renamed when complete. */
export function localPlatformFiles(filesDir: string): PlatformFiles {
  const file = (path: string) => join(filesDir, assertPlatformPath(path));
  return {
    async put(path, source) {
      const target = file(path);
      const partial = `${target}.partial`;
      await mkdir(dirname(target), { recursive: true });
      const counter = byteLimit(Number.POSITIVE_INFINITY);
      try {
        await pipeline(source instanceof Readable ? source : Readable.from(source), counter, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true }).catch(() => {});
        throw error;
      }
      return counter.bytes;
    },
    async open(path) {
      const target = file(path);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      return { size: info.size, stream: async (range) => createReadStream(target, range ? { start: range.start, end: range.end } : {}) };
    },
    remove: (path) => rm(file(path), { force: true }),
    async names(folder, options = {}) {
      const entries = await readdir(join(filesDir, assertFolder(folder))).catch(() => [] as string[]);
      return entries.filter((name) => options.unfinished || !name.endsWith('.partial')).sort();
    },
    removeProject: (ref) => rm(join(filesDir, assertRef(ref)), { recursive: true, force: true }),
  };
}
