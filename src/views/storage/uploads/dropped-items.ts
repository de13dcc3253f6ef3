// Walks what was dropped on the explorer (spec B2.4, B5): files and whole folders, .DS_Store and paths with
// '#/' skipped, 'Retrieving items to upload...' shown while folders are read.
import { RETRIEVING_ITEMS_MESSAGE, isSkippedDropPath, uploadContentType } from '../../../domain/storage-uploads.ts';
import { toast } from '../../../ui/toast.ts';
import type { UploadFileEntry } from './useUploads.ts';

/**
 * Collects the dropped files. Call it from the drop handler itself: the browser empties the DataTransfer once
 * the event is over, so the entries are taken synchronously before anything is awaited.
 * relativePath is '' for a file dropped as such, 'folder/…/name' for a file inside a dropped folder.
 */
export async function collectDroppedItems(dataTransfer: DataTransfer): Promise<UploadFileEntry[]> {
  const items = Array.from(dataTransfer.items ?? []).filter((item) => item.kind === 'file');
  const entries = items.map((item) => (typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null));
  if (entries.length === 0 || entries.some((entry) => entry === null)) {
    // No entry API (or a non-file item): take the flat file list.
    return Array.from(dataTransfer.files ?? [])
      .filter((file) => !isSkippedDropPath(file.name))
      .map((file) => ({ file: withType(file), relativePath: '' }));
  }

  const hasFolders = entries.some((entry) => entry!.isDirectory);
  const key = hasFolders ? toast.info(RETRIEVING_ITEMS_MESSAGE, { timeout: null }) : null;
  try {
    const collected: UploadFileEntry[] = [];
    for (const entry of entries) await walk(entry!, collected);
    return collected;
  } finally {
    if (key) toast.dismiss(key);
  }
}

async function walk(entry: FileSystemEntry, into: UploadFileEntry[]): Promise<void> {
  const path = entry.fullPath.replace(/^\/+/, '') || entry.name;
  if (isSkippedDropPath(path)) return;
  if (entry.isFile) {
    const file = await readFile(entry as FileSystemFileEntry);
    // An unreadable file (moved, no permission) is left out rather than failing the whole drop.
    if (file) into.push({ file: withType(file), relativePath: path.includes('/') ? path : '' });
    return;
  }
  if (entry.isDirectory) {
    for (const child of await readAllEntries(entry as FileSystemDirectoryEntry)) await walk(child, into);
  }
}

function readFile(entry: FileSystemFileEntry): Promise<File | null> {
  return new Promise((resolve) => entry.file(resolve, () => resolve(null)));
}

/** readEntries answers in batches (100 in Chromium): read until it returns an empty one. */
async function readAllEntries(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve) => reader.readEntries(resolve, () => resolve([])));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/** spec B5: a file the browser gives no type gets the type of its extension. */
function withType(file: File): File {
  if (file.type) return file;
  return new File([file], file.name, { type: uploadContentType(file.name, ''), lastModified: file.lastModified });
}
