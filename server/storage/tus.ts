// Resumable uploads (issue 8) at /p/{ref}/storage/v1/upload/resumable with @tus/server and the storage backend's
// store (backend.ts): a file store under {filesDir}/{ref}/uploads, or @tus/s3-store under {ref}/uploads/ in the
// bucket (issue 23: any platform process can take the next chunk). The upload's parts and their metadata are kept
// by the store, so an upload cut by a platform restart resumes from its last byte. Rules are checked when the upload is created (Upload-Length against the
// limits → 413, type → 415, existing name without x-upsert → 409, unknown bucket → 404), with a plain-text
// body the console shows as it is (spec B8 upload errors); on the last byte the file is renamed into place and
// the object row written.
import { randomBytes } from 'node:crypto';
import { Server, type ServerOptions } from '@tus/server';
import type { DataStore, Upload } from '@tus/utils';
import type { Services } from '../services.ts';
import { getBucket } from './buckets.ts';
import { toStorageError } from './errors.ts';
import { publicProject, requireServiceRole, storageCaller } from './keyAccess.ts';
import { assertObjectName } from './names.ts';
import { commitObject, normaliseCacheControl, objectExists } from './objects.ts';
import type { StorageProject } from './project.ts';
import { untouchedIncoming, webRequestBody } from './requestBody.ts';
import { checkUpload } from './rules.ts';

/**
 * Unfinished uploads untouched for a day are removed when the project's tus server starts in a process. (Not the
 * store's own expiration: with it, tus re-reads an upload after it finished, and ours has become an object.)
 */
const UPLOAD_EXPIRY_MS = 24 * 3600_000;

/** The project of the request being handled (set before the request is given to tus). */
const requestProject = new WeakMap<Request, StorageProject>();

/** A tus error: the status and a sentence for the console. */
function tusError(error: unknown): { status_code: number; body: string } {
  const err = toStorageError(error, 'resumable upload');
  return { status_code: err.status, body: err.message };
}

function projectOf(req: Request): StorageProject {
  const project = requestProject.get(req);
  if (!project) throw { status_code: 500, body: 'Internal server error' };
  return project;
}

async function onUploadCreate(req: Request, upload: Upload): Promise<{ metadata?: Upload['metadata'] }> {
  try {
    const project = projectOf(req);
    const meta = upload.metadata ?? {};
    if (upload.sizeIsDeferred || upload.size === undefined) {
      throw { status_code: 400, body: 'Upload-Length is required' };
    }
    if (!meta.bucketName) throw { status_code: 400, body: 'The bucketName metadata is required' };
    if (!meta.objectName) throw { status_code: 400, body: 'The objectName metadata is required' };
    const bucket = await getBucket(project, meta.bucketName);
    const name = assertObjectName(meta.objectName);
    const contentType = meta.contentType || 'application/octet-stream';
    checkUpload(bucket, await project.globalLimit(), contentType, upload.size);
    const upsert = req.headers.get('x-upsert') === 'true';
    if (!upsert && (await objectExists(project, bucket.id, name))) {
      throw { status_code: 409, body: 'The resource already exists' };
    }
    return { metadata: { ...meta, upsert: String(upsert) } };
  } catch (error) {
    if (error && typeof error === 'object' && 'status_code' in error) throw error;
    throw tusError(error);
  }
}

function onUploadFinish(store: DataStore) {
  return async (req: Request, upload: Upload) => {
    const project = projectOf(req);
    const meta = upload.metadata ?? {};
    const tus = project.storage.tus;
    const size = upload.size ?? upload.offset;
    try {
      await commitObject(project, {
        bucketId: meta.bucketName ?? '',
        name: meta.objectName ?? '',
        staged: tus.finished(project.ref, upload.id, size),
        size,
        mimetype: meta.contentType || 'application/octet-stream',
        cacheControl: normaliseCacheControl(meta.cacheControl),
        upsert: meta.upsert === 'true',
      });
    } catch (error) {
      // The upload cannot become an object (the name was taken meanwhile, the bucket went): it is dropped.
      await tus.forget(project.ref, upload.id, store).catch(() => {});
      throw tusError(error);
    }
    await tus.forget(project.ref, upload.id, store).catch(() => {});
    // A client may still ask about a finished upload (a zero-byte upload finishes in its creation request and
    // tus-js-client then sends an empty PATCH; a lost last response is retried with HEAD): remember its size.
    await tus.markDone(project.ref, tus.urlId(upload.id), size);
    return {};
  };
}

