// The console's storage calls (spec B7 storage): buckets, folder listings, moves, deletes, downloads, signed URLs
// and the storage config, on the platform API (paths relative to `${origin}/api`). Folder creation writes the
// placeholder object through the project's own storage API with a temporary service_role key (spec B6, B7).
import ky from 'ky';
import { api } from './client.ts';
import { createTemporaryApiKey, fetchProjectApiUrl } from './uploads.ts';
import type { Bucket, SortBy, SortOrder, StorageObject } from '../domain/storage.ts';

const storage = (ref: string) => `platform/storage/${encodeURIComponent(ref)}/buckets`;
const bucketPath = (ref: string, bucketId: string) => `${storage(ref)}/${encodeURIComponent(bucketId)}`;

export interface BucketFields {
  public: boolean;
  allowed_mime_types: string[] | null;
  file_size_limit: number | null;
}
export interface CreateBucketFields extends BucketFields {
  id: string;
  type: string;
}

export const fetchBuckets = (ref: string) => api.get(storage(ref)).json<Bucket[]>();
export const createBucket = (ref: string, body: CreateBucketFields) => api.post(storage(ref), { json: body }).json<Bucket>();
export const updateBucket = (ref: string, bucketId: string, body: BucketFields) => api.patch(bucketPath(ref, bucketId), { json: body }).json<Bucket>();
export const deleteBucket = (ref: string, bucketId: string) => api.delete(bucketPath(ref, bucketId)).json<unknown>();
export const emptyBucket = (ref: string, bucketId: string) => api.post(`${bucketPath(ref, bucketId)}/empty`).json<unknown>();

export interface ListOptions {
  limit: number;
  offset: number;
  search?: string;
  sortBy: { column: SortBy; order: SortOrder };
}

/** spec B7: POST …/objects/list {path, options}; folders come back with a null id. */
export const listObjects = (ref: string, bucketId: string, path: string, options: ListOptions, signal?: AbortSignal) =>
  api.post(`${bucketPath(ref, bucketId)}/objects/list`, { json: { path, options }, signal }).json<StorageObject[]>();

export const moveObject = (ref: string, bucketId: string, from: string, to: string) =>
  api.post(`${bucketPath(ref, bucketId)}/objects/move`, { json: { from, to } }).json<unknown>();

export const copyObject = (ref: string, bucketId: string, from: string, to: string) =>
  api.post(`${bucketPath(ref, bucketId)}/objects/copy`, { json: { from, to } }).json<unknown>();

/** spec B7: DELETE …/objects {paths[]} (the platform takes at most 10000 at once). */
export const removeObjects = (ref: string, bucketId: string, paths: string[]) =>
  api.delete(`${bucketPath(ref, bucketId)}/objects`, { json: { paths } }).json<unknown>();

/** spec B4 folder delete: the empty folder through storage.delete_prefix (the platform's delete-prefix call). */
export const deletePrefix = (ref: string, bucketId: string, prefix: string) =>
  api.post(`${bucketPath(ref, bucketId)}/objects/delete-prefix`, { json: { prefix } }).json<{ deleted: number }>();

/** spec B7: POST …/objects/download {path} → the object's bytes as a Response (streamed). */
export const downloadObject = (ref: string, bucketId: string, path: string, signal?: AbortSignal) =>
  api.post(`${bucketPath(ref, bucketId)}/objects/download`, { json: { path }, signal, timeout: false });

export const signObject = (ref: string, bucketId: string, path: string, expiresIn: number) =>
  api.post(`${bucketPath(ref, bucketId)}/objects/sign`, { json: { path, expiresIn } }).json<{ signedUrl: string }>();

/** spec B3 Storage config. */
export const fetchStorageConfig = (ref: string) =>
  api.get(`platform/projects/${encodeURIComponent(ref)}/config/storage`).json<{ fileSizeLimit: number }>();
export const updateStorageConfig = (ref: string, fileSizeLimit: number) =>
  api.patch(`platform/projects/${encodeURIComponent(ref)}/config/storage`, { json: { fileSizeLimit } }).json<{ fileSizeLimit: number }>();

/** spec B1 endpoint helpers (S3 and Iceberg URLs). */
export const fetchStorageEndpoints = (ref: string) =>
  api.get(`platform/projects/${encodeURIComponent(ref)}/storage/endpoints`).json<{ s3: string; iceberg: string }>();

const objectUrl = (apiUrl: string, bucketId: string, path: string) =>
  `${apiUrl}/storage/v1/object/${encodeURIComponent(bucketId)}/${path.split('/').map(encodeURIComponent).join('/')}`;

/** spec B7: an empty object uploaded with the temporary key (folder creation uploads the placeholder). */
export async function uploadEmptyObject(ref: string, bucketId: string, path: string): Promise<void> {
  const [key, apiUrl] = await Promise.all([createTemporaryApiKey(ref), fetchProjectApiUrl(ref)]);
  await ky.post(objectUrl(apiUrl, bucketId, path), {
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream', 'x-source': 'strata-dashboard' },
    body: new Blob([]),
    retry: { limit: 0 },
  });
}

/** spec B7 storage (snippets): a public bucket's object URL, /storage/v1/object/public/{bucket}/{path}. */
export async function publicObjectUrl(ref: string, bucketId: string, path: string): Promise<string> {
  const apiUrl = await fetchProjectApiUrl(ref);
  return `${apiUrl}/storage/v1/object/public/${encodeURIComponent(bucketId)}/${path.split('/').map(encodeURIComponent).join('/')}`;
}
