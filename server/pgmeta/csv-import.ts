// POST /api/platform/pg-meta/{ref}/import (issue 15): the table editor's CSV import, one chunk per request, copied
// with `COPY … FROM STDIN` as the request body streams in (pg-copy-streams pauses the request when Postgres is
// slower), so a chunk is never held in memory. A chunk is one transaction: copied whole, or not at all, with the
// row Postgres refused named in the 400 so the console can leave that row out and send the rest again (the
// import's policy: bad rows are skipped and listed by line, CSV_IMPORT_POLICY).
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { tableImportQuery, type TableImportResult } from '../../src/api/schemas/tableImport.ts';
import { ident, literal, qualified } from '../../src/domain/table-editor/sql.ts';
import { projectAccess } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, HttpError, unavailable } from '../http/errors.ts';
import { readQuery } from '../http/validate.ts';

/** A chunk's body may be this big, as any API body (the console's chunks are a few MB). */
export const IMPORT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** The import route, which counts its own body instead of the API's body limit (see server/app.ts). */
export const isImportRequest = (method: string, path: string) =>
  method === 'POST' && /^\/api\/platform\/pg-meta\/[^/]+\/import$/.test(path);

const tooLarge = () => new HttpError(413, 'Request body too large');

/** Passes the body on while counting it; past the limit it fails with a 413 (nothing of the chunk is kept). */
function limited(maxBytes: number): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) done(tooLarge());
      else done(null, chunk);
    },
  });
}

/**
 * The statement: identifiers and the delimiter quoted by pg-format (through the table editor's helpers), never
 * concatenated raw. FORCE_NULL reads a quoted empty value as NULL, as an unquoted one: the console's written records
 * never quote an empty value, and a file sent as it is (src/domain/table-editor/csv-raw.ts) imports `""` as NULL,
 * as the parsing path always did.
 */
export function copyImportSql(schema: string, table: string, columns: readonly string[], delimiter = ','): string {
  const list = columns.map((column) => ident(column)).join(', ');
  const options = [`format csv`, ...(delimiter === ',' ? [] : [`delimiter ${literal(delimiter)}`]), `force_null (${list})`];
  return `copy ${qualified(schema, table)} (${list}) from stdin with (${options.join(', ')})`;
}

interface PgError {
  code: string;
  message: string;
  where?: string;
  detail?: string;
}

const isPgError = (error: unknown): error is PgError =>
  typeof (error as { code?: unknown })?.code === 'string' && 'severity' in (error as object);

/** Postgres error classes that belong to one row's values (data exception, integrity constraint). */
const isRowError = (code: string) => /^(22|23)/.test(code);

/** The row of the COPY's input Postgres names in its context ("COPY t, line 17, column price: …"). */
export function copyRow(where: string | undefined): number | null {
  const match = /\bCOPY [^\n]*?, line (\d+)/.exec(where ?? '');
  return match ? Number(match[1]) : null;
}

/** Postgres's refusal as a 4xx the console can read, with the row when it is about one. */
function refusal(error: PgError): HttpError {
  const row = isRowError(error.code) ? copyRow(error.where) : null;
  return badRequest(error.message, { code: error.code, ...(row !== null ? { row } : {}) });
}

/** Copies the body into the table in one transaction; returns the rows copied. */
export async function copyChunk(pool: pg.Pool, sql: string, body: Readable): Promise<number> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch {
    body.destroy();
    throw unavailable('Could not connect to the project database');
  }
  let broken = false;
  try {
    await client.query('begin');
    const copy = client.query(copyFrom(sql));
    await pipeline(body, limited(IMPORT_MAX_BODY_BYTES), copy);
    await client.query('commit');
    return copy.rowCount ?? 0;
  } catch (error) {
    body.destroy();
    if (isPgError(error)) {
      await client.query('rollback').catch(() => (broken = true));
      throw refusal(error);
    }
    // The request went away, was too large, or the connection did: the connection is in an unknown state.
    broken = true;
    if (error instanceof HttpError) throw error;
    throw badRequest('The import was interrupted');
  } finally {
    client.release(broken);
  }
}

export function tableImportRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/pg-meta/:ref/import', async (c) => {
    // Writing rows takes a developer or above (spec A6 roles); read-only members are refused with a 403.
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub, 'developer', 'import rows');
    if (project.status !== 'ACTIVE_HEALTHY') throw unavailable(`The project is not running (status ${project.status})`);
    const query = readQuery(c, tableImportQuery);
    const announced = Number(c.req.header('content-length') ?? NaN);
    if (announced > IMPORT_MAX_BODY_BYTES) throw tooLarge();
    const stream = c.req.raw.body;
    if (!stream) throw badRequest('The request has no rows');
    // The console's pool (issue 13 finding 5): an import never takes the project API's connections.
    const pool = await c.var.services.pools.console(project.ref);
    const body = Readable.fromWeb(stream as NodeReadableStream<Uint8Array>);
    const inserted = await copyChunk(pool, copyImportSql(query.schema, query.table, query.columns, query.delimiter), body);
    return c.json({ inserted } satisfies TableImportResult);
  });
  return routes;
}
