// Uploads through the storage API (POST creates, PUT replaces): a raw body, or the multipart form the official
// client sends for Blobs. Rules are checked before the bytes are read where possible (type, announced size,
// existing name), and again by the byte counter while they stream to a temporary file.
import { Readable } from 'node:stream';
import { getBucket } from './buckets.ts';
import { duplicate } from './errors.ts';
import { boundaryOf, readMultipart } from './multipart.ts';
import { assertObjectName } from './names.ts';
import { commitObject, normaliseCacheControl, objectExists, type ObjectRow } from './objects.ts';
import type { StorageProject } from './project.ts';
import { baseMime, checkUpload, effectiveLimit } from './rules.ts';

export interface UploadRequest {
  bucketId: string;
  name: string;
  headers: Headers;
  /** The body as a Node stream (requestBody.ts: the Node request itself under the Node server). */
  body: Readable;
  upsert: boolean;
}

export async function uploadObject(project: StorageProject, request: UploadRequest): Promise<ObjectRow> {
  assertObjectName(request.name);
  const bucket = await getBucket(project, request.bucketId);
  const globalLimit = await project.globalLimit();
  const limit = effectiveLimit(bucket, globalLimit);
  const headerType = request.headers.get('content-type');
  const declared = Number(request.headers.get('content-length') ?? NaN);

  let source: Readable = request.body;
  let contentType = headerType ?? 'application/octet-stream';
  let cacheControl = request.headers.get('cache-control');
  const boundary = baseMime(headerType) === 'multipart/form-data' ? boundaryOf(headerType) : null;
  if (boundary) {
    const form = await readMultipart(request.body, boundary);
    source = form.file.stream;
    contentType = form.file.contentType ?? 'application/octet-stream';
    cacheControl = form.fields.cacheControl ?? cacheControl;
    // The form's own size is an upper bound of the file's: only the counter below can tell exactly.
    checkUpload(bucket, globalLimit, contentType, null);
  } else {
    checkUpload(bucket, globalLimit, contentType, Number.isFinite(declared) ? declared : null);
  }
  if (!request.upsert && (await objectExists(project, request.bucketId, request.name))) {
    // Refused before the bytes are read: the body is left to the server, which drains or drops it after the answer.
    if (source !== request.body) source.destroy();
    throw duplicate();
  }
  const temp = await project.storage.stage(project.ref, source, limit);
  try {
    return await commitObject(project, {
      bucketId: request.bucketId,
      name: request.name,
      staged: temp,
      size: temp.size,
      mimetype: baseMime(contentType) === '' ? 'application/octet-stream' : contentType.trim(),
      cacheControl: normaliseCacheControl(cacheControl),
      upsert: request.upsert,
    });
  } catch (error) {
    await project.storage.discard(temp);
    throw error;
  }
}
