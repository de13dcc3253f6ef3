// Object bytes as an HTTP response, streamed from the storage backend (disk or S3), with a single byte range when asked (206).
// parseRange serves the backup and archive downloads too (server/routes/files.ts).
import { Readable } from 'node:stream';
import { setUserContentHeaders } from '../http/userContent.ts';
import { StorageError, objectNotFound } from './errors.ts';
import { findObject, touchObject, type ObjectRow } from './objects.ts';
import type { StorageProject } from './project.ts';

export function parseRange(header: string | null, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null; // several ranges or another unit: whole body
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

export async function objectResponse(
  project: StorageProject,
  bucketId: string,
  name: string,
  request: { method: string; headers: Headers; download?: string | null | undefined },
): Promise<Response> {
  const row: ObjectRow = await findObject(project, bucketId, name);
  const stored = await project.storage.open(project.ref, bucketId, name);
  if (!stored) throw objectNotFound();
  const size = stored.size;
  const headers = new Headers({
    'cache-control': row.metadata?.cacheControl ?? 'max-age=3600',
    'accept-ranges': 'bytes',
    'last-modified': new Date(row.updated_at).toUTCString(),
  });
  if (row.metadata?.eTag) headers.set('etag', row.metadata.eTag);
  // Uploaded bytes are untrusted and served from the console's origin: sandboxed, never sniffed, and saved rather
  // than rendered unless the type is passive (issue 13 finding 1; ?download always saves).
  setUserContentHeaders(headers, { storedType: row.metadata?.mimetype, fileName: name.split('/').pop()!, download: request.download });
  const range = parseRange(request.headers.get('range'), size);
  if (range === 'invalid') {
    headers.set('content-range', `bytes */${size}`);
    throw Object.assign(new StorageError(416, 'InvalidRange', 'The requested range is not satisfiable'), { headers });
  }
  await touchObject(project, row.id).catch(() => {});
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  headers.set('content-length', String(size === 0 ? 0 : end - start + 1));
  if (range) headers.set('content-range', `bytes ${start}-${end}/${size}`);
  const status = range ? 206 : 200;
  if (request.method === 'HEAD' || size === 0) return new Response(null, { status, headers });
  const body = Readable.toWeb(await stored.stream(range ? { start, end } : undefined)) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}
