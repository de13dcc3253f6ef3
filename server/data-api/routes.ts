// The project's Data API at `{project API URL}/rest/v1` (issue 17, spec B2.5/B7, DESIGN §5): PostgREST's HTTP
// semantics for the official postgrest-js. Each request runs in one transaction on the project API's pool, as the
// caller's role (`set_config('role', …, true)` — SET LOCAL ROLE) with `request.jwt.claims` set for RLS policies, a
// statement timeout and a row cap.
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type pg from 'pg';
import { logServerError } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { authenticate, type Caller } from './auth.ts';
import { ApiError, fromPostgres, parseError } from './errors.ts';
import { openApiDocument } from './openapi.ts';
import { parseQuery, type ParsedQuery } from './parse.ts';
import { onConnection, phases, type Phases } from './phases.ts';
import { schemaCache, type Relation, type SchemaCache } from './schema.ts';
import { settingsThenStatement } from './batch.ts';
import { Builder, columnOf, compactParams, ident, Params, pickFunction, valueParam } from './sql.ts';

export interface DataApiOptions {
  /** Statement timeout of one request (PostgREST deployments default to a few seconds). */
  statementTimeoutMs?: number;
  /** Largest request body accepted. */
  maxBodyBytes?: number;
  /** Largest response body: checked in Postgres, so a bigger one never reaches the platform's memory. */
  maxResponseBytes?: number;
}

export const DEFAULT_TIMEOUT_MS = 8_000;
const DEFAULT_BODY_BYTES = 10 * 1024 * 1024;
export const DEFAULT_RESPONSE_BYTES = 64 * 1024 * 1024;
/** Bind parameters of one statement: Postgres takes at most 65535. */
const MAX_VALUES = 60_000;
/** Builder errors that may only mean the catalog was read before the change the request relies on. */
const CACHE_MISSES = new Set(['42P01', '42703', 'PGRST200', 'PGRST202', 'PGRST204']);

export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  rollback: boolean;
}

function parsePrefer(headers: Headers): Prefer {
  const prefer: Prefer = { return: null, count: null, resolution: null, missingDefault: false, rollback: false };
  for (const part of (headers.get('prefer') ?? '').split(',')) {
    const [name, value] = part.trim().split('=').map((s) => s?.trim());
    if (name === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) prefer.return = value;
    if (name === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) prefer.count = value;
    if (name === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) prefer.resolution = value;
    if (name === 'missing' && value === 'default') prefer.missingDefault = true;
    if (name === 'tx' && value === 'rollback') prefer.rollback = true;
  }
  return prefer;
}

export interface Output {
  single: boolean;
  stripNulls: boolean;
}

/** The media type asked for: a JSON array (default) or one object (single/maybeSingle, docs "Singular or Plural"). */
function parseAccept(headers: Headers): Output {
  const accept = headers.get('accept');
  if (!accept) return { single: false, stripNulls: false };
  for (const range of accept.split(',')) {
    const [type, ...params] = range.trim().split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return { single: true, stripNulls };
    if (type === 'application/json' || type === 'application/vnd.pgrst.array+json' || type === '*/*' || type === 'application/*') {
      return { single: false, stripNulls };
    }
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

/** The requested window: limit/offset of the query string, else a `Range: from-to` header. */
function window(headers: Headers, query: ParsedQuery, maxRows: number): { limit: number; offset: number } {
  const top = query.levels.get('');
  let offset = top?.offset ?? 0;
  let limit = top?.limit ?? null;
  const range = headers.get('range');
  if (range && top?.limit == null && top?.offset == null) {
    const match = /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim());
    if (!match) throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', `The Range header '${range}' is not of the form from-to`);
    offset = Number(match[1]);
    if (match[2]) {
      const to = Number(match[2]);
      if (to < offset) throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', `The range ends (${to}) before it starts (${offset})`);
      limit = to - offset + 1;
    }
  }
  return { limit: Math.min(limit ?? maxRows, maxRows), offset };
}

interface Result {
  status: number;
  body: string | null;
  headers: Record<string, string>;
  /** The transaction is rolled back (Prefer: tx=rollback, or a single-object answer that failed). */
  rollback?: boolean;
}

/** On every answer of the Data API (any origin; the headers clients may read). */
const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'content-range,content-location,location,preference-applied,server-timing',
};
/** The responses made with CORS_HEADERS. */
const withCors = new WeakSet<Response>();
const corsAnswer = (response: Response) => (withCors.add(response), response);
const PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  'access-control-max-age': '3600',
  'access-control-allow-methods': 'GET,HEAD,POST,PATCH,DELETE,OPTIONS',
  'access-control-allow-headers': 'apikey,authorization,content-type,accept,prefer,range,range-unit,accept-profile,content-profile,x-client-info',
};

/**
 * The CORS headers and Server-Timing (the time spent here, for clients' tools and the bench, bench/data-api.ts) added
 * to `headers` (a result's own object), or a new object: no spread of objects on every answer.
 */
