// Effects of the storage explorer's preview pane, bucket search and folder size (issue 14), run by the views as
// tasks (DESIGN §2: views never call the platform themselves). The bytes come from the project's storage URLs
// (public, or signed for a private bucket), which the platform serves through server/http/userContent.ts.
import { api } from '../api/client.ts';
import { publicObjectUrl, signObject } from '../api/storage.ts';
import { taskWith } from '../../machines/task.machine.ts';
import type { StorageFolderSize, StorageSearchHit } from '../api/schemas/storage-search.ts';
import { TEXT_PREVIEW_BYTES, textPreview } from '../domain/storage-preview.ts';

const bucketPath = (ref: string, bucketId: string) => `platform/storage/${encodeURIComponent(ref)}/buckets/${encodeURIComponent(bucketId)}`;

/** A private file's preview URL lives ten minutes: long enough to watch a video, short if it is copied. */
export const PREVIEW_URL_SECONDS = 600;

export const searchBucket = (ref: string, bucketId: string, query: string) =>
  api.post(`${bucketPath(ref, bucketId)}/objects/search`, { json: { query, limit: 100 } }).json<StorageSearchHit[]>();

export const fetchFolderSize = (ref: string, bucketId: string, path: string) =>
  api.post(`${bucketPath(ref, bucketId)}/objects/folder-size`, { json: { path } }).json<StorageFolderSize>();

/** The URL the pane loads and offers to copy: the public one in a public bucket, else a short signed one. */
export async function previewUrl(ref: string, bucketId: string, path: string, isPublic: boolean): Promise<string> {
  if (isPublic) return publicObjectUrl(ref, bucketId, path);
  return (await signObject(ref, bucketId, path, PREVIEW_URL_SECONDS)).signedUrl;
}

/** The first bytes of a text file (a Range request; a server that ignores it is cut here). */
export async function fetchTextPreview(url: string, size: number | null): Promise<{ text: string; truncated: boolean }> {
  const response = await fetch(url, { headers: { range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` } });
  if (!response.ok) throw new Error(`The file could not be read (HTTP ${response.status})`);
  return textPreview(new Uint8Array(await response.arrayBuffer()), size);
}

export const searchBucketTask = taskWith(({ ref, bucketId, query }: { ref: string; bucketId: string; query: string }) => searchBucket(ref, bucketId, query));
export const folderSizeTask = taskWith(({ ref, bucketId, path }: { ref: string; bucketId: string; path: string }) => fetchFolderSize(ref, bucketId, path));
export const previewUrlTask = taskWith(({ ref, bucketId, path, isPublic }: { ref: string; bucketId: string; path: string; isPublic: boolean }) =>
  previewUrl(ref, bucketId, path, isPublic),
);
export const textPreviewTask = taskWith(({ url, size }: { url: string; size: number | null }) => fetchTextPreview(url, size));
