// GET /files/{path}?token=…: downloads of backups and storage archives by signed, short-lived URL
// (server/lifecycle/fileUrls.ts). Outside /api: a browser navigation carries no bearer token, so the token in the
// URL is the only credential. Files are streamed from the storage backend (the local folder or S3, issue 23), never
// read into memory, with a single byte range when asked (206: resumed downloads of large dumps).
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { fileUrlKey, verifyFileToken } from '../lifecycle/fileUrls.ts';
import { USER_CONTENT_HEADERS } from '../http/userContent.ts';
import type { Services } from '../services.ts';
import { parseRange } from '../storage/download.ts';

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
    const stored = await services.storage.files.open(path);
    if (!stored) return c.json({ message: 'File not found' }, 404);
    const { size } = stored;
    const [, ref, , backupId, archive] = match;
    const filename = backupId ? `${ref}-backup-${backupId}.sql` : `${ref}-${archive}`;
    const headers = new Headers({
      'content-type': backupId ? 'application/sql; charset=utf-8' : 'application/zip',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
      'accept-ranges': 'bytes',
      // Dumps and archives hold user data: never rendered or sniffed in the console's origin (issue 13).
      ...USER_CONTENT_HEADERS,
    });
    const range = parseRange(c.req.header('range') ?? null, size);
    if (range === 'invalid') {
      headers.set('content-range', `bytes */${size}`);
      headers.set('content-type', 'application/json');
      return new Response(JSON.stringify({ message: 'The requested range is not satisfiable' }), { status: 416, headers });
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    headers.set('content-length', String(size === 0 ? 0 : end - start + 1));
    if (range) headers.set('content-range', `bytes ${start}-${end}/${size}`);
    const status = range ? 206 : 200;
    // HEAD (answered by this GET route) opens no stream: nothing would read it.
    if (size === 0 || c.req.method === 'HEAD') return new Response(null, { status, headers });
    const body = Readable.toWeb(await stored.stream(range ? { start, end } : undefined)) as unknown as ReadableStream;
    return new Response(body, { status, headers });
  });

  return routes;
}
