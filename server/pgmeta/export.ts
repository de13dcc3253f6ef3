// CSV export of a table or of a filter of it (issue 6), streamed by the server, never materialized: buffering a
// million rows through `pg` costs ~450 MB, `COPY … TO STDOUT` through pg-copy-streams ~64 MB and 1 M rows/s
// (../shared/TOOLCHAIN.md). Two steps, because a browser download is a navigation and carries no bearer token:
//   POST /api/platform/pg-meta/{ref}/export {schema, table, filters, sorts}  (session + membership; read-only
//        members may export) checks that the table, its columns and the filter values are valid, then answers
//        {url}: a link signed like the backup links (server/lifecycle/fileUrls.ts), valid 5 minutes;
//   GET  /exports/{ref}?q={request}&token=…  streams the COPY with backpressure; a client that goes away stops
//        the COPY (its connection is closed, so the backend ends) and the connection leaves the pool.
import { Hono, type Context } from 'hono';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { tableExportBody, type TableExportBody } from '../../src/api/schemas/tableExport.ts';
import { exportSelectSql, qualified } from '../../src/domain/table-editor/sql.ts';
import { projectAccess } from '../http/access.ts';
import { USER_CONTENT_HEADERS } from '../http/userContent.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, errorResponse, HttpError, notFound, unavailable } from '../http/errors.ts';
import { parseWith, readBody } from '../http/validate.ts';
import { fileUrlKey, signFileToken, verifyFileToken } from '../lifecycle/fileUrls.ts';
import type { Services } from '../services.ts';
import { impersonate, sqlError } from './query.ts';

const signedPath = (ref: string, request: string) => `export/${ref}/${request}`;

type ExportImpersonation = NonNullable<TableExportBody['impersonation']>;

/** Opens the export's read-only transaction, as the impersonated role when there is one. */
async function beginExport(client: pg.PoolClient, impersonation: ExportImpersonation | undefined): Promise<void> {
  await client.query('begin transaction read only');
  // spec B2.7 (issue 14.3): the export reads as the role the grid reads as — the query endpoint's steps, with
  // `set local` semantics.
  if (impersonation) await impersonate(client, impersonation, { local: true });
}

/** The select of the export, or a 400 when a filter value cannot be used with its operator. */
function selectSql(body: TableExportBody): string {
  try {
    return exportSelectSql(body.schema, body.table, body.filters, body.sorts);
  } catch (error) {
    throw badRequest((error as Error).message);
  }
}

async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch {
    throw unavailable('Could not connect to the project database');
  }
}

const isPgError = (error: unknown): error is { code: string; message: string } =>
  typeof (error as { code?: unknown })?.code === 'string' && 'severity' in (error as object);

/** Postgres's refusal as a 4xx the user can read (a missing table is 404, anything else about the request 400). */
function refusal(error: unknown, sql: string): HttpError {
  if (!isPgError(error)) return unavailable(`The connection to the project database was lost: ${(error as Error).message}`);
  if (error.code === '42P01' || error.code === '3F000') return notFound('Table not found');
  return sqlError(error as Parameters<typeof sqlError>[0], sql);
}

/** Checks the export would run: the relation exists and the filters and sorts are valid for it. */
async function checkExport(pool: pg.Pool, body: TableExportBody): Promise<void> {
  const sql = selectSql(body);
  const client = await connect(pool);
  let broken = false;
  try {
    await beginExport(client, body.impersonation);
    const { rows } = await client.query<{ oid: string | null }>('select to_regclass($1)::oid as oid', [qualified(body.schema, body.table)]);
    if (!rows[0]?.oid) throw notFound(`Table ${body.schema}.${body.table} not found`);
    // Plans and type-checks the filter values without reading a row.
    await client.query(`select * from (${sql}) as export limit 0`);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    broken = !isPgError(error);
    throw refusal(error, sql);
  } finally {
    if (!broken) await client.query('rollback').catch(() => (broken = true));
    client.release(broken);
  }
}

/**
 * The COPY as a web stream pulled by the HTTP response: one chunk read from Postgres per pull, so a slow client
 * slows the COPY down (pg-copy-streams pauses the socket). Resolves once the first chunk arrived, so an error
 * (the table dropped since the link was made) still becomes a 4xx rather than a broken download.
 */
