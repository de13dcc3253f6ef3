// The storage service of each project's API URL (issue 8): /p/{ref}/storage/v1/*, compatible with the official
// storage client given that URL and the project's service_role key, plus resumable uploads (tus).
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { toStorageError } from './errors.ts';
import { storageBucketRoutes } from './serviceBuckets.ts';
import { storageObjectRoutes } from './serviceObjects.ts';
import type { ServiceDeps } from './serviceKit.ts';
import { handleResumable } from './tus.ts';

export function storageServiceRoutes(deps: ServiceDeps): Hono {
  const routes = new Hono();
  const resumable = async (c: { req: { param(name: string): string | undefined; raw: Request }; env: unknown }) => {
    try {
      return await handleResumable(await deps.services(), c.req.param('ref') ?? '', c.req.raw, c.env);
    } catch (error) {
      // tus clients show the body text: a sentence, not JSON.
      const err = toStorageError(error, 'resumable upload');
      return new Response(err.message, {
        status: err.status,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'tus-resumable': '1.0.0', 'access-control-allow-origin': '*' },
      });
    }
  };
  routes.all('/p/:ref/storage/v1/upload/resumable', resumable);
  routes.all('/p/:ref/storage/v1/upload/resumable/*', resumable);
  // Keys travel in headers, never cookies, so any origin may call (the console in development runs on another
  // port than the project's API URL), as hosted storage allows.
  routes.use(
    '/p/:ref/storage/v1/*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: ['apikey', 'authorization', 'content-type', 'x-upsert', 'x-client-info', 'x-source', 'cache-control', 'x-metadata', 'range'],
      exposeHeaders: ['content-range', 'content-length', 'content-disposition', 'etag', 'last-modified'],
      maxAge: 3600,
    }),
  );
  routes.route('/', storageBucketRoutes(deps));
  routes.route('/', storageObjectRoutes(deps));
  routes.all('/p/:ref/storage/v1/*', (c) =>
    c.json({ statusCode: '404', error: 'not_found', message: `No storage route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404),
  );
  return routes;
}
