// The console's storage calls under /api/platform (spec B7 storage, A7 temporary keys; issue 8): session and
// membership checked like every /api route; read_only members read, developers and up write.
import { Hono, type Context } from 'hono';
import {
  TEMPORARY_KEY_MAX_SECONDS,
  createBucketBody,
  deleteObjectsBody,
  deletePrefixBody,
  downloadObjectBody,
  listObjectsBody,
  moveObjectBody,
  signObjectBody,
  storageConfigBody,
  temporaryKeyQuery,
  updateBucketBody,
} from '../../src/api/schemas/storage.ts';
import { folderSizeBody, searchObjectsBody } from '../../src/api/schemas/storage-search.ts';
import type { MemberRole } from '../../src/api/schemas/platformFields.ts';
import { projectAccess, type ProjectRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpError, badRequest, errorResponse, forbidden } from '../http/errors.ts';
import { readBody, readQuery } from '../http/validate.ts';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.ts';
import { objectResponse } from './download.ts';
import { toStorageError } from './errors.ts';
import { listFolder } from './listing.ts';
import { assertObjectName } from './names.ts';
import { copyObject, deletePrefix, findObject, moveObject, removeObjects } from './objects.ts';
import { openStorageProject, type StorageProject } from './project.ts';
import { folderSize, searchObjects } from './search.ts';
import { globalFileSizeLimit, setGlobalFileSizeLimit } from './settings.ts';
import { absoluteSignedUrl, signObjectUrl, signTemporaryKey } from './signing.ts';

const WRITE_ROLE: MemberRole = 'developer';

async function member(c: Context<AppEnv>, least: MemberRole = 'read_only', action = 'manage storage'): Promise<ProjectRow> {
  return projectAccess(c.var.services.pool, c.req.param('ref') ?? '', c.var.user.sub, least, action);
}

async function storage(c: Context<AppEnv>, least: MemberRole = 'read_only'): Promise<StorageProject> {
  const project = await member(c, least);
  return openStorageProject(c.var.services, project.ref, project.id, project.status);
}

