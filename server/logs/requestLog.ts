// The platform's request log (issue 19): one row per request that belongs to a project — method, path (redacted),
// status, duration, response size and the role the caller acted as — written asynchronously in batches, so a
// request never waits for its log line. The role of a project API key is resolved after the response, from the
// key kept only in memory until the batch is written; the key itself is never stored.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { jwtVerify } from 'jose';
import type pg from 'pg';
import { presentedKey, verifyProjectKey } from '../project-api/keys.ts';
import { LOG_BATCH_SIZE, LOG_FLUSH_INTERVAL_MS, LOG_QUEUE_MAX } from './limits.ts';
import { loggablePath, projectOfPath } from './redact.ts';

export type LogRole = 'anon' | 'authenticated' | 'service_role' | 'console user' | 'none';

interface PendingEntry {
  projectRef: string;
  at: Date;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  responseBytes: number | null;
  service: 'api' | 'storage' | 'auth';
  /** Resolves the caller's role from what the request presented (the closure holds the key until then). */
  role: (pool: pg.Pool) => Promise<LogRole>;
  /**
   * What the role depends on (path kind, project, key, bearer): entries of one batch with the same one share one
   * resolution. Under load a batch is 200 requests of a few clients, and resolving each (a platform query and an
   * HMAC) cost every Data API request as much Postgres CPU as its own read (issue 17, bench/data-api.ts).
   */
  roleKey: string;
}

export interface RequestLog {
  middleware: MiddlewareHandler;
  /** Writes what is waiting now (tests, shutdown). */
  flush(): Promise<void>;
  /** Entries dropped because the queue was full. */
  readonly dropped: number;
  stop(): Promise<void>;
}

async function roleOfProjectRequest(pool: pg.Pool, ref: string, apikey: string | null, bearer: string | null): Promise<LogRole> {
  if (!apikey) return 'none';
  const key = await verifyProjectKey(pool, ref, apikey).catch(() => null);
  if (!key) return 'none';
  // A user's session token sent beside the key: the request runs as that user (authenticated).
  if (bearer && bearer !== apikey && bearer.startsWith('eyJ')) {
    const { rows } = await pool.query<{ jwt_secret: string }>(
      'select s.jwt_secret from projects p join project_secrets s on s.project_id = p.id where p.ref = $1',
      [ref],
    );
    const secret = rows[0]?.jwt_secret;
    if (secret) {
      const role = await jwtVerify(bearer, new TextEncoder().encode(secret), { algorithms: ['HS256'] }).then(
        ({ payload }) => payload.role,
        () => null,
      );
      if (role === 'authenticated' || role === 'anon' || role === 'service_role') return role;
    }
  }
  return key.role === 'service_role' ? 'service_role' : 'anon';
}

function roleResolver(c: Context, ref: string): Pick<PendingEntry, 'role' | 'roleKey'> {
  if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/exports/')) {
    const user = (c.var as { user?: unknown }).user;
    return { role: async () => (user ? 'console user' : 'none'), roleKey: user ? 'console user' : 'none' };
  }
  const apikey = presentedKey(c.req.raw.headers);
  const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() ?? null;
  return { role: (pool) => roleOfProjectRequest(pool, ref, apikey, bearer), roleKey: `key\u0000${ref}\u0000${apikey ?? ''}\u0000${bearer ?? ''}` };
}

export function createRequestLog(services: () => Promise<{ pool: pg.Pool }>): RequestLog {
  // Where each keep-alive connection's byte count stood when its last response ended.
  const written = new WeakMap<Socket, number>();
  let queue: PendingEntry[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;

  async function write(batch: PendingEntry[]): Promise<void> {
    if (batch.length === 0) return;
    try {
      const { pool } = await services();
      const resolutions = new Map<string, Promise<LogRole>>();
      const roles = await Promise.all(
        batch.map((entry) => {
          let role = resolutions.get(entry.roleKey);
          if (!role) {
            role = entry.role(pool).catch((): LogRole => 'none');
            resolutions.set(entry.roleKey, role);
          }
          return role;
        }),
      );
      await pool.query(
        `insert into request_logs (project_ref, at, method, path, status, duration_ms, role, response_bytes, service)
         select * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::int[], $6::real[], $7::text[],
                              $8::bigint[], $9::text[])`,
        [
          batch.map((e) => e.projectRef),
          batch.map((e) => e.at),
          batch.map((e) => e.method),
          batch.map((e) => e.path),
          batch.map((e) => e.status),
          batch.map((e) => e.durationMs),
          roles,
          batch.map((e) => e.responseBytes),
          batch.map((e) => e.service),
        ],
      );
    } catch {
      // The log is best effort: a database that is down or gone loses these lines, never a request.
      dropped += batch.length;
    }
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = queue;
    queue = [];
    writing = writing.then(() => write(batch));
    return writing;
  }

  function schedule(): void {
    if (queue.length >= LOG_BATCH_SIZE) void flush();
    else if (!timer && !stopped) {
      timer = setTimeout(() => void flush(), LOG_FLUSH_INTERVAL_MS);
      timer.unref();
    }
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const project = projectOfPath(c.req.path);
    if (!project) return next();
    const started = performance.now();
    const at = new Date();
    await next();
    if (stopped) return;
    if (queue.length >= LOG_QUEUE_MAX) {
      dropped += 1;
      return;
    }
    const length = c.res.headers.get('content-length');
    const entry: PendingEntry = {
      projectRef: project.ref,
      at,
      method: c.req.method,
      path: loggablePath(c.req.url),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      responseBytes: length && /^\d+$/.test(length) ? Number(length) : null,
      service: project.service,
      ...roleResolver(c, project.ref),
    };
    // Egress: a body of unknown length (JSON answers, streams) is measured on the socket when the platform serves
    // over Node's http server (@hono/node-server passes the ServerResponse as `outgoing`): the bytes the socket
    // wrote between this response's start and its end (HTTP/1.1 answers one request at a time on a connection).
    // Counting through a TransformStream cost ~1.4 ms a request (measured); this costs nothing on the way.
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (entry.responseBytes === null && outgoing?.socket) {
      const socket = outgoing.socket;
      const before = written.get(socket) ?? socket.bytesWritten;
      outgoing.once('finish', () => {
        written.set(socket, socket.bytesWritten);
        entry.responseBytes = Math.max(0, socket.bytesWritten - before);
      });
    }
    queue.push(entry);
    schedule();
  };

  return {
    middleware,
    flush,
    get dropped() {
      return dropped;
    },
    async stop() {
      await flush();
      stopped = true;
    },
  };
}