/** HEAD or empty PATCH of an upload that already became an object: answered as complete. */
async function finishedUploadResponse(project: StorageProject, request: Request): Promise<Response | null> {
  if (request.method !== 'HEAD' && request.method !== 'PATCH') return null;
  const id = new URL(request.url).pathname.split('/').pop() ?? '';
  if (!/^[0-9a-f]{16,64}$/.test(id)) return null;
  const size = await project.storage.tus.doneSize(project.ref, id);
  if (size === null) return null;
  const headers = { 'tus-resumable': '1.0.0', 'upload-offset': size, 'upload-length': size, 'cache-control': 'no-store', 'access-control-allow-origin': '*', 'access-control-expose-headers': 'Upload-Offset, Upload-Length, Tus-Resumable' };
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  const offset = request.headers.get('upload-offset');
  return offset === size ? new Response(null, { status: 204, headers }) : new Response('The upload is already complete', { status: 409, headers });
}

const servers = new WeakMap<object, Map<string, Server>>();

function tusServer(project: StorageProject): Server {
  let byRef = servers.get(project.storage);
  if (!byRef) servers.set(project.storage, (byRef = new Map()));
  let server = byRef.get(project.ref);
  if (!server) {
    const tus = project.storage.tus;
    const store = tus.datastore(project.ref);
    const path = `/p/${project.ref}/storage/v1/upload/resumable`;
    server = new Server({
      path,
      datastore: store,
      namingFunction: () => tus.storeId(project.ref, randomBytes(16).toString('hex')),
      generateUrl: (_req, { proto, host, id }) => `${proto}://${host}${path}/${tus.urlId(id)}`,
      getFileIdFromRequest: (req) => {
        const last = new URL(req.url).pathname.split('/').pop() ?? '';
        return /^[0-9a-f]{16,64}$/.test(last) ? tus.storeId(project.ref, last) : undefined;
      },
      allowedHeaders: ['apikey', 'x-upsert', 'x-source', 'x-client-info'],
      respectForwardedHeaders: true,
      onUploadCreate: onUploadCreate as ServerOptions['onUploadCreate'],
      onUploadFinish: onUploadFinish(store) as ServerOptions['onUploadFinish'],
    });
    byRef.set(project.ref, server);
    // Parts of uploads abandoned more than a day ago.
    void tus.removeStale(project.ref, UPLOAD_EXPIRY_MS).catch(() => {});
  }
  return server;
}

/**
 * A PATCH's body read from the Node request behind it (one web stream over it instead of the Node adapter's two,
 * requestBody.ts); other requests as they came.
 */
function withDirectBody(request: Request, env: unknown): Request {
  if (request.method !== 'PATCH' || !untouchedIncoming(env)) return request;
  return new Request(request.url, { method: 'PATCH', headers: request.headers, body: webRequestBody(request, env), duplex: 'half' } as RequestInit);
}

/** Handles a tus request for project `ref`: CORS preflight as it is, everything else with a service_role key. */
export async function handleResumable(services: Services, ref: string, incomingRequest: Request, env?: unknown): Promise<Response> {
  const request = withDirectBody(incomingRequest, env);
  if (request.method === 'OPTIONS') {
    return tusServer(await publicProject(services, ref)).handleWeb(request);
  }
  const caller = await storageCaller(services, ref, request.headers);
  requireServiceRole(caller);
  requestProject.set(request, caller.project);
  const server = tusServer(caller.project);
  return (await finishedUploadResponse(caller.project, request)) ?? server.handleWeb(request);
}
