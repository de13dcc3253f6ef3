// Bytes on disk. Uploads stream into a temporary file first and are renamed into place only when complete and
// accepted, so a failed or refused upload never leaves a half-written object behind.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rmdir, unlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageError, tooLarge } from './errors.ts';
import type { ProjectFolders } from './names.ts';
import { UPLOAD_WRITE_BUFFER_BYTES } from './requestBody.ts';

/** A pass-through that counts the bytes through it (`bytes`) and fails with a 413 once they pass `limit`. */
export function byteLimit(limit: number): Transform & { readonly bytes: number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit) done(tooLarge());
      else done(null, chunk);
    },
  });
  return Object.defineProperty(counter, 'bytes', { get: () => bytes }) as Transform & { readonly bytes: number };
}

/** Streams `source` into a new temporary file, refusing more than `limit` bytes (413). */
export async function writeTemporaryFile(
  folders: ProjectFolders,
  source: ReadableStream<Uint8Array> | Readable | AsyncIterable<Uint8Array>,
  limit: number,
): Promise<{ path: string; size: number }> {
  await mkdir(folders.tmp, { recursive: true });
  const path = join(folders.tmp, randomUUID());
  const counter = byteLimit(limit);
  const input = source instanceof ReadableStream ? Readable.fromWeb(source as import('node:stream/web').ReadableStream) : source;
  try {
    // A large write buffer: the many small chunks of a request body go to disk in few writev calls (issue 15).
    await pipeline(input, counter, createWriteStream(path, { highWaterMark: UPLOAD_WRITE_BUFFER_BYTES }));
  } catch (error) {
    await unlink(path).catch(() => {});
    if (error instanceof StorageError) throw error;
    throw new StorageError(400, 'InvalidRequest', 'The upload was interrupted');
  }
  return { path, size: counter.bytes };
}

const PATH_CLASH = new Set(['EISDIR', 'ENOTDIR', 'EEXIST', 'ENOTEMPTY']);

/** Moves a finished file to its object path; a name that clashes with a folder (or the reverse) is a 409. */
export async function placeFile(from: string, to: string): Promise<void> {
  try {
    await mkdir(dirname(to), { recursive: true });
    await rename(from, to);
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (PATH_CLASH.has(code)) {
      throw new StorageError(409, 'InvalidKey', 'An object and a folder of the same name cannot both exist at this path');
    }
    if (code === 'ENAMETOOLONG') throw new StorageError(400, 'InvalidKey', 'Invalid key: the name is too long');
    throw error;
  }
}

/** Removes an object's file and the folders it leaves empty, up to (not including) `stopAt`. */
export async function removeFile(file: string, stopAt: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EISDIR') throw error;
  }
  await pruneEmptyFolders(dirname(file), stopAt);
}

export async function pruneEmptyFolders(folder: string, stopAt: string): Promise<void> {
  let current = folder;
  for (;;) {
    const rel = relative(stopAt, current);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return;
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or already gone): stop climbing
    }
    current = dirname(current);
  }
}
