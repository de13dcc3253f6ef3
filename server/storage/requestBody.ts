// Upload bodies without web streams in between (issue 15, upload speed). Under @hono/node-server a request's
// `body` is a web ReadableStream made from the Node request (Readable.toWeb, wrapped once more by the adapter),
// which the upload code turned back into a Node stream: every chunk — Chromium sends request bodies 16 KB at
// a time — then went through three promise-based queues. Reading the Node request itself (the adapter hands it
// to handlers as `c.env.incoming`) skips them; requests that did not come through Node's HTTP server (tests
// calling app.request) keep their web body.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/** Writes of uploads to disk: chunks that arrive while one write runs go in one writev of up to this size. */
export const UPLOAD_WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/** The Node request behind a Hono context, when its body has not been touched yet. */
export function untouchedIncoming(env: unknown): IncomingMessage | null {
  const incoming = (env as { incoming?: unknown } | undefined)?.incoming;
  if (!(incoming instanceof Readable)) return null;
  const state = incoming as IncomingMessage;
  return state.readableDidRead || state.readableEnded || state.destroyed ? null : state;
}

/** The request body as a Node stream: the Node request itself when there is one, else the web body converted. */
export function nodeRequestBody(request: Request, env: unknown): Readable {
  const incoming = untouchedIncoming(env);
  if (incoming) return incoming;
  return request.body ? Readable.fromWeb(request.body as import('node:stream/web').ReadableStream) : Readable.from([]);
}

/** A web stream over the Node request (one queue, no adapter), for libraries that take a web Request (tus). */
export function webRequestBody(request: Request, env: unknown): ReadableStream<Uint8Array> | null {
  const incoming = untouchedIncoming(env);
  if (!incoming) return request.body;
  return Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>;
}
