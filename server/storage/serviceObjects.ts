// /p/{ref}/storage/v1/object…: the object calls of the official storage client (StorageFileApi): upload,
// update, list, move, copy, remove, download (authenticated, public, signed), info, signed URLs.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { SORT_COLUMNS } from '../../src/api/schemas/storage.ts';
import type { Services } from '../services.ts';
import { getBucket } from './buckets.ts';
import { objectResponse } from './download.ts';
import { StorageError, objectNotFound, unlessMissing } from './errors.ts';
import { publicProject, requireServiceRole, storageCaller, type StorageCaller } from './keyAccess.ts';
import { listFolder } from './listing.ts';
import { assertObjectName } from './names.ts';
import { copyObject, findObject, moveObject, removeObjects } from './objects.ts';
import { bucketAndName, handle, jsonBody, type ServiceDeps } from './serviceKit.ts';
import { signObjectUrl, signedPath, verifyObjectUrl } from './signing.ts';
import { nodeRequestBody } from './requestBody.ts';
import { uploadObject } from './upload.ts';

const listBody = z.object({
  prefix: z.string().max(1024).optional(),
  limit: z.number().int().min(1).max(10_000).optional(),
  offset: z.number().int().min(0).optional(),
  search: z.string().max(1024).optional(),
  sortBy: z.object({ column: z.enum(SORT_COLUMNS).optional(), order: z.string().optional() }).optional(),
});
const moveBody = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
});
const removeBody = z.object({ prefixes: z.array(z.string()).min(1).max(10_000) });
const EXPIRES = z.number().int().min(1).max(10 * 365 * 24 * 3600);
const signBody = z.object({ expiresIn: EXPIRES });
const signManyBody = z.object({ expiresIn: EXPIRES, paths: z.array(z.string()).min(1).max(1000) });

const ROOT = '/p/:ref/storage/v1/object';

