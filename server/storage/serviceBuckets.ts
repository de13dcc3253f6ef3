// /p/{ref}/storage/v1/bucket…: the bucket calls of the official storage client (StorageBucketApi).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { createBucketBody, updateBucketBody } from '../../src/api/schemas/storage.ts';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.ts';
import { requireServiceRole, storageCaller } from './keyAccess.ts';
import { handle, jsonBody, type ServiceDeps } from './serviceKit.ts';

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  search: z.string().max(256).optional(),
  sortColumn: z.string().optional(),
  sortOrder: z.string().optional(),
});

export function storageBucketRoutes(deps: ServiceDeps): Hono {
  const routes = new Hono();
  const base = '/p/:ref/storage/v1/bucket';
  const caller = async (c: Context, services: Services) => {
    const who = await storageCaller(services, c.req.param('ref') ?? '', c.req.raw.headers);
    requireServiceRole(who);
    return who.project;
  };

  routes.get(base, handle(deps, async (c, services) => {
    const project = await caller(c, services);
    const query = listQuery.safeParse(c.req.query());
    return c.json(await listBuckets(project, query.success ? query.data : {}));
  }));

  routes.get(`${base}/:id`, handle(deps, async (c, services) => {
    const project = await caller(c, services);
    return c.json(await getBucket(project, c.req.param('id') ?? ''));
  }));

  routes.post(base, handle(deps, async (c, services) => {
    const project = await caller(c, services);
    const body = await jsonBody(c, createBucketBody);
    return c.json(await createBucket(project, body));
  }));

  routes.put(`${base}/:id`, handle(deps, async (c, services) => {
    const project = await caller(c, services);
    const body = await jsonBody(c, updateBucketBody);
    await updateBucket(project, c.req.param('id') ?? '', body);
    return c.json({ message: 'Successfully updated' });
  }));

  routes.post(`${base}/:id/empty`, handle(deps, async (c, services) => {
    const project = await caller(c, services);
    await emptyBucket(project, c.req.param('id') ?? '');
    return c.json({ message: 'Successfully emptied' });
  }));

  routes.delete(`${base}/:id`, handle(deps, async (c, services) => {
    const project = await caller(c, services);
    await deleteBucket(project, c.req.param('id') ?? '');
    return c.json({ message: 'Successfully deleted' });
  }));

  return routes;
}
