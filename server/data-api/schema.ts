// What the Data API serves of a project: the tables, views and functions of its exposed schemas with their columns,
// keys and foreign keys, read from the catalog. Like PostgREST's schema cache it is kept between requests — here
// for a few seconds, and re-read at once when a request names something it does not know (a table just created).
import type pg from 'pg';

export interface Column {
  name: string;
  /** format_type(): used only in casts the builder writes for values (never taken from request text). */
  type: string;
  /** 'json' (json/jsonb: values are sent as JSON text), 'array' (sent as a Postgres array), or 'other'. */
  category: 'json' | 'array' | 'other';
  nullable: boolean;
  hasDefault: boolean;
  description: string | null;
}

export interface Relation {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Column[];
  primaryKey: string[];
  description: string | null;
}

export interface ForeignKey {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  targetSchema: string;
  targetTable: string;
  targetColumns: string[];
}

export interface FunctionArgument {
  name: string;
  type: string;
  category: Column['category'];
  hasDefault: boolean;
}

export interface DbFunction {
  schema: string;
  name: string;
  args: FunctionArgument[];
  returnsSet: boolean;
  /** The result is a row type (a table's, a composite or OUT/TABLE columns): rows, not bare values. */
  returnsRows: boolean;
  returnType: string;
  volatility: 'i' | 's' | 'v';
  description: string | null;
}

export interface SchemaCache {
  loadedAt: number;
  /** Read again because a request named something missing: such reads happen at most every 100 ms. */
  afterMiss?: boolean;
  schemas: string[];
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, DbFunction[]>;
}

export const key = (schema: string, name: string) => `${schema}\u0000${name}`;

/** How long a read catalog is trusted before it is read again. */
const CACHE_MS = 5_000;

const caches = new Map<string, Promise<SchemaCache>>();

function categoryOf(typeCategory: string, typeName: string): Column['category'] {
  if (typeName === 'json' || typeName === 'jsonb') return 'json';
  if (typeCategory === 'A') return 'array';
  return 'other';
}

async function load(pool: pg.Pool, schemas: string[]): Promise<SchemaCache> {
  const client = await pool.connect();
  try {
    const relations = await client.query<{
      schema: string;
      name: string;
      kind: string;
      description: string | null;
      columns: { name: string; type: string; typname: string; typcategory: string; nullable: boolean; has_default: boolean; description: string | null }[];
      primary_key: string[] | null;
    }>(
      `select n.nspname as schema, c.relname as name, c.relkind::text as kind,
              obj_description(c.oid, 'pg_class') as description,
              coalesce((select json_agg(json_build_object(
                        'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typname', t.typname,
                        'typcategory', t.typcategory, 'nullable', not a.attnotnull, 'has_default', a.atthasdef or a.attidentity <> '' or a.attgenerated <> '',
                        'description', col_description(c.oid, a.attnum)) order by a.attnum)
                  from pg_attribute a join pg_type t on t.oid = a.atttypid
                 where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
              (select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
                 from pg_index i join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
                where i.indrelid = c.oid and i.indisprimary) as primary_key
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'f', 'p')`,
      [schemas],
    );
    const foreignKeys = await client.query<ForeignKey>(
      `select con.conname as name, n.nspname as schema, c.relname as "table",
              (select array_agg(a.attname::text order by k.i) from unnest(con.conkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as columns,
              fn.nspname as "targetSchema", fc.relname as "targetTable",
              (select array_agg(a.attname::text order by k.i) from unnest(con.confkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n) as "targetColumns"
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
         join pg_class fc on fc.oid = con.confrelid join pg_namespace fn on fn.oid = fc.relnamespace
        where con.contype = 'f' and n.nspname = any($1) and fn.nspname = any($1)`,
      [schemas],
    );
    const functions = await client.query<{
      schema: string;
      name: string;
      args: { name: string | null; type: string; typname: string; typcategory: string; mode: string }[] | null;
      defaults: number;
      returns_set: boolean;
      returns_rows: boolean;
      return_type: string;
      volatility: 'i' | 's' | 'v';
      description: string | null;
    }>(
      `select n.nspname as schema, p.proname as name, p.proretset as returns_set, p.provolatile::text as volatility,
              p.pronargdefaults as defaults, format_type(p.prorettype, null) as return_type,
              (rt.typtype = 'c' or (rt.oid = 'record'::regtype and p.proallargtypes is not null)) as returns_rows,
              obj_description(p.oid, 'pg_proc') as description,
              (select json_agg(json_build_object('name', p.proargnames[a.i], 'type', format_type(a.t, null), 'typname', t.typname,
                                                 'typcategory', t.typcategory, 'mode', coalesce(p.proargmodes[a.i], 'i')) order by a.i)
                 from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(t, i)
                 join pg_type t on t.oid = a.t) as args
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
        where n.nspname = any($1) and p.prokind = 'f'`,
      [schemas],
    );
    const cache: SchemaCache = { loadedAt: Date.now(), schemas, relations: new Map(), foreignKeys: foreignKeys.rows, functions: new Map() };
    for (const row of relations.rows) {
      cache.relations.set(key(row.schema, row.name), {
        schema: row.schema,
        name: row.name,
        kind: row.kind === 'r' || row.kind === 'p' || row.kind === 'f' ? 'table' : 'view',
        description: row.description,
        primaryKey: row.primary_key ?? [],
        columns: row.columns.map((c) => ({
          name: c.name,
          type: c.type,
          category: categoryOf(c.typcategory, c.typname),
          nullable: c.nullable,
          hasDefault: c.has_default,
          description: c.description,
        })),
      });
    }
    for (const row of functions.rows) {
      // Only IN, INOUT and VARIADIC arguments are passed; the last `defaults` of them have defaults.
      const inputs = (row.args ?? []).filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
      if (inputs.some((a) => !a.name)) continue; // unnamed arguments cannot be called with named JSON keys
      const fn: DbFunction = {
        schema: row.schema,
        name: row.name,
        returnsSet: row.returns_set,
        returnsRows: row.returns_rows,
        returnType: row.return_type,
        volatility: row.volatility,
        description: row.description,
        args: inputs.map((a, i) => ({
          name: a.name!,
          type: a.type,
          category: categoryOf(a.typcategory, a.typname),
          hasDefault: i >= inputs.length - row.defaults,
        })),
      };
      const list = cache.functions.get(key(row.schema, row.name)) ?? [];
      list.push(fn);
      cache.functions.set(key(row.schema, row.name), list);
    }
    return cache;
  } finally {
    client.release();
  }
}

