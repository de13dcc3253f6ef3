// The one line server/app.ts needs: `app.use('*', attachRequestLog(app, deps.services))`. The log is kept per app so
// tests can flush it (requestLogOf).
import type { MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { createRequestLog, type RequestLog } from './requestLog.ts';

const logs = new WeakMap<object, RequestLog>();

export function attachRequestLog(app: object, services: () => Promise<{ pool: pg.Pool }>): MiddlewareHandler {
  const log = createRequestLog(services);
  logs.set(app, log);
  return log.middleware;
}

export function requestLogOf(app: object): RequestLog | undefined {
  return logs.get(app);
}