function timingHeaders(started: number, headers: Record<string, string> = {}): Record<string, string> {
  headers['access-control-allow-origin'] = CORS_HEADERS['access-control-allow-origin']!;
  headers['access-control-expose-headers'] = CORS_HEADERS['access-control-expose-headers']!;
  headers['server-timing'] = `app;dur=${(performance.now() - started).toFixed(1)}`;
  return headers;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

function contentRange(offset: number, page: number, total: number | null): string {
  const size = total === null ? '*' : String(total);
  return page > 0 ? `${offset}-${offset + page - 1}/${size}` : `*/${size}`;
}

function singleError(page: number): ApiError {
  return new ApiError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${page} rows`);
}

/**
 * `inner` (a select of `body` and `columns`) with its body dropped when longer than `cap` bytes: the row cap bounds
 * the rows, not their size, and a body is built whole in Postgres before it is sent (DESIGN §5 "Limits").
 */
function capBody(inner: string, columns: string[], cap: number): string {
  const limit = Math.floor(cap);
  return `select case when octet_length(pgrst_b.body) > ${limit} then null else pgrst_b.body end as body,
                 coalesce(octet_length(pgrst_b.body) > ${limit}, false) as too_big${columns.map((c) => `, pgrst_b.${c}`).join('')}
            from (${inner}) as pgrst_b`;
}

function assertNotTooBig(row: { too_big?: boolean }, cap: number): void {
  if (row.too_big) {
    const size = cap >= 1024 * 1024 ? `${Math.round(cap / 1024 / 1024)} MB` : `${cap} bytes`;
    throw new ApiError(400, '54000', `The response would be larger than ${size}: select fewer rows or columns`, null,
      'Use limit, select or filters to ask for less');
  }
}

/** The JSON text of the rows of `rows` (a select), as an array or, for one-object answers, the object. */
function bodySql(rows: string, output: Output, countSql: string | null, cap: number): string {
  const agg = output.stripNulls ? 'json_strip_nulls(json_agg(pgrst_r))' : 'json_agg(pgrst_r)';
  const body = output.single ? `case when count(*) = 1 then (${agg}->0)::text end` : `coalesce(${agg}, '[]'::json)::text`;
  const inner = `select ${body} as body, count(*)::int as page${countSql ? `, (${countSql})::text as total` : ''} from (${rows}) as pgrst_r`;
  return capBody(inner, countSql ? ['page', 'total'] : ['page'], cap);
}

async function totalCount(client: pg.PoolClient, kind: Prefer['count'], countFrom: string, values: unknown[], maxRows: number): Promise<number | null> {
  if (kind === null || kind === 'exact') return null; // exact is counted in the main statement
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    compactParams(`explain (format json) select 1 from ${countFrom}`, values),
  );
  const planned = rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
  if (kind === 'estimated' && planned <= maxRows) {
    const exact = await client.query<{ total: string }>(compactParams(`select count(*) as total from ${countFrom}`, values));
    return Number(exact.rows[0]?.total ?? 0);
  }
  return planned;
}

/**
 * Prepared statements a pooled connection keeps at most; past that its reads are parsed and planned each time. Each
 * costs its backend the memory of its parse tree and plan, and an idle connection is closed after 500 ms
 * (server/projects/pools.ts), taking its statements with it.
 */
export const PREPARED_PER_CONNECTION = 32;

type PgConnection = { parsedStatements: Record<string, string>; submittedNamedStatements: Record<string, string> };

/**
 * A read's statement as a prepared statement of the connection (as PostgREST's prepared statements): Postgres parses
 * it once per connection and, after five runs, may keep a generic plan, so a read of one shape (its values are
 * parameters) costs the cluster no parse and often no planning — under the bench's load the cluster's CPU per
 * request fell by about half (bench/data-api.ts). A statement is only used by the role and search path it was
 * parsed with (both are in its name, a hash), so the checks made when a statement is parsed (schema usage, which
 * relation a name means) are the caller's own; table, column and function privileges are checked at every run,
 * RLS policies are the role's, and a change of a table, a function or a schema (their grants too) makes Postgres
 * parse and plan it again. The role switch itself is never a prepared statement (see `transaction`).
 * The statement's result columns are the builder's own (body, page, …), whatever the table.
 */
function prepared(connection: PgConnection, scope: string, config: pg.QueryConfig): pg.QueryConfig {
  // By scope, then by text: no concatenation of the scope with the whole statement text at every request.
  let names = statementNames.get(scope);
  if (names === undefined) {
    names = new Map();
    if (statementNames.size >= 100) statementNames.delete(statementNames.keys().next().value!);
    statementNames.set(scope, names);
  }
  let name = names.get(config.text);
  if (name === undefined) {
    name = `pgrst_${createHash('sha1').update(`${scope}\u0000${config.text}`).digest('base64url')}`;
    if (names.size >= 1000) names.delete(names.keys().next().value!);
    names.set(config.text, name);
  }
  const known = connection.parsedStatements[name] !== undefined || connection.submittedNamedStatements[name] !== undefined;
  if (!known && Object.keys(connection.parsedStatements).length >= PREPARED_PER_CONNECTION) return config;
  return { text: config.text, values: config.values, name };
}

/** Statement names by scope (role and search path), then by text (a hash each, computed once). */
const statementNames = new Map<string, Map<string, string>>();

/**
 * The path and query parameters of the request's URL (an absolute URL, as the Node adapter and hono hand it over):
 * a slice at '?' instead of a `new URL` parse of each request (node:internal/url was ~1 % of the platform's busy
 * samples under the bench). The adapter gives either the request target as received when it holds only characters
 * that a URL parser leaves as they are (no '%', no dot segment, no backslash) or a parsed URL's href, so the slice
 * is that parse's pathname and query; with a '#' the parser is used.
 */
function requestUrl(href: string): { pathname: string; searchParams: URLSearchParams } {
  const pathStart = href.indexOf('/', href.indexOf('//') + 2);
  if (href.includes('#') || pathStart < 0) return new URL(href);
  const query = href.indexOf('?', pathStart);
  return query < 0
    ? { pathname: href.slice(pathStart), searchParams: new URLSearchParams() }
    : { pathname: href.slice(pathStart, query), searchParams: new URLSearchParams(href.slice(query + 1)) };
}

interface RequestContext {
  caller: Caller;
  cache: SchemaCache;
  schema: string;
  headers: Headers;
  method: string;
  search: URLSearchParams;
  body: unknown;
  prefer: Prefer;
  output: Output;
  maxResponseBytes: number;
  /**
   * The request's transaction: `tx.finish` sends a read's one and only statement with the end of the transaction right
   * behind it (one round trip); `tx.named` makes a statement a prepared statement of the connection, scoped by role
   * and search path (see `prepared`).
   */
  tx: RequestTransaction;
}

/**
 * A table read's one statement, with what the answer needs of the request (readTable). Exported for the bench's floor
 * server (bench/support/data-api-floor.ts), which sends the very statement a read sends.
 */
export function readStatement(
  cache: SchemaCache,
  schema: string,
  name: string,
  search: URLSearchParams,
  headers: Headers,
  output: Output,
  count: Prefer['count'],
  maxRows: number,
  maxResponseBytes: number,
): { config: { text: string; values: unknown[] }; countFrom: string; limit: number; offset: number } {
  const query = parseQuery(search);
  const params = new Params();
  const builder = new Builder(cache, schema, query, params);
  const relation = builder.relation(name);
  const { limit, offset } = window(headers, query, maxRows);
  const { rows, countFrom } = builder.rows({ sql: `${ident(relation.schema)}.${ident(relation.name)}`, relation }, { limit, offset, filtered: true });
  const exact = count === 'exact' ? `select count(*) from ${countFrom}` : null;
  return { config: { text: bodySql(rows, output, exact, maxResponseBytes), values: params.values }, countFrom, limit, offset };
}

async function readTable(client: pg.PoolClient, ctx: RequestContext, name: string): Promise<Result> {
  const { config, countFrom, offset } = readStatement(
    ctx.cache,
    ctx.schema,
    name,
    ctx.search,
    ctx.headers,
    ctx.output,
    ctx.prefer.count,
    ctx.caller.settings.maxRows,
    ctx.maxResponseBytes,
  );
  // planned/estimated counts run more statements after this one, inside the transaction.
  const last = ctx.prefer.count !== 'planned' && ctx.prefer.count !== 'estimated';
  const statement = ctx.tx.named(config);
  const result = (last ? await ctx.tx.finish(statement) : await client.query(statement)) as pg.QueryResult<{ body: string | null; page: number; total: string | null; too_big: boolean }>;
  const row = result.rows[0]!;
  assertNotTooBig(row, ctx.maxResponseBytes);
  const total = row.total !== null && row.total !== undefined ? Number(row.total) : await totalCount(client, ctx.prefer.count, countFrom, config.values, ctx.caller.settings.maxRows);
  if (ctx.output.single && row.page !== 1) throw singleError(row.page);
  const partial = total !== null && row.page < total;
  return {
    status: partial ? 206 : 200,
    body: ctx.method === 'HEAD' ? null : row.body,
    headers: { 'content-type': ctx.output.single ? OBJECT_TYPE : JSON_TYPE, 'content-range': contentRange(offset, row.page, total) },
  };
}

function rowsOfBody(body: unknown): Record<string, unknown>[] {
  const list = Array.isArray(body) ? body : [body];
  for (const item of list) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'Send a JSON object or an array of objects');
    }
  }
  return list as Record<string, unknown>[];
}

/** After a mutation: its rows, shaped by `select` (with embeds) when the representation is asked for. */
async function mutationResult(
  client: pg.PoolClient,
  ctx: RequestContext,
  builder: Builder,
  relation: Relation,
  mutation: string,
  created: boolean,
): Promise<Result> {
  const wantBody = ctx.prefer.return === 'representation';
  let page: number;
  let body: string | null = null;
  if (wantBody) {
    const { rows } = builder.rows({ sql: 'pgrst_m', relation }, { limit: Number.MAX_SAFE_INTEGER, offset: 0, filtered: false });
    const sql = `with pgrst_m as (${mutation} returning pgrst_t.*) ${bodySql(rows, ctx.output, null, ctx.maxResponseBytes)}`;
    const result = await client.query<{ body: string | null; page: number; too_big: boolean }>({ text: sql, values: builder.params.values });
    assertNotTooBig(result.rows[0]!, ctx.maxResponseBytes);
    page = result.rows[0]!.page;
    body = result.rows[0]!.body;
  } else {
    const result = await client.query({ text: mutation, values: builder.params.values });
    page = result.rowCount ?? 0;
  }
  if (ctx.output.single && page !== 1) throw singleError(page);
  const headers: Record<string, string> = { 'content-range': `*/${ctx.prefer.count ? page : '*'}` };
  if (ctx.prefer.return) headers['preference-applied'] = `return=${ctx.prefer.return}`;
  if (!wantBody) return { status: created ? 201 : 204, body: null, headers, rollback: ctx.prefer.rollback };
  headers['content-type'] = ctx.output.single ? OBJECT_TYPE : JSON_TYPE;
  return { status: created ? 201 : 200, body, headers, rollback: ctx.prefer.rollback };
}

async function insertRows(client: pg.PoolClient, ctx: RequestContext, name: string): Promise<Result> {
  const query = parseQuery(ctx.search);
  const params = new Params();
  const builder = new Builder(ctx.cache, ctx.schema, query, params);
  const relation = builder.relation(name);
  const rows = rowsOfBody(ctx.body);
  let columns: string[];
  if (query.columns) columns = query.columns;
  else {
    columns = Object.keys(rows[0] ?? {});
    const first = [...columns].sort().join('\u0000');
    if (rows.some((row) => Object.keys(row).sort().join('\u0000') !== first)) {
      throw new ApiError(400, 'PGRST102', 'All object keys must match', 'Send the same keys in every object, or name the columns with ?columns=');
    }
  }
  const target = columns.map((column) => columnOf(relation, column));
  if (rows.length * Math.max(target.length, 1) > MAX_VALUES) {
    throw new ApiError(413, 'PGRST413', `Too many values in one request: send at most ${MAX_VALUES} (rows × columns)`);
  }
  const table = `${ident(relation.schema)}.${ident(relation.name)} as pgrst_t`;
  if (rows.length === 0) return mutationResultEmpty(ctx);
  let insert: string;
  if (target.length === 0) {
    if (rows.length !== 1) throw new ApiError(400, 'PGRST102', 'Objects without keys can only be inserted one at a time');
    insert = `insert into ${table} default values`;
  } else {
    const values = rows.map(
      (row) =>
        `(${target
          .map((column) =>
            Object.hasOwn(row, column.name)
              ? `cast(${params.add(valueParam(row[column.name], column.category))} as ${column.type})`
              : ctx.prefer.missingDefault ? 'default' : 'null',
          )
          .join(', ')})`,
    );
    insert = `insert into ${table} (${target.map((c) => ident(c.name)).join(', ')}) values ${values.join(', ')}`;
  }
  if (ctx.prefer.resolution || query.onConflict) {
    const conflict = query.onConflict ?? relation.primaryKey;
    if (!conflict.length) {
      throw new ApiError(400, 'PGRST100', `"${relation.name}" has no primary key: name the conflict columns with on_conflict`);
    }
    conflict.forEach((column) => columnOf(relation, column));
    const conflictSql = `on conflict (${conflict.map((c) => ident(c)).join(', ')})`;
    const updated = target.filter((c) => !conflict.includes(c.name));
    if (ctx.prefer.resolution === 'ignore-duplicates') insert += ` ${conflictSql} do nothing`;
    else if (ctx.prefer.resolution === 'merge-duplicates') {
      const sets = (updated.length ? updated : target).map((c) => `${ident(c.name)} = excluded.${ident(c.name)}`);
      insert += ` ${conflictSql} do update set ${sets.join(', ')}`;
    }
  }
  return mutationResult(client, ctx, builder, relation, insert, true);
}

function mutationResultEmpty(ctx: RequestContext): Result {
  const headers: Record<string, string> = { 'content-range': `*/${ctx.prefer.count ? 0 : '*'}` };
  if (ctx.output.single) throw singleError(0);
  if (ctx.prefer.return !== 'representation') return { status: 201, body: null, headers };
  return { status: 201, body: '[]', headers: { ...headers, 'content-type': JSON_TYPE } };
}

async function updateRows(client: pg.PoolClient, ctx: RequestContext, name: string): Promise<Result> {
  const query = parseQuery(ctx.search);
  const params = new Params();
  const builder = new Builder(ctx.cache, ctx.schema, query, params);
  const relation = builder.relation(name);
  if (typeof ctx.body !== 'object' || ctx.body === null || Array.isArray(ctx.body)) {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'PATCH takes one JSON object of the new values');
  }
  const changes = Object.entries(ctx.body as Record<string, unknown>);
  const sets = changes.map(([column, value]) => {
    const target = columnOf(relation, column);
    return `${ident(target.name)} = cast(${params.add(valueParam(value, target.category))} as ${target.type})`;
  });
  const where = builder.whereSql('pgrst_t');
  // Like the hosted platform (its safeupdate extension): a change of every row needs an explicit filter.
  if (!where) throw new ApiError(400, '21000', 'UPDATE requires a WHERE clause', null, 'Add a filter, e.g. ?id=gte.0 to change every row');
  if (!sets.length) return { status: 204, body: null, headers: {} };
  return mutationResult(client, ctx, builder, relation, `update ${ident(relation.schema)}.${ident(relation.name)} as pgrst_t set ${sets.join(', ')}${where}`, false);
}

async function deleteRows(client: pg.PoolClient, ctx: RequestContext, name: string): Promise<Result> {
  const query = parseQuery(ctx.search);
  const builder = new Builder(ctx.cache, ctx.schema, query, new Params());
  const relation = builder.relation(name);
  const where = builder.whereSql('pgrst_t');
  if (!where) throw new ApiError(400, '21000', 'DELETE requires a WHERE clause', null, 'Add a filter, e.g. ?id=gte.0 to delete every row');
  return mutationResult(client, ctx, builder, relation, `delete from ${ident(relation.schema)}.${ident(relation.name)} as pgrst_t${where}`, false);
}

async function callFunction(client: pg.PoolClient, ctx: RequestContext, name: string): Promise<Result> {
  const overloads = ctx.cache.functions.get(`${ctx.schema}\u0000${name}`) ?? [];
  const argumentNames = new Set(overloads.flatMap((fn) => fn.args.map((a) => a.name)));
  const read = ctx.method === 'GET' || ctx.method === 'HEAD';
  const query = parseQuery(ctx.search, (param) => read && argumentNames.has(param));
  let args: Record<string, unknown>;
  if (read) args = Object.fromEntries(query.rest);
  else {
    if (ctx.body !== undefined && (typeof ctx.body !== 'object' || ctx.body === null || Array.isArray(ctx.body))) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'Send the named arguments as one JSON object');
    }
    args = (ctx.body as Record<string, unknown> | undefined) ?? {};
  }
  const fn = pickFunction(ctx.cache, ctx.schema, name, Object.keys(args));
  const params = new Params();
  const builder = new Builder(ctx.cache, ctx.schema, query, params);
  const argsSql = fn.args
    .filter((a) => Object.hasOwn(args, a.name))
    .map((a) => `${ident(a.name)} => cast(${params.add(valueParam(args[a.name], a.category))} as ${a.type})`);
  const call = `${ident(fn.schema)}.${ident(fn.name)}(${argsSql.join(', ')})`;
  // A read-only call's one statement may carry the commit (see RequestContext.tx); a POST may need a rollback.
  const runLast = (config: pg.QueryConfig) => (read ? ctx.tx.finish(config) : client.query(config));
  const headers: Record<string, string> = {};
  const send = (status: number, body: string | null, single: boolean): Result => {
    if (ctx.prefer.return === 'minimal' || ctx.method === 'HEAD') return { status: ctx.prefer.return === 'minimal' ? 204 : status, body: null, headers };
    return { status, body, headers: { ...headers, 'content-type': single ? OBJECT_TYPE : JSON_TYPE } };
  };
  if (fn.returnType === 'void') {
    await client.query({ text: `select ${call}`, values: params.values });
    return { status: 204, body: null, headers };
  }
  if (!fn.returnsRows && !fn.returnsSet) {
    const { rows } = (await runLast({
      text: capBody(`select to_json(${call})::text as body`, [], ctx.maxResponseBytes),
      values: params.values,
    })) as pg.QueryResult<{ body: string; too_big: boolean }>;
    assertNotTooBig(rows[0]!, ctx.maxResponseBytes);
    return send(200, rows[0]!.body, false);
  }
  const { limit, offset } = window(ctx.headers, query, ctx.caller.settings.maxRows);
  if (!fn.returnsRows) {
    // A set of scalars: an array of values.
    const sql = capBody(
      `select coalesce(json_agg(pgrst_s.pgrst_v), '[]'::json)::text as body, count(*)::int as page
         from (select pgrst_v from ${call} as pgrst_v limit ${params.add(limit)} offset ${params.add(offset)}) as pgrst_s`,
      ['page'],
      ctx.maxResponseBytes,
    );
    const { rows } = (await runLast({ text: sql, values: params.values })) as pg.QueryResult<{ body: string; page: number; too_big: boolean }>;
    assertNotTooBig(rows[0]!, ctx.maxResponseBytes);
    headers['content-range'] = contentRange(offset, rows[0]!.page, null);
    return send(200, rows[0]!.body, false);
  }
  // Rows: a table's rows (embeds follow that table's foreign keys) or a composite/OUT-columns result.
  const bare = fn.returnType.replace(/^.*\./, '').replace(/^"|"$/g, '');
  const relation = ctx.cache.relations.get(`${ctx.schema}\u0000${bare}`) ?? null;
  const { rows, countFrom } = builder.rows({ sql: call, relation }, { limit, offset, filtered: true });
  const single = ctx.output.single || !fn.returnsSet;
  const exact = ctx.prefer.count === 'exact' ? `select count(*) from ${countFrom}` : null;
  const config = { text: bodySql(rows, { ...ctx.output, single }, exact, ctx.maxResponseBytes), values: params.values };
  const onlyStatement = ctx.prefer.count !== 'planned' && ctx.prefer.count !== 'estimated';
  const result = (await (onlyStatement ? runLast(config) : client.query(config))) as pg.QueryResult<{
    body: string | null;
    page: number;
    total: string | null;
    too_big: boolean;
  }>;
  const row = result.rows[0]!;
  assertNotTooBig(row, ctx.maxResponseBytes);
  if (ctx.output.single && row.page !== 1) throw singleError(row.page);
  const total = row.total != null ? Number(row.total) : await totalCount(client, ctx.prefer.count, countFrom, params.values, ctx.caller.settings.maxRows);
  headers['content-range'] = contentRange(offset, row.page, total);
  return send(200, !fn.returnsSet && row.page === 0 ? 'null' : row.body, single);
}

async function readBody(c: Context): Promise<unknown> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'DELETE') return undefined;
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  const type = (c.req.header('content-type') ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && type !== 'text/plain') {
    throw new ApiError(415, 'PGRST107', `The media type ${type} is not accepted: send application/json`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  }
}

function respond(c: Context, error: ApiError, extra: Record<string, string> = {}): Response {
  return corsAnswer(c.newResponse(JSON.stringify(error.body()), error.status as 400, { 'content-type': JSON_TYPE, ...CORS_HEADERS, ...extra }));
}

export function dataApiRoutes(deps: { services: () => Promise<Services>; publicHost: string; options?: DataApiOptions }): Hono {
  const routes = new Hono();
  const timeoutMs = deps.options?.statementTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limit = bodyLimit({
    maxSize: deps.options?.maxBodyBytes ?? DEFAULT_BODY_BYTES,
    onError: (c) => respond(c, new ApiError(413, 'PGRST413', 'The request body is too large')),
  });

  async function serve(
    c: Context,
    work: ((client: pg.PoolClient, ctx: RequestContext) => Promise<Result>) | 'openapi',
  ): Promise<Response> {
    const ref = c.req.param('ref')!;
    const headers = c.req.raw.headers;
    const started = performance.now();
    const timing = phases();
    onConnection(timing, c.env);
    try {
      let services: Services;
      try {
        services = await deps.services();
      } catch {
        throw new ApiError(503, 'PGRST000', 'The platform database is not available');
      }
      const caller = await authenticate(services.pool, ref, headers);
      timing.mark('auth');
      const method = c.req.method;
      const read = method === 'GET' || method === 'HEAD';
      // Accept-Profile (reads) / Content-Profile (writes) pick one of the exposed schemas (docs "Schemas").
      const profile = headers.get(read ? 'accept-profile' : 'content-profile')?.trim();
      const schema = profile || caller.settings.schemas[0]!;
      if (!caller.settings.schemas.includes(schema)) {
        throw new ApiError(406, 'PGRST106', `The schema must be one of the following: ${caller.settings.schemas.join(', ')}`);
      }
      let pool: pg.Pool;
      try {
        pool = await services.pools.get(ref);
      } catch {
        throw new ApiError(503, 'PGRST000', 'The project database is not available');
      }
      // The root document reads the catalog as it is now (within 100 ms); requests use the kept one.
      let cache = await schemaCache(ref, pool, caller.settings.schemas, { fresh: work === 'openapi' }).catch(() => {
        throw new ApiError(503, 'PGRST002', 'Could not read the schema of the project database');
      });
      timing.mark('catalog');
      if (work === 'openapi') {
        return corsAnswer(c.json(openApiDocument(cache, schema, deps.publicHost, ref), 200, timingHeaders(started)));
      }
      const body = await readBody(c);
      const url = requestUrl(c.req.url);
      const ctx: RequestContext = {
        caller,
        cache,
        schema,
        headers,
        method,
        search: url.searchParams,
        body,
        prefer: parsePrefer(headers),
        output: parseAccept(headers),
        maxResponseBytes: deps.options?.maxResponseBytes ?? DEFAULT_RESPONSE_BYTES,
        tx: null as unknown as RequestTransaction, // set by `run`
      };
      const run = (client: pg.PoolClient, tx: RequestTransaction) => ((ctx.tx = tx), work(client, ctx));
      let result: Result;
      try {
        result = await transaction(pool, caller, schema, read, timeoutMs, url.pathname, method, run, timing);
      } catch (error) {
        // The request may name a table made a moment ago: read the catalog again once.
        // Only the builder's own refusals: a statement that ran (and failed) is never sent twice.
        if (!(error instanceof ApiError) || error.source !== 'api' || !CACHE_MISSES.has(error.code)) throw error;
        ctx.cache = cache = await schemaCache(ref, pool, caller.settings.schemas, { fresh: true });
        result = await transaction(pool, caller, schema, read, timeoutMs, url.pathname, method, run);
      }
      const answer = corsAnswer(c.newResponse(result.body, result.status as 200, timingHeaders(started, result.headers)));
      timing.answered();
      return answer;
    } catch (error) {
      if (error instanceof ApiError) return respond(c, error, timingHeaders(started));
      logServerError('data API', error);
      return respond(c, new ApiError(500, 'PGRST000', 'Unexpected error'), timingHeaders(started));
    }
  }

  const table = (work: (client: pg.PoolClient, ctx: RequestContext, name: string) => Promise<Result>) => (c: Context) =>
    serve(c, (client, ctx) => work(client, ctx, c.req.param('name')!));

  // Keys travel in headers, never cookies, so any origin may call, as the hosted Data API (and our storage) allows.
  // Not hono's cors(): it sets its headers on `c.res` before the handler runs, and a response replacing one that
  // exists is rebuilt through a ReadableStream (hono's `set res`), about a fifth of a request's CPU under load
  // (bench/data-api.ts). The answers of serve() and respond() carry CORS_HEADERS themselves.
  routes.use('/p/:ref/rest/v1/*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return corsAnswer(c.newResponse(null, 204, PREFLIGHT_HEADERS));
    await next();
    // Any other answer under the path (a 404 of an unknown route): the headers are added to it.
    if (!withCors.has(c.res)) for (const [name, value] of Object.entries(CORS_HEADERS)) c.res.headers.set(name, value);
  });
  routes.get('/p/:ref/rest/v1/', (c) => serve(c, 'openapi'));
  routes.on(['GET', 'HEAD', 'POST'], '/p/:ref/rest/v1/rpc/:name', limit, table(callFunction));
  routes.on(['GET', 'HEAD'], '/p/:ref/rest/v1/:name', table(readTable));
  routes.post('/p/:ref/rest/v1/:name', limit, table(insertRows));
  routes.patch('/p/:ref/rest/v1/:name', limit, table(updateRows));
  routes.delete('/p/:ref/rest/v1/:name', table(deleteRows));
  routes.on(['PUT'], '/p/:ref/rest/v1/:name', (c) => respond(c, new ApiError(405, 'PGRST117', 'Unsupported HTTP method: PUT')));
  return routes;
}

/** The settings of a request's transaction (see RequestTransaction): bind parameters $1-$6. */
const SETTINGS_SQL = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('statement_timeout', $3, true),
              set_config('search_path', $4, true), set_config('request.method', $5, true), set_config('request.path', $6, true)`;
/**
 * The settings of a read sent in one batch with its only statement (batch.ts): read-only like the BEGIN of the other
 * path (setting it on is allowed at any point of a transaction); the isolation level is the database's default (read
 * committed unless its owner changed it): it cannot be set after the settings' own snapshot.
 */
export const SETTINGS_READ_SQL = `${SETTINGS_SQL}, set_config('transaction_read_only', 'on', true)`;

/** The claims' JSON by claims object: a verified token's payload is kept (auth.ts), so it is written once. */
const claimsText = new WeakMap<object, string>();
function claimsJson(claims: object): string {
  let text = claimsText.get(claims);
  if (text === undefined) {
    text = JSON.stringify(claims);
    claimsText.set(claims, text);
  }
  return text;
}

type PipelinedClient = pg.PoolClient & { pipeline: boolean; connection: PgConnection & { stream: { cork(): void; uncork(): void } } };

/**
 * One transaction per request: the caller's role and claims (local to it, so the pooled connection is left as it
 * was), a statement timeout, and a search path of the profile's schema. Postgres errors become PostgREST's.
 *
 * Round trips: on a busy machine each one costs a scheduling delay of the backend (bench/data-api.ts), so the
 * connection is used in pg's pipeline mode for the request. A read whose first statement is its only one (`finish`)
 * sends the settings and that statement as one batch with one Sync, an implicit transaction without BEGIN/COMMIT
 * (batch.ts; read-only through `transaction_read_only`): one write and one answer. Otherwise BEGIN with the settings
 * goes out with the first statement (for a read, on its first `query`), and a read's last statement with its COMMIT.
 * Postgres runs them in order in one transaction: if the settings failed, the transaction is aborted and no
 * statement runs, never outside the role.
 *
 * A class, not closures: the platform runs under tsx, whose esbuild `keepNames` wraps every named closure in a
 * defineProperty call, and the six closures a request made were a visible share of its CPU (bench/data-api.ts).
 */
class RequestTransaction {
  /** The connection's stream is corked until the work first waits (see `transaction`). */
  private corked = true;
  /** An error that makes the connection unusable: it is closed on release. */
  broken: Error | undefined;
  /** The read's last statement went out with its end (`finish`). */
  committed = false;
  /** BEGIN and the settings, once queued. */
  setup: Promise<unknown> | null = null;
  /** The settings' bind parameters (the claims and the path come from the request; the role is one of REQUEST_ROLES). */
  private readonly values: string[];
  /** Prepared statements are scoped by role and search path (see `prepared`). */
  private readonly scope: string;

  constructor(
    readonly client: PipelinedClient,
    caller: Caller,
    searchPath: string,
    private readonly readOnly: boolean,
    timeoutMs: number,
    path: string,
    method: string,
  ) {
    this.values = [caller.role, claimsJson(caller.claims), String(timeoutMs), searchPath, method, path];
    this.scope = `${caller.role}\u0000${searchPath}`;
  }

  uncork(): void {
    if (this.corked) this.client.connection.stream.uncork();
    this.corked = false;
  }

  /**
   * BEGIN and the settings, queued before the request's first statement (pipelined: no round trip of their own). The
   * settings are bind parameters like every value. Never a prepared statement: database code can deallocate or
   * replace a connection's prepared statements (DEALLOCATE and PREPARE run in functions), and the role switch must
   * not depend on what a connection kept.
   */
  begin(): void {
    if (this.setup) return;
    const opened = this.client.query(this.readOnly ? 'begin isolation level read committed read only' : 'begin');
    const configured = this.client.query(SETTINGS_SQL, this.values);
    this.setup = Promise.all([opened, configured]);
    this.setup.catch(() => {}); // awaited in `transaction`; its failure is reported instead of the statements' 25P02
  }

  /** A read's statements go through here (the work's `client`), so BEGIN and the settings are queued before the first. */
  query(...args: unknown[]): unknown {
    this.begin();
    return (this.client.query as (...a: unknown[]) => unknown)(...args);
  }

  /** The statement as a prepared statement of the connection, scoped by role and search path (see `prepared`). */
  named(config: pg.QueryConfig): pg.QueryConfig {
    return prepared(this.client.connection, this.scope, config);
  }

  /**
   * Sends a read's one and only statement with its end right behind it (pipelined: one round trip). Only for
   * statements after which nothing else runs in the transaction: a later statement would run after the commit,
   * outside the caller's role.
   */
  async finish(config: pg.QueryConfig): Promise<pg.QueryResult> {
    this.committed = true;
    // The read's only statement: settings and statement in one implicit transaction (batch.ts).
    if (!this.setup) return settingsThenStatement(this.client, { text: SETTINGS_READ_SQL, values: this.values }, config);
    const statement = this.client.query(config);
    const commit = this.client.query('commit');
    commit.catch(() => {});
    const result = await statement;
    await commit;
    return result;
  }
}

async function transaction(
  pool: pg.Pool,
  caller: Caller,
  schema: string,
  readOnly: boolean,
  timeoutMs: number,
  path: string,
  method: string,
  work: (client: pg.PoolClient, tx: RequestTransaction) => Promise<Result>,
  timing?: Phases,
): Promise<Result> {
  let client: pg.PoolClient;
  try {
    timing?.note('waiting', pool.waitingCount);
    client = await pool.connect();
    timing?.mark('connection');
  } catch {
    throw new ApiError(503, 'PGRST000', 'Could not connect to the project database');
  }
  // pg (8.23) sends queued queries without waiting while `pipeline` is set; only for this request's queries.
  const pipelined = client as PipelinedClient;
  pipelined.pipeline = true;
  // Each query is otherwise one write(2) of its own: under load the four of a read (BEGIN, the settings, the
  // statement, COMMIT) were a quarter of the platform's CPU (bench/data-api.ts). Corked, the messages queued before
  // the work first waits go out in one write; the cork is lifted before anything is awaited.
  pipelined.connection.stream.cork();
  const searchPath = schema === 'public' ? ident('public') : `${ident(schema)}, public`;
  const tx = new RequestTransaction(pipelined, caller, searchPath, readOnly, timeoutMs, path, method);
  if (!readOnly) tx.begin();
  try {
    let pending: Promise<Result>;
    try {
      pending = work(readOnly ? (tx as unknown as pg.PoolClient) : client, tx);
    } finally {
      tx.uncork();
    }
    const result = await pending;
    timing?.mark('query');
    if (tx.setup) await tx.setup;
    if (!tx.committed) await client.query(result.rollback ? 'rollback' : 'commit');
    return result;
  } catch (error) {
    const setupError = tx.setup
      ? await tx.setup.then(
          () => null,
          (failure: unknown) => failure,
        )
      : null;
    // After a failed statement the pipelined COMMIT (or the batch's Sync) ended the transaction as a ROLLBACK; a
    // second one only warns.
    await client.query('rollback').catch((rollbackError: Error) => {
      tx.broken = rollbackError;
    });
    const reported = setupError ?? error;
    // A prepared statement of the connection missing (database code ran DEALLOCATE) or a name already taken (it ran
    // PREPARE): pg's record of the connection's statements is wrong, so the connection is closed, not reused.
    const code = (reported as { code?: unknown }).code;
    if (code === '26000' || code === '42P05') tx.broken ??= reported as Error;
    if (reported instanceof ApiError) throw reported;
    throw fromPostgres(reported, caller.role !== 'anon');
  } finally {
    tx.uncork();
    pipelined.pipeline = false;
    client.release(tx.broken);
  }
}

export { parseError };
