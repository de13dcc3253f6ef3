// Reads what is left of a small request body after the response is made (issue 16's CI failure).
//
// A route that answers before reading the body (a 401, 403, 413 or 429 decided from the headers) leaves it to the
// Node adapter, which drains it on a 500 ms timer and destroys the keep-alive connection when the timer wins — a
// body arriving late, or an event loop running late under load. The client's next request on that connection then
// fails with 'other side closed'. Small bodies are read here instead, so the connection stays usable; large ones
// (uploads refused early) are still left to the adapter, which closes the connection rather than read them.
import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';

export const READ_UNUSED_BODY_MAX_BYTES = 1024 * 1024;

export const readUnusedBody: MiddlewareHandler = async (c, next) => {
  await next();
  // The length first: `raw.body` makes the Node adapter build a whole web Request (about 8 % of a Data API read's
  // CPU under load, bench/data-api.ts), needless for the bodiless GETs that are most requests.
  const length = Number(c.req.header('content-length'));
  if (!Number.isFinite(length) || length <= 0 || length > READ_UNUSED_BODY_MAX_BYTES) return;
  const raw = c.req.raw;
  if (!raw.body || raw.bodyUsed) return;
  // A route that read the Node request itself (uploads) has consumed it without touching the web Request.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && (incoming.readableEnded || incoming.destroyed)) return;
  await raw.arrayBuffer().catch(() => undefined);
};
