// Real effects of the storage forms (spec B2.4 create / edit / delete a bucket, B3 storage config, B3 signed and
// public URLs). The views run them as tasks (machines/task.machine.ts, through src/views/shared/useTask.ts): the
// `*Task` machines below; views never call src/api themselves (DESIGN §2, §3).
import { createBucket, deleteBucket, emptyBucket, publicObjectUrl, signObject, updateBucket, updateStorageConfig, type BucketFields } from '../api/storage.ts';
import { taskWith } from '../../machines/task.machine.ts';
import { BUCKET_TYPE_API, SIGNED_URL_EXPIRY, type BucketType, type SignedUrlExpiry } from '../domain/storage.ts';

export interface BucketRequest {
  id: string;
  type: BucketType;
  fields: BucketFields;
}

/** Creates the bucket, or saves the fields of an existing one (`editing`: its type cannot change). */
export async function saveBucket(projectRef: string, editing: boolean, request: BucketRequest): Promise<void> {
  if (editing) await updateBucket(projectRef, request.id, request.fields);
  else await createBucket(projectRef, { id: request.id, type: BUCKET_TYPE_API[request.type], ...request.fields });
}

/** Deletes a bucket with everything in it: the platform refuses to delete a bucket that still holds objects. */
export async function deleteBucketAndObjects(projectRef: string, bucketId: string): Promise<void> {
  await emptyBucket(projectRef, bucketId);
  await deleteBucket(projectRef, bucketId);
}

export type ObjectUrlRequest = { kind: 'signedUrl'; path: string; expiry: SignedUrlExpiry } | { kind: 'publicUrl'; path: string };

/** The URL of an object: signed for the chosen expiry, or the public one (public buckets). */
export async function objectUrl(projectRef: string, bucketId: string, request: ObjectUrlRequest): Promise<string> {
  if (request.kind === 'signedUrl') return (await signObject(projectRef, bucketId, request.path, SIGNED_URL_EXPIRY[request.expiry])).signedUrl;
  return publicObjectUrl(projectRef, bucketId, request.path);
}

/** Saves the project's upload limit (spec B3 Storage config), in bytes. */
export async function saveFileSizeLimit(projectRef: string, bytes: number): Promise<void> {
  await updateStorageConfig(projectRef, bytes);
}

// The tasks: everything an effect needs comes with its input, so one machine serves every bucket and project.

/** Create / edit a bucket; done with the bucket's id. */
export const saveBucketTask = taskWith(async ({ projectRef, editing, request }: { projectRef: string; editing: boolean; request: BucketRequest }) => {
  await saveBucket(projectRef, editing, request);
  return request.id;
});
export const deleteBucketTask = taskWith(({ projectRef, bucketId }: { projectRef: string; bucketId: string }) => deleteBucketAndObjects(projectRef, bucketId));
export const objectUrlTask = taskWith(({ projectRef, bucketId, request }: { projectRef: string; bucketId: string; request: ObjectUrlRequest }) =>
  objectUrl(projectRef, bucketId, request),
);
export const fileSizeLimitTask = taskWith(({ projectRef, bytes }: { projectRef: string; bytes: number }) => saveFileSizeLimit(projectRef, bytes));
