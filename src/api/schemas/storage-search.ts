// Searching a bucket and a folder's size (issue 14 "What a professional expects": a search across the bucket,
// per-folder size). Bodies of POST /api/platform/storage/{ref}/buckets/{id}/objects/search and …/folder-size.
import { z } from 'zod';

export const SEARCH_LIMIT_MAX = 200;

export const searchObjectsBody = z.object({
  /** Text found anywhere in an object's full name (case-insensitive, taken literally: % and _ are not wildcards). */
  query: z.string().trim().min(1, 'Type something to search for').max(1024),
  limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).optional(),
});

export const folderSizeBody = z.object({ path: z.string().max(1024) });

/** One file found by a bucket search: its full name (the folders included). */
export interface StorageSearchHit {
  name: string;
  id: string;
  size: number | null;
  mimetype: string | null;
  updated_at: string;
}

export interface StorageFolderSize {
  path: string;
  /** The sum of the sizes of every file under the folder, at any depth. */
  bytes: number;
  files: number;
}
