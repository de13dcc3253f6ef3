// Keep-alive timing of every HTTP server the platform runs (production and tests alike).
//
// Node closes an idle keep-alive connection after 5 s by default. A client that picks that connection for its next
// request at the moment the server closes it gets 'other side closed' on a POST it cannot safely retry — seen in CI,
// where client and server share a busy event loop. Load balancers reuse connections for up to 60 s, so the platform
// keeps them longer than that; headersTimeout must exceed keepAliveTimeout (Node's rule).
import type { Server } from 'node:http';

export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function applyKeepAlive<T>(server: T): T {
  const http = server as unknown as Server;
  http.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  http.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