export function storageObjectRoutes(deps: ServiceDeps): Hono {
  const routes = new Hono();
  const caller = (c: Context, services: Services): Promise<StorageCaller> =>
    storageCaller(services, c.req.param('ref') ?? '', c.req.raw.headers);
  const serviceProject = async (c: Context, services: Services) => {
    const who = await caller(c, services);
    requireServiceRole(who);
    return who.project;
  };

  routes.post(`${ROOT}/list/:bucket`, handle(deps, async (c, services) => {
    const project = await serviceProject(c, services);
    const bucketId = c.req.param('bucket') ?? '';
    const body = await jsonBody(c, listBody);
    await getBucket(project, bucketId);
    return c.json(await listFolder(project, bucketId, body.prefix ?? '', body));
  }));

  routes.post(`${ROOT}/move`, handle(deps, async (c, services) => {
    const project = await serviceProject(c, services);
    const body = await jsonBody(c, moveBody);
    await getBucket(project, body.bucketId);
    await moveObject(project, body.bucketId, body.sourceKey, body.destinationKey, body.destinationBucket ?? body.bucketId);
    return c.json({ message: 'Successfully moved' });
  }));

  routes.post(`${ROOT}/copy`, handle(deps, async (c, services) => {
    const project = await serviceProject(c, services);
    const body = await jsonBody(c, moveBody);
    await getBucket(project, body.bucketId);
    const toBucket = body.destinationBucket ?? body.bucketId;
    const row = await copyObject(project, body.bucketId, body.sourceKey, body.destinationKey, {
      toBucket,
      upsert: c.req.header('x-upsert') === 'true',
    });
    return c.json({ Id: row.id, Key: `${toBucket}/${body.destinationKey}` });
  }));

  // Several signed URLs at once: POST /object/sign/{bucket} {expiresIn, paths}.
  routes.post(`${ROOT}/sign/:bucket`, handle(deps, async (c, services) => {
    const project = await serviceProject(c, services);
    const bucketId = c.req.param('bucket') ?? '';
    const body = await jsonBody(c, signManyBody);
    await getBucket(project, bucketId);
    const out = [];
    for (const path of body.paths) {
      try {
        await findObject(project, bucketId, assertObjectName(path));
        const token = await signObjectUrl(services.pool, project.ref, bucketId, path, body.expiresIn);
        out.push({ error: null, path, signedURL: signedPath(bucketId, path, token) });
      } catch (error) {
        // A missing object or a bad name is this entry's error; a database that cannot be reached fails the request.
        if (!(error instanceof StorageError) || error.status >= 500) throw error;
        out.push({ error: 'Either the object does not exist or you do not have access to it', path, signedURL: null });
      }
    }
    return c.json(out);
  }));

  routes.post(`${ROOT}/sign/*`, handle(deps, async (c, services) => {
    const project = await serviceProject(c, services);
    const { bucketId, name } = bucketAndName(c, '/object/sign/');
    const body = await jsonBody(c, signBody);
    await getBucket(project, bucketId);
    await findObject(project, bucketId, assertObjectName(name));
    const token = await signObjectUrl(services.pool, project.ref, bucketId, name, body.expiresIn);
    return c.json({ signedURL: signedPath(bucketId, name, token) });
  }));

  // Signed and public downloads need no key: the token, or the bucket's public flag, is the permission.
  routes.get(`${ROOT}/sign/*`, handle(deps, async (c, services) => {
    const { bucketId, name } = bucketAndName(c, '/object/sign/');
    const project = await publicProject(services, c.req.param('ref') ?? '');
    await verifyObjectUrl(services.pool, project.ref, bucketId, assertObjectName(name), c.req.query('token') ?? '');
    return objectResponse(project, bucketId, name, { method: 'GET', headers: c.req.raw.headers, download: c.req.query('download') });
  }));

  const publicDownload = handle(deps, async (c, services) => {
    const { bucketId, name } = bucketAndName(c, '/object/public/');
    const project = await publicProject(services, c.req.param('ref') ?? '');
    const bucket = await unlessMissing(getBucket(project, bucketId));
    // A private bucket answers like a missing object: its existence is not revealed.
    if (!bucket?.public) throw objectNotFound();
    return objectResponse(project, bucketId, assertObjectName(name), { method: c.req.method, headers: c.req.raw.headers, download: c.req.query('download') });
  });
  routes.get(`${ROOT}/public/*`, publicDownload);
  routes.on('HEAD', `${ROOT}/public/*`, publicDownload);

  routes.get(`${ROOT}/info/*`, handle(deps, async (c, services) => {
    const project = await serviceProject(c, services);
    const marker = c.req.path.includes('/object/info/authenticated/') ? '/object/info/authenticated/' : c.req.path.includes('/object/info/public/') ? '/object/info/public/' : '/object/info/';
    const { bucketId, name } = bucketAndName(c, marker);
    const row = await findObject(project, bucketId, assertObjectName(name));
    return c.json({
      id: row.id,
      version: null,
      name: row.name,
      bucket_id: row.bucket_id,
      updated_at: row.updated_at,
      created_at: row.created_at,
      last_accessed_at: row.last_accessed_at,
      size: row.metadata?.size ?? null,
      cache_control: row.metadata?.cacheControl ?? null,
      content_type: row.metadata?.mimetype ?? null,
      etag: row.metadata?.eTag ?? null,
      last_modified: row.metadata?.lastModified ?? null,
      metadata: {},
    });
  }));

  /** Authenticated download: service_role, or any key of the project for a public bucket. */
  const download = (marker: string) =>
    handle(deps, async (c, services) => {
      const who = await caller(c, services);
      const { bucketId, name } = bucketAndName(c, marker);
      if (who.role !== 'service_role') {
        const bucket = await unlessMissing(getBucket(who.project, bucketId));
        if (!bucket?.public) throw objectNotFound();
      }
      return objectResponse(who.project, bucketId, assertObjectName(name), { method: c.req.method, headers: c.req.raw.headers, download: c.req.query('download') });
    });
  routes.get(`${ROOT}/authenticated/*`, download('/object/authenticated/'));
  routes.get(`${ROOT}/*`, download('/object/'));
  routes.on('HEAD', `${ROOT}/*`, download('/object/'));

  const upload = (upsertByDefault: boolean) =>
    handle(deps, async (c, services) => {
      const project = await serviceProject(c, services);
      const { bucketId, name } = bucketAndName(c, '/object/');
      if (!name) throw new StorageError(400, 'InvalidKey', 'Invalid key: the object name is missing');
      const upsertHeader = c.req.header('x-upsert');
      const row = await uploadObject(project, {
        bucketId,
        name,
        headers: c.req.raw.headers,
        body: nodeRequestBody(c.req.raw, c.env),
        upsert: upsertHeader === undefined ? upsertByDefault : upsertHeader === 'true',
      });
      return c.json({ Id: row.id, Key: `${bucketId}/${name}` });
    });
  routes.post(`${ROOT}/*`, upload(false));
  routes.put(`${ROOT}/*`, upload(true));

  routes.delete(`${ROOT}/:bucket`, handle(deps, async (c, services) => {
    const project = await serviceProject(c, services);
    const bucketId = c.req.param('bucket') ?? '';
    const body = await jsonBody(c, removeBody);
    await getBucket(project, bucketId);
    return c.json(await removeObjects(project, bucketId, body.prefixes));
  }));

  routes.delete(`${ROOT}/*`, handle(deps, async (c, services) => {
    const project = await serviceProject(c, services);
    const { bucketId, name } = bucketAndName(c, '/object/');
    await getBucket(project, bucketId);
    const removed = await removeObjects(project, bucketId, [assertObjectName(name)]);
    if (removed.length === 0) throw objectNotFound();
    return c.json({ message: 'Successfully deleted' });
  }));

  return routes;
}
