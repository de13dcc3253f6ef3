// Export of a table, of a filter of it or of the rows the grid selected (issue 6: CSV; issue 14: JSON and SQL
// inserts), streamed by the server, never materialized: buffering a million rows through `pg` costs ~450 MB,
// `COPY … TO STDOUT` through pg-copy-streams ~64 MB and 1 M rows/s (../shared/TOOLCHAIN.md). Two steps, because a
// browser download is a navigation and carries no bearer token:
//   POST /api/platform/pg-meta/{ref}/export {schema, table, filters, sorts, format?, keys?}  (session + membership;
//        read-only members may export) checks that the table, its columns and the filter and key values are
//        valid, then answers {url}: a link signed like the backup links (server/lifecycle/fileUrls.ts), valid 5
//        minutes;
//   GET  /exports/{ref}?q={request}&token=…  streams the file with backpressure; a client that goes away stops
//        the export (its connection is closed, so the backend ends) and the connection leaves the pool;
//   POST /exports/{ref} with the link's q and token as a form: the same, for a request too long for a URL (a
//        selection of thousands of keys: Node refuses a request head past 16 KB). Same link, carried in a body.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { tableExportBody, type TableExportBody } from '../../src/api/schemas/tableExport.ts';
import {
  EXPORT_FILE_TYPES,
  exportFileName,
  exportRowsSql,
  insertRowsSql,
  jsonRowsSql,
  type ExportColumn,
  type ExportFormat,
} from '../../src/domain/table-editor/export-formats.ts';
import { qualified } from '../../src/domain/table-editor/sql.ts';
import { projectAccess } from '../http/access.ts';
import { USER_CONTENT_HEADERS } from '../http/userContent.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, errorResponse, HttpError, notFound, unavailable } from '../http/errors.ts';
import { parseWith, readBody } from '../http/validate.ts';
import { fileUrlKey, signFileToken, verifyFileToken } from '../lifecycle/fileUrls.ts';
import type { Services } from '../services.ts';
import { impersonate, sqlError } from './query.ts';
import { replicaTarget } from '../replicas/query.ts';

const signedPath = (ref: string, request: string) => `export/${ref}/${request}`;

type ExportImpersonation = NonNullable<TableExportBody['impersonation']>;

/** The request's format: a request (or a link) that names none is a CSV one. */
export const exportFormat = (body: Pick<TableExportBody, 'format'>): ExportFormat => body.format ?? 'csv';

/**
 * The longest request a link carries (its base64url `q`): a generous selection of keys (10,000 uuids are ~0.6 MB)
 * fits; past it the request is refused up front rather than by the download's body limit.
 */
const EXPORT_REQUEST_MAX_CHARS = 3 * 1024 * 1024;
/** The download's form body (POST /exports/{ref}): the request, its token and the form's encoding. */
const EXPORT_FORM_MAX_BYTES = 4 * 1024 * 1024;

/** Opens the export's read-only transaction, as the impersonated role when there is one. */
async function beginExport(client: pg.PoolClient, impersonation: ExportImpersonation | undefined): Promise<void> {
  await client.query('begin transaction read only');
  // spec B2.7 (issue 14.3): the export reads as the role the grid reads as — the query endpoint's steps, with
  // `set local` semantics.
  if (impersonation) await impersonate(client, impersonation, { local: true });
}

/** SQL built from the request, or a 400 when a filter value cannot be used with its operator or a key is empty. */
function built(build: () => string): string {
  try {
    return build();
  } catch (error) {
    throw badRequest((error as Error).message);
  }
}

/** The rows of the export (`select * …`): what COPY writes as CSV, and what the check plans for every format. */
const selectSql = (body: TableExportBody): string => built(() => exportRowsSql(body));

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
 * The export's connection, given back exactly once: `release(true)` closes it (an error or a client gone mid-read),
 * `finish()` commits the read-only transaction and returns it to the pool (closing it if the commit fails).
 */
