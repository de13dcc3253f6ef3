// The storage explorer's effects that are more than one call: the full-folder crawl (pages of 10000), zips built
// in the browser with client-zip from batches of 10 downloads (spec B9), saving a file, and the file operations.
import { downloadZip } from 'client-zip';
import { saveBlob } from './save-blob.ts';
import {
  downloadObject,
  listObjects,
  moveObject,
  removeObjects,
} from '../api/storage.ts';
import { STORAGE_CRAWL_PAGE_SIZE, STORAGE_DOWNLOAD_BATCH, baseName, filesZipName, joinPath, EMPTY_FOLDER_PLACEHOLDER } from '../domain/storage.ts';
import type { FilesOperation } from '../../machines/storage-files.machine.ts';

/** Every object path under `prefix`, its sub-folders walked (spec B9: pages of 10000). */
export async function listAllObjectPaths(ref: string, bucketId: string, prefix: string): Promise<string[]> {
  const paths: string[] = [];
  const folders = [prefix];
  while (folders.length > 0) {
    const folder = folders.shift()!;
    for (let offset = 0; ; offset += STORAGE_CRAWL_PAGE_SIZE) {
      const page = await listObjects(ref, bucketId, folder, {
        limit: STORAGE_CRAWL_PAGE_SIZE,
        offset,
        sortBy: { column: 'name', order: 'asc' },
      });
      for (const entry of page) {
        if (entry.id === null) folders.push(joinPath(folder, entry.name));
        else paths.push(joinPath(folder, entry.name));
      }
      if (page.length < STORAGE_CRAWL_PAGE_SIZE) break;
    }
  }
  return paths;
}


/**
 * Zips `paths` in the browser: fetched 10 at a time, streamed into client-zip, named by `entryName`. Folder
 * placeholders are not files to the user and stay out. Resolves with how many could not be fetched.
 */
export async function zipObjects(
  ref: string,
  bucketId: string,
  paths: string[],
  entryName: (path: string) => string,
  zipName: string,
): Promise<{ failed: number }> {
  let failed = 0;
  const wanted = paths.filter((p) => baseName(p) !== EMPTY_FOLDER_PLACEHOLDER);
  async function* entries() {
    for (let i = 0; i < wanted.length; i += STORAGE_DOWNLOAD_BATCH) {
      const batch = wanted.slice(i, i + STORAGE_DOWNLOAD_BATCH);
      const results = await Promise.allSettled(batch.map((path) => downloadObject(ref, bucketId, path)));
      for (const [index, result] of results.entries()) {
        if (result.status === 'fulfilled') yield { name: entryName(batch[index]!), input: result.value };
        else failed++;
      }
    }
  }
  const blob = await downloadZip(entries()).blob();
  if (failed === wanted.length && wanted.length > 0) throw new Error('none of the files could be downloaded');
  saveBlob(blob, zipName);
  return { failed };
}

/** The effect behind each files operation (spec B8 file operations). */
export async function performFilesOperation(ref: string, op: FilesOperation): Promise<void> {
  switch (op.kind) {
    case 'files.delete':
      for (let i = 0; i < op.paths.length; i += 1000) await removeObjects(ref, op.bucketId, op.paths.slice(i, i + 1000));
      return;
    case 'files.move': {
      for (let i = 0; i < op.paths.length; i += STORAGE_DOWNLOAD_BATCH) {
        const batch = op.paths.slice(i, i + STORAGE_DOWNLOAD_BATCH);
        await Promise.all(batch.map((path) => moveObject(ref, op.bucketId, path, joinPath(op.to, baseName(path)))));
      }
      return;
    }
    case 'files.download': {
      const { failed } = await zipObjects(ref, op.bucketId, op.paths, baseName, filesZipName());
      if (failed > 0) throw new Error(`${failed} files did not download`);
      return;
    }
    case 'file.download': {
      const response = await downloadObject(ref, op.bucketId, op.path);
      saveBlob(await response.blob(), baseName(op.path));
      return;
    }
    case 'file.rename':
      await moveObject(ref, op.bucketId, op.path, op.newPath);
      return;
  }
}

