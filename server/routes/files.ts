// GET /files/{path}?token=…: downloads of backups and storage archives by signed, short-lived URL
// (server/lifecycle/fileUrls.ts). Outside /api: a browser navigation carries no bearer token, so the token in the
// URL is the only credential. Files are streamed from disk, never read into memory.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { fileUrlKey, verifyFileToken } from '../lifecycle/fileUrls.ts';
import { USER_CONTENT_HEADERS } from '../http/userContent.ts';
import type { Services } from '../services.ts';

// Only these files are ever served: a project's backups and archives (the ref pattern keeps `..` out).
const SERVED = /^([a-z]{20}|default)\/(backups\/(\d+)\.sql|archives\/(storage-\d+\.zip))$/;

export function fileRoutes(deps: { services: () => Promise<Services> }): Hono {
  const routes = new Hono();

  routes.get('/files/*', async (c) => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path.slice('/files/'.length));
    } catch {
      return c.json({ message: 'File not found' }, 404);
    }
    const match = SERVED.exec(path);
    if (!match) return c.json({ message: 'File not found' }, 404);
    let services: Services;
    try {
      services = await deps.services();
    } catch {
      return c.json({ message: 'The platform database is not available' }, 503);
    }
    const token = c.req.query('token') ?? '';
    if (!verifyFileToken(await fileUrlKey(services.pool), path, token)) {
      return c.json({ message: 'This download link is not valid or has expired: request a new one' }, 403);
    }
    const file = join(services.filesDir, path);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch {
      return c.json({ message: 'File not found' }, 404);
    }
    const [, ref, , backupId, archive] = match;
    const filename = backupId ? `${ref}-backup-${backupId}.sql` : `${ref}-${archive}`;
    const body = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream;
    return new Response(body, {
      headers: {
        'content-type': backupId ? 'application/sql; charset=utf-8' : 'application/zip',
        'content-length': String(size),
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
        // Dumps and archives hold user data: never rendered or sniffed in the console's origin (issue 13).
        ...USER_CONTENT_HEADERS,
      },
    });
  });

  return routes;
}