export async function copyCsvStream(
  pool: pg.Pool,
  select: string,
  impersonation?: ExportImpersonation,
): Promise<ReadableStream<Uint8Array>> {
  const client = await connect(pool);
  let released = false;
  const release = (destroy: boolean) => {
    if (released) return;
    released = true;
    client.release(destroy);
  };
  const copySql = `copy (${select}) to stdout with (format csv, header)`;
  let copy: ReturnType<typeof copyTo>;
  let chunks: AsyncIterator<Buffer>;
  let first: IteratorResult<Buffer>;
  try {
    await beginExport(client, impersonation);
    copy = client.query(copyTo(copySql));
    chunks = copy[Symbol.asyncIterator]();
    first = await chunks.next();
  } catch (error) {
    release(true);
    if (error instanceof HttpError) throw error;
    throw refusal(error, select);
  }
  const finish = async () => {
    try {
      await client.query('commit');
      release(false);
    } catch {
      release(true);
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        if (first.done) {
          await finish();
          controller.close();
        } else controller.enqueue(first.value);
      },
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) {
            await finish();
            controller.close();
          } else controller.enqueue(next.value);
        } catch (error) {
          release(true);
          controller.error(error);
        }
      },
      cancel() {
        // The client went away: closing the connection makes the backend end the COPY at its next write.
        copy.destroy();
        release(true);
      },
    },
    // Up to 1 MiB read ahead while the socket writes: keeps Postgres busy without holding more than that.
    { highWaterMark: 1024 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentHeader(table: string): string {
  const fallback = `${table.replace(/[^A-Za-z0-9._ -]/g, '_')}.csv`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(`${table}.csv`)}`;
}

const encodeRequest = (body: TableExportBody) => Buffer.from(JSON.stringify(body)).toString('base64url');

function decodeRequest(text: string): TableExportBody {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('This download link is malformed');
  }
  return parseWith(tableExportBody, value, 'export');
}

/** POST /pg-meta/{ref}/export, mounted with the other pg-meta routes under /api/platform. */
export function tableExportRoutes(options: { publicHost: string }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/pg-meta/:ref/export', async (c) => {
    const ref = c.req.param('ref');
    const project = await projectAccess(c.var.services.pool, ref, c.var.user.sub);
    if (project.status !== 'ACTIVE_HEALTHY') throw unavailable(`The project is not running (status ${project.status})`);
    const body = await readBody(c, tableExportBody);
    await checkExport(await c.var.services.pools.get(project.ref), body);
    const request = encodeRequest(body);
    const token = signFileToken(await fileUrlKey(c.var.services.pool), signedPath(project.ref, request));
    const url = `http://${options.publicHost}/exports/${encodeURIComponent(project.ref)}?q=${request}&token=${token}`;
    return c.json({ url });
  });
  return routes;
}

/** GET /exports/{ref}?q=…&token=…, outside /api (the signed token is the credential). */
export function tableExportDownloadRoutes(deps: { services: () => Promise<Services> }): Hono {
  const routes = new Hono();
  routes.get('/exports/:ref', async (c: Context) => {
    try {
      const ref = c.req.param('ref') ?? '';
      const request = c.req.query('q') ?? '';
      let services: Services;
      try {
        services = await deps.services();
      } catch {
        throw unavailable('The platform database is not available');
      }
      if (!verifyFileToken(await fileUrlKey(services.pool), signedPath(ref, request), c.req.query('token') ?? '')) {
        return c.json({ message: 'This download link is not valid or has expired: export again' }, 403);
      }
      const body = decodeRequest(request);
      const stream = await copyCsvStream(await services.pools.get(ref), selectSql(body), body.impersonation);
      return new Response(stream, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': attachmentHeader(body.table),
          'cache-control': 'no-store',
          // A CSV is user content like any stored file (issue 13 finding 1): sandboxed, never sniffed.
          ...USER_CONTENT_HEADERS,
        },
      });
    } catch (error) {
      return errorResponse(error, c);
    }
  });
  return routes;
}