export function platformStorageRoutes(options: { publicHost: string }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => {
    if (error instanceof HttpError || error instanceof SyntaxError) return errorResponse(error, c);
    const err = toStorageError(error, `${c.req.method} ${c.req.path}`);
    return c.json({ message: err.message, error: err.error, statusCode: String(err.status) }, err.status);
  });

  // spec A7 / C9: a service_role key for the console's storage calls, valid at most 300 s.
  routes.post('/projects/:ref/api-keys/temporary', async (c) => {
    const project = await member(c);
    const query = readQuery(c, temporaryKeyQuery);
    let role: unknown = 'service_role';
    if (query.claims !== undefined) {
      try {
        role = (JSON.parse(query.claims) as { role?: unknown })?.role;
      } catch {
        throw badRequest('claims must be JSON like {"role":"service_role"}');
      }
    }
    if (role !== 'service_role') throw badRequest('claims.role must be service_role');
    if (project.role === 'read_only') throw forbidden('Read-only members cannot get a service_role key');
    const seconds = query.authorization_exp ?? TEMPORARY_KEY_MAX_SECONDS;
    return c.json({ api_key: await signTemporaryKey(c.var.services.pool, project.ref, 'service_role', seconds) });
  });

  routes.get('/projects/:ref/config/storage', async (c) => {
    const project = await member(c);
    return c.json({ fileSizeLimit: await globalFileSizeLimit(c.var.services.pool, project.id) });
  });

  routes.patch('/projects/:ref/config/storage', async (c) => {
    const project = await member(c, WRITE_ROLE, 'change storage settings');
    const body = await readBody(c, storageConfigBody);
    await setGlobalFileSizeLimit(c.var.services.pool, project.id, body.fileSizeLimit);
    return c.json({ fileSizeLimit: body.fileSizeLimit });
  });

  // spec B1: S3 and Iceberg endpoints on the project's own protocol and endpoint (locally a path prefix).
  routes.get('/projects/:ref/storage/endpoints', async (c) => {
    const project = await member(c);
    const base = `http://${options.publicHost}/p/${project.ref}/storage/v1`;
    return c.json({ s3: `${base}/s3`, iceberg: `${base}/iceberg` });
  });

  const bucketPath = '/storage/:ref/buckets/:id';
  const bucketId = (c: Context<AppEnv>) => c.req.param('id') ?? '';

  routes.get('/storage/:ref/buckets', async (c) => c.json(await listBuckets(await storage(c))));

  routes.post('/storage/:ref/buckets', async (c) => {
    const project = await storage(c, WRITE_ROLE);
    const body = await readBody(c, createBucketBody);
    await createBucket(project, body);
    return c.json(await getBucket(project, body.id), 201);
  });

  routes.patch(bucketPath, async (c) => {
    const project = await storage(c, WRITE_ROLE);
    await updateBucket(project, bucketId(c), await readBody(c, updateBucketBody));
    return c.json(await getBucket(project, bucketId(c)));
  });

  routes.delete(bucketPath, async (c) => {
    const project = await storage(c, WRITE_ROLE);
    await deleteBucket(project, bucketId(c));
    return c.json({ message: 'Successfully deleted' });
  });

  routes.post(`${bucketPath}/empty`, async (c) => {
    const project = await storage(c, WRITE_ROLE);
    await emptyBucket(project, bucketId(c));
    return c.json({ message: 'Successfully emptied' });
  });

  routes.post(`${bucketPath}/objects/list`, async (c) => {
    const project = await storage(c);
    const body = await readBody(c, listObjectsBody);
    await getBucket(project, bucketId(c));
    return c.json(await listFolder(project, bucketId(c), body.path ?? '', body.options ?? {}));
  });

  // issue 14: a search across the whole bucket, and a folder's size (read_only members may read both).
  routes.post(`${bucketPath}/objects/search`, async (c) => {
    const project = await storage(c);
    const body = await readBody(c, searchObjectsBody);
    await getBucket(project, bucketId(c));
    return c.json(await searchObjects(project, bucketId(c), body.query, body.limit));
  });

  routes.post(`${bucketPath}/objects/folder-size`, async (c) => {
    const project = await storage(c);
    const body = await readBody(c, folderSizeBody);
    await getBucket(project, bucketId(c));
    return c.json(await folderSize(project, bucketId(c), body.path));
  });

  routes.post(`${bucketPath}/objects/move`, async (c) => {
    const project = await storage(c, WRITE_ROLE);
    const body = await readBody(c, moveObjectBody);
    await getBucket(project, bucketId(c));
    await moveObject(project, bucketId(c), body.from, body.to);
    return c.json({ message: 'Successfully moved' });
  });

  routes.post(`${bucketPath}/objects/copy`, async (c) => {
    const project = await storage(c, WRITE_ROLE);
    const body = await readBody(c, moveObjectBody);
    await getBucket(project, bucketId(c));
    await copyObject(project, bucketId(c), body.from, body.to);
    return c.json({ message: 'Successfully copied' });
  });

  routes.delete(`${bucketPath}/objects`, async (c) => {
    const project = await storage(c, WRITE_ROLE);
    const body = await readBody(c, deleteObjectsBody);
    await getBucket(project, bucketId(c));
    return c.json(await removeObjects(project, bucketId(c), body.paths));
  });

  routes.post(`${bucketPath}/objects/delete-prefix`, async (c) => {
    const project = await storage(c, WRITE_ROLE);
    const body = await readBody(c, deletePrefixBody);
    await getBucket(project, bucketId(c));
    return c.json({ deleted: await deletePrefix(project, bucketId(c), body.prefix) });
  });

  routes.post(`${bucketPath}/objects/download`, async (c) => {
    const project = await storage(c);
    const body = await readBody(c, downloadObjectBody);
    return objectResponse(project, bucketId(c), assertObjectName(body.path), { method: 'GET', headers: new Headers() });
  });

  routes.post(`${bucketPath}/objects/sign`, async (c) => {
    const project = await storage(c);
    const body = await readBody(c, signObjectBody);
    await findObject(project, bucketId(c), assertObjectName(body.path));
    const token = await signObjectUrl(c.var.services.pool, project.ref, bucketId(c), body.path, body.expiresIn);
    return c.json({ signedUrl: absoluteSignedUrl(options.publicHost, project.ref, bucketId(c), body.path, token) });
  });

  return routes;
}