/**
 * The project's catalog. `fresh` (a request named something the catalog lacks, maybe made a moment ago): read again,
 * unless another miss had it read in the last 100 ms — so a client asking for a missing table again and again costs
 * at most ten catalog reads a second.
 */
export async function schemaCache(ref: string, pool: pg.Pool, schemas: string[], options: { fresh?: boolean } = {}): Promise<SchemaCache> {
  const cacheKey = `${ref}\u0000${schemas.join(',')}`;
  const cached = caches.get(cacheKey);
  if (cached) {
    const value = await cached.catch(() => null);
    if (value) {
      const age = Date.now() - value.loadedAt;
      if (options.fresh ? value.afterMiss && age < 100 : age < CACHE_MS) {
        // Only while every connection of the pool is busy (under load): a lone request would otherwise open a
        // second connection for the read ahead beside its own.
        if (!options.fresh && age >= CACHE_MS / 2 && pool.totalCount > 0 && pool.idleCount === 0) readAhead(cacheKey, cached, pool, schemas);
        return value;
      }
    }
  }
  const loading = load(pool, schemas).then((cache) => ({ ...cache, afterMiss: options.fresh === true }));
  caches.set(cacheKey, loading);
  loading.catch(() => {
    if (caches.get(cacheKey) === loading) caches.delete(cacheKey);
  });
  return loading;
}

/** Catalog reads started ahead of an expiry, by the cache they will replace. */
const readingAhead = new WeakSet<Promise<SchemaCache>>();

/**
 * A catalog past half its CACHE_MS is read again in the background, while the pool is busy, as requests keep using it
 * (issue 17): before, the request that found it expired read it while every request arriving meanwhile waited for
 * that read, which itself queued for a connection behind them (under the bench's load a stall of every in-flight request every 5 s).
 * The bound is unchanged (no request uses a catalog older than CACHE_MS) and forgetSchemaCache drops a read in flight.
 */
function readAhead(cacheKey: string, current: Promise<SchemaCache>, pool: pg.Pool, schemas: string[]): void {
  if (readingAhead.has(current)) return;
  readingAhead.add(current);
  const loading = load(pool, schemas).then((cache) => ({ ...cache, afterMiss: false }));
  loading.then(
    () => {
      if (caches.get(cacheKey) === current) caches.set(cacheKey, loading);
    },
    () => readingAhead.delete(current), // tried again by a later request
  );
}

/**
 * Whether SQL run through the console may have changed the catalog the Data API serves: anything but a plain read.
 * (A read that changes the catalog through a function is caught by the Data API's own miss: it reads again once.)
 */
export function mayChangeCatalog(sql: string): boolean {
  const start = sql.replace(/^(\s|--[^\n]*\n?|\/\*[\s\S]*?\*\/)*/, '');
  return !/^(select|explain|show|table|values)\b/i.test(start);
}

/** A changed catalog (the console's DDL) is seen at the next request. */
export function forgetSchemaCache(ref: string): void {
  for (const cacheKey of caches.keys()) if (cacheKey.startsWith(`${ref}\u0000`)) caches.delete(cacheKey);
}
