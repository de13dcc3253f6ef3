// Storage archive (spec A4.3): a zip of every stored object of a project, read through the storage backend
// (`{filesDir}/{ref}/objects/{bucket}/{name}` or the S3 bucket's `{ref}/objects/…`) → entries `{bucket}/{name}`,
// streamed (client-zip) into the backend's platform files as `{ref}/archives/storage-{time}.zip` (the local folder,
// or the S3 bucket: issue 23, so any platform process serves it). The file is visible only once complete
// (server/storage/platformFiles.ts), so a listed archive is always a whole zip.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { downloadZip } from 'client-zip';
import { logServerError } from '../http/errors.ts';
import type { StorageBackend } from '../storage/backend.ts';

const ARCHIVE_NAME = /^storage-\d+\.zip$/;

async function* zipEntries(storage: StorageBackend, ref: string) {
  for await (const object of storage.list(ref)) {
    yield { name: object.name, lastModified: object.lastModified, size: object.size, input: Readable.toWeb(await object.stream()) as unknown as ReadableStream };
  }
}

export interface ArchiveStore {
  /** Starts a new archive of the project's objects (joins one already running in this process). */
  create(ref: string): Promise<void>;
  /** Path (`{ref}/archives/…`, as the storage backend's platform files name it) of the newest complete archive;
   *  null while this process is making one, or when there is none. */
  latest(ref: string): Promise<string | null>;
  settled(): Promise<void>;
}

export function createArchiveStore(storage: StorageBackend): ArchiveStore {
  const running = new Map<string, Promise<void>>();
  const folder = (ref: string) => `${ref}/archives`;

  async function build(ref: string): Promise<void> {
    const name = `storage-${Date.now()}.zip`;
    const zip = downloadZip(zipEntries(storage, ref));
    await storage.files.put(`${folder(ref)}/${name}`, Readable.fromWeb(zip.body! as unknown as WebReadableStream));
    // Older archives (and the partial files of interrupted local runs) are superseded.
    for (const entry of await storage.files.names(folder(ref), { unfinished: true })) {
      if (entry !== name) await storage.files.remove(`${folder(ref)}/${entry}`);
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
      const newest = (await storage.files.names(folder(ref))).filter((entry) => ARCHIVE_NAME.test(entry)).pop();
      return newest ? `${folder(ref)}/${newest}` : null;
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
