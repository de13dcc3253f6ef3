// Storage archive (spec A4.3): a zip of every stored object of a project, read through the storage backend
// (`{filesDir}/{ref}/objects/{bucket}/{name}` or the S3 bucket's `{ref}/objects/…`) → entries `{bucket}/{name}`, streamed (client-zip) into `{filesDir}/{ref}/archives/storage-{time}.zip`.
// Written under a temporary name and renamed when complete, so a listed archive is always a whole zip.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { downloadZip } from 'client-zip';
import { logServerError } from '../http/errors.ts';
import { localBackend, type StorageBackend } from '../storage/backend.ts';

const ARCHIVE_NAME = /^storage-\d+\.zip$/;

async function* zipEntries(storage: StorageBackend, ref: string) {
  for await (const object of storage.list(ref)) {
    yield { name: object.name, lastModified: object.lastModified, size: object.size, input: Readable.toWeb(await object.stream()) as unknown as ReadableStream };
  }
}

export interface ArchiveStore {
  /** Starts a new archive of the project's objects (joins one already running). */
  create(ref: string): Promise<void>;
  /** Path (relative to filesDir) of the newest complete archive; null while one is being made or when none. */
  latest(ref: string): Promise<string | null>;
  settled(): Promise<void>;
}

/** Archives are read from `storage` (the local folder or S3, issue 23) and written under filesDir. */
export function createArchiveStore(filesDir: string, storage: StorageBackend = localBackend(filesDir)): ArchiveStore {
  const running = new Map<string, Promise<void>>();

  async function build(ref: string): Promise<void> {
    const dir = join(filesDir, ref, 'archives');
    await mkdir(dir, { recursive: true });
    const name = `storage-${Date.now()}.zip`;
    const partial = join(dir, `${name}.partial`);
    try {
      const zip = downloadZip(zipEntries(storage, ref));
      await pipeline(Readable.fromWeb(zip.body! as unknown as WebReadableStream), createWriteStream(partial));
      await rename(partial, join(dir, name));
      // Older archives (and partial files of interrupted runs) are superseded.
      for (const entry of await readdir(dir)) {
        if (entry !== name) await rm(join(dir, entry), { force: true });
      }
    } catch (error) {
      await rm(partial, { force: true }).catch(() => {});
      throw error;
    }
  }

  return {
    create(ref) {
      const current = running.get(ref);
      if (current) return current;
      const job = build(ref)
        .catch((error) => logServerError(`storage archive of ${ref}`, error))
        .finally(() => running.delete(ref));
      running.set(ref, job);
      return job;
    },
    async latest(ref) {
      if (running.has(ref)) return null;
      let entries: string[];
      try {
        entries = await readdir(join(filesDir, ref, 'archives'));
      } catch {
        return null;
      }
      const newest = entries.filter((entry) => ARCHIVE_NAME.test(entry)).sort().pop();
      return newest ? `${ref}/archives/${newest}` : null;
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