function exportConnection(client: pg.PoolClient): { release: (destroy: boolean) => void; finish: () => Promise<void> } {
  let released = false;
  const release = (destroy: boolean) => {
    if (released) return;
    released = true;
    client.release(destroy);
  };
  const finish = async () => {
    try {
      await client.query('commit');
      release(false);
    } catch {
      release(true);
    }
  };
  return { release, finish };
}

/** A CSV export's chunks are handed on in batches of up to this much (see copyCsvStream)… */
export const COPY_BATCH_BYTES = 256 * 1024;
/** …or of what arrived within this wait. */
export const COPY_BATCH_WAIT_MS = 20;

/**
 * The COPY as a web stream pulled by the HTTP response: one batch read from Postgres per pull, so a slow client
 * slows the COPY down (pg-copy-streams pauses the socket). Resolves once the first chunk arrived, so an error
 * (the table dropped since the link was made) still becomes a 4xx rather than a broken download.
 */
export async function copyCsvStream(
  pool: pg.Pool,
  select: string,
  impersonation?: ExportImpersonation,
): Promise<ReadableStream<Uint8Array>> {
  const client = await connect(pool);
  const { release, finish } = exportConnection(client);
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
  // The COPY arrives in reads of ~8-16 KB: written to the HTTP socket one by one (~18,000 writes for a 178 MB table),
  // they cost the platform about 1 s of CPU on top of the ~1.3-1.8 s of reading them (measured, issue 25). So a pull hands on what arrives within COPY_BATCH_WAIT_MS, up to
  // COPY_BATCH_BYTES, as one chunk: a fast COPY goes out in batches, a slow one (a filter that rarely matches)
  // still goes out within that wait.
  let pending: Promise<IteratorResult<Buffer>> | null = null;
  const take = () => {
    const next = pending ?? chunks.next();
    pending = null;
    return next;
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
          const parts: Buffer[] = [];
          let size = 0;
          let next = await take();
          let timer: NodeJS.Timeout | undefined;
          const waited = new Promise<'waited'>((resolve) => (timer = setTimeout(resolve, COPY_BATCH_WAIT_MS, 'waited')));
          try {
            while (!next.done) {
              parts.push(next.value);
              size += next.value.length;
              if (size >= COPY_BATCH_BYTES) break;
              const coming = chunks.next();
              const arrived = await Promise.race([coming, waited]);
              if (arrived === 'waited') {
                // Read by the next pull; if the download is cancelled first, its rejection is not left unhandled.
                pending = coming;
                coming.catch(() => {});
                break;
              }
              next = arrived;
            }
          } finally {
            clearTimeout(timer);
          }
          if (parts.length > 0) controller.enqueue(parts.length === 1 ? parts[0]! : Buffer.concat(parts, size));
          if (next.done) {
            await finish();
            controller.close();
          }
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

// JSON and SQL are read through a server-side cursor rather than COPY: COPY's text and CSV formats escape or quote
// what they write (a backslash, a line break inside a value), so a JSON document or an INSERT would have to be
// unescaped chunk by chunk on its way out. A `no scroll` cursor in the export's read-only transaction hands out
// rows already in their final text — Postgres builds each row's JSON (to_json) or INSERT (quote_nullable) — a
// batch per pull of the response stream, so a slow reader leaves the rest in the database, as COPY does.
const CURSOR = 'strata_export';
/** Rows of the first fetch, before the size of a row is known. */
const FIRST_FETCH_ROWS = 100;
const MAX_FETCH_ROWS = 1000;
/** Each fetch aims at about this much text (wide rows are fetched fewer at a time). */
const FETCH_TARGET_CHARS = 1024 * 1024;

/**
 * The session settings an INSERT's literals are written under, so that they read back as the same values in any
 * session: ISO dates (year first, never ambiguous), the default interval style, shortest exact floats, hex bytea.
 * `set local`: they end with the export's transaction. (timestamptz keeps its offset, so TimeZone does not matter.)
 */
const SQL_EXPORT_SETTINGS =
  "set local datestyle = 'ISO, YMD'; set local intervalstyle = 'postgres'; set local extra_float_digits = 1; set local bytea_output = 'hex'";

/** The table's columns in order, with what the SQL export must know of them; 404 when the table is gone. */
async function exportColumns(client: pg.PoolClient, body: TableExportBody): Promise<ExportColumn[]> {
  const { rows } = await client.query<ExportColumn & { relation: string | null }>(
    `select r.oid::text as relation, a.attname as name, coalesce(a.attgenerated <> '', false) as generated,
       coalesce(a.attidentity = 'a', false) as "identityAlways"
     from (select to_regclass($1) as oid) r
     left join pg_attribute a on a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
     order by a.attnum`,
    [qualified(body.schema, body.table)],
  );
  if (!rows[0]?.relation) throw notFound('Table not found');
  return rows.filter((row) => row.name !== null).map(({ name, generated, identityAlways }) => ({ name, generated, identityAlways }));
}

/** How a format's rows of text become the file: JSON wraps them in one array, SQL puts one statement a line. */
function fileWriter(format: 'json' | 'sql') {
  let rows = 0;
  return {
    rows: (lines: readonly string[]): string =>
      format === 'sql' ? lines.map((line) => `${line}\n`).join('') : lines.map((line) => `${rows++ === 0 ? '[\n' : ',\n'}${line}`).join(''),
    end: (): string => (format === 'sql' ? '' : rows === 0 ? '[]' : '\n]'),
  };
}

/**
 * The JSON or SQL file of the request as a web stream pulled by the HTTP response (see the note above CURSOR).
 * Resolves once the first batch arrived, so an error still becomes a 4xx rather than a broken download.
 */
export async function cursorStream(pool: pg.Pool, body: TableExportBody, format: 'json' | 'sql'): Promise<ReadableStream<Uint8Array>> {
  const client = await connect(pool);
  const { release, finish } = exportConnection(client);
  let batch = FIRST_FETCH_ROWS;
  let done = false;
  const fetchLines = async (): Promise<string[]> => {
    const count = batch;
    const { rows } = await client.query<[string]>({ text: `fetch forward ${count} from ${CURSOR}`, rowMode: 'array' });
    const lines = rows.map((row) => row[0]);
    if (lines.length < count) done = true;
    const chars = lines.reduce((sum, line) => sum + line.length, 0);
    batch = Math.max(1, Math.min(MAX_FETCH_ROWS, Math.floor((count * FETCH_TARGET_CHARS) / Math.max(chars, 1))));
    return lines;
  };
  const writer = fileWriter(format);
  const encoder = new TextEncoder();
  let sql = '';
  let first: string[];
  try {
    await beginExport(client, body.impersonation);
    if (format === 'json') sql = built(() => jsonRowsSql(body));
    else {
      await client.query(SQL_EXPORT_SETTINGS);
      const columns = await exportColumns(client, body);
      sql = built(() => insertRowsSql(body, columns));
    }
    await client.query(`declare ${CURSOR} no scroll cursor for ${sql}`);
    first = await fetchLines();
  } catch (error) {
    release(true);
    if (error instanceof HttpError) throw error;
    throw refusal(error, sql);
  }
  let cancelled = false;
  /** Writes a batch (and the file's end after the last); closes the stream after the last. */
  const write = async (controller: ReadableStreamDefaultController<Uint8Array>, lines: readonly string[]) => {
    const text = writer.rows(lines) + (done ? writer.end() : '');
    if (text !== '') controller.enqueue(encoder.encode(text));
    if (done) {
      await finish();
      controller.close();
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      start: (controller) => write(controller, first),
      async pull(controller) {
        try {
          const lines = await fetchLines();
          if (!cancelled) await write(controller, lines);
        } catch (error) {
          release(true);
          if (!cancelled) controller.error(error);
        }
      },
      cancel() {
        // The client went away: closing the connection ends the backend, its transaction and the cursor.
        cancelled = true;
        release(true);
      },
    },
    { highWaterMark: 1024 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form: `{table}.{csv|json|sql}`. */
export function attachmentHeader(table: string, format: ExportFormat = 'csv'): string {
  const fallback = exportFileName(table.replace(/[^A-Za-z0-9._ -]/g, '_'), format);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(exportFileName(table, format))}`;
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

/** spec B2.3 (issue 20): the picked read replica's pool (healthy only), else the project's. */
async function exportPool(services: Services, project: { id: number; ref: string }, body: TableExportBody): Promise<pg.Pool> {
  return body.database !== undefined && body.database !== project.ref ? replicaTarget(services, project, body.database) : services.pools.get(project.ref);
}

/** POST /pg-meta/{ref}/export, mounted with the other pg-meta routes under /api/platform. */
export function tableExportRoutes(options: { publicHost: string }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/pg-meta/:ref/export', async (c) => {
    const ref = c.req.param('ref');
    const project = await projectAccess(c.var.services.pool, ref, c.var.user.sub);
    if (project.status !== 'ACTIVE_HEALTHY') throw unavailable(`The project is not running (status ${project.status})`);
    const body = await readBody(c, tableExportBody);
    const request = encodeRequest(body);
    if (request.length > EXPORT_REQUEST_MAX_CHARS) throw badRequest('The row keys are too many or too long to export: export the table or its filtered rows instead');
    await checkExport(await exportPool(c.var.services, project, body), body);
    const token = signFileToken(await fileUrlKey(c.var.services.pool), signedPath(project.ref, request));
    const url = `http://${options.publicHost}/exports/${encodeURIComponent(project.ref)}?q=${request}&token=${token}`;
    return c.json({ url });
  });
  return routes;
}

/** The file of a signed request: its token checked, then streamed in the request's format. */
async function serveExport(deps: { services: () => Promise<Services> }, ref: string, request: string, token: string): Promise<Response> {
  let services: Services;
  try {
    services = await deps.services();
  } catch {
    throw unavailable('The platform database is not available');
  }
  if (!verifyFileToken(await fileUrlKey(services.pool), signedPath(ref, request), token)) {
    return Response.json({ message: 'This download link is not valid or has expired: export again' }, { status: 403 });
  }
  const body = decodeRequest(request);
  const format = exportFormat(body);
  const project = (await services.pool.query<{ id: number; ref: string }>('select id, ref from projects where ref = $1', [ref])).rows[0];
  if (!project) throw notFound('Project not found');
  const pool = await exportPool(services, project, body);
  const stream = format === 'csv' ? await copyCsvStream(pool, selectSql(body), body.impersonation) : await cursorStream(pool, body, format);
  return new Response(stream, {
    headers: {
      'content-type': EXPORT_FILE_TYPES[format].contentType,
      'content-disposition': attachmentHeader(body.table, format),
      'cache-control': 'no-store',
      // An export is user content like any stored file (issue 13 finding 1): sandboxed, never sniffed.
      ...USER_CONTENT_HEADERS,
    },
  });
}

/** GET /exports/{ref}?q=…&token=… and its POST form, outside /api (the signed token is the credential). */
export function tableExportDownloadRoutes(deps: { services: () => Promise<Services> }): Hono {
  const routes = new Hono();
  routes.get('/exports/:ref', async (c: Context) => {
    try {
      return await serveExport(deps, c.req.param('ref') ?? '', c.req.query('q') ?? '', c.req.query('token') ?? '');
    } catch (error) {
      return errorResponse(error, c);
    }
  });
  const formLimit = bodyLimit({ maxSize: EXPORT_FORM_MAX_BYTES, onError: (c) => c.json({ message: 'Request body too large' }, 413) });
  routes.post('/exports/:ref', formLimit, async (c: Context) => {
    try {
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw badRequest('The export request must be a form with q and token');
      }
      const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
      return await serveExport(deps, c.req.param('ref') ?? '', field('q'), field('token'));
    } catch (error) {
      return errorResponse(error, c);
    }
  });
  return routes;
}
