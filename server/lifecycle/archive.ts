// Storage archive (spec A4.3): a zip of every stored object of a project, `{filesDir}/{ref}/objects/{bucket}/{name}`
// → entries `{bucket}/{name}`, streamed (client-zip) into `{filesDir}/{ref}/archives/storage-{time}.zip`.
// Written under a temporary name and renamed when complete, so a listed archive is always a whole zip.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { downloadZip } from 'client-zip';
import { logServerError } from '../http/errors.ts';

const ARCHIVE_NAME = /^storage-\d+\.zip$/;

/** Every file under `dir` (recursively) with its path relative to `dir`; nothing when `dir` is missing. */
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

async function* zipEntries(objectsDir: string) {
  for await (const { name, file } of walk(objectsDir)) {
    const info = await stat(file);
    yield { name, lastModified: info.mtime, size: info.size, input: Readable.toWeb(createReadStream(file)) as unknown as ReadableStream };
  }
}

export interface ArchiveStore {
  /** Starts a new archive of the project's objects (joins one already running). */
  create(ref: string): Promise<void>;
  /** Path (relative to filesDir) of the newest complete archive; null while one is being made or when none. */
  latest(ref: string): Promise<string | null>;
  settled(): Promise<void>;
}

export function createArchiveStore(filesDir: string): ArchiveStore {
  const running = new Map<string, Promise<void>>();

  async function build(ref: string): Promise<void> {
    const dir = join(filesDir, ref, 'archives');
    await mkdir(dir, { recursive: true });
    const name = `storage-${Date.now()}.zip`;
    const partial = join(dir, `${name}.partial`);
    try {
      const zip = downloadZip(zipEntries(join(filesDir, ref, 'objects')));
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
