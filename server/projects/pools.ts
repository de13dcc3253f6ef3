// Connection pools to project databases, as each project's `strata_<ref>_api` role (never a superuser, so SQL sent
// by a member cannot reach other projects or the platform's metadata). Two per project (issue 13 finding 5, DESIGN
// §5 "Limits"): one for the console's queries (SQL editor, catalog reads) with the statement timeout, one for the
// project API (storage, REST, auth, the platform's own checks), so slow console queries cannot starve the API.
// Both are sized from the compute size's connection limit. Unused pools are closed.
import pg from 'pg';
import type { DatabaseServer } from '../db/server.ts';
import { connectionLimit } from '../lifecycle/compute.ts';
import { apiRole, projectDatabase } from './names.ts';
import { notFound } from '../http/errors.ts';

// Values the console shows as text stay text (int8, numeric, dates, timestamps, bytea): JavaScript numbers and
// Dates would lose precision or shift time zones. Only these types are converted to JSON values.
const CONVERTED_TYPES = new Set([
  16, // bool
  21, // int2
  23, // int4
  26, // oid
  700, // float4
  701, // float8
  114, // json
  3802, // jsonb
  1000, // bool[]
  1005, // int2[]
  1007, // int4[]
  1009, // text[]
  1015, // varchar[]
  1021, // float4[]
  1022, // float8[]
  199, // json[]
  3807, // jsonb[]
]);

/** The parser of every type not in CONVERTED_TYPES: the value as Postgres wrote it (server/pgmeta/row-json.ts relies on it). */
export const asText = (value: string): string => value;

export const projectTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    CONVERTED_TYPES.has(oid) ? pg.types.getTypeParser(oid, format ?? 'text') : asText) as pg.CustomTypesConfig['getTypeParser'],
};

/** The console's statement timeout when STRATA_QUERY_TIMEOUT_MS does not set one: 2 minutes. */
export const DEFAULT_QUERY_TIMEOUT_MS = 2 * 60_000;

/**
 * The statement timeout of the console's queries (issue 13 finding 4), from STRATA_QUERY_TIMEOUT_MS: a whole number
 * of milliseconds, at least 1000. Read when the platform starts (createProjectPools), so a bad value stops the start.
 */
export function queryTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.STRATA_QUERY_TIMEOUT_MS?.trim();
  if (!raw) return DEFAULT_QUERY_TIMEOUT_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1000) {
    throw new Error(`STRATA_QUERY_TIMEOUT_MS must be a whole number of milliseconds, at least 1000; got '${raw}'`);
  }
  return value;
}

/**
 * Pool sizes for a compute size's connection limit (server/lifecycle/compute.ts; Micro 60): a third for the project
 * API, a sixth for the console; the rest stays for the project's own clients (psql, apps). Capped, since every
 * project shares one cluster and its max_connections.
 */
export function poolSizes(limit: number): { api: number; console: number } {
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.floor(value)));
  return { api: clamp(limit / 3, 5, 40), console: clamp(limit / 6, 3, 20) };
}

/**
 * How long an idle connection to a project database is kept (issue 15, platform memory). Every connection is a
 * postgres backend of ~15 MB RSS, one per project in use, so five projects left open cost ~75 MB if kept; opening a
 * new one costs ~10–30 ms (measured here: connection, SCRAM, first catalog reads). The pools keep no minimum
 * (pg's `min` is 0): a burst of requests shares warm connections, a project left alone holds none.
 */
export const IDLE_CONNECTION_MS = 500;

/**
 * How long the project API's pool keeps every connection it has after it was last saturated (a request found all
 * of its connections busy). Under a load that fills the pool (the Data API's 200-client bench), a lull of half a
 * second (a client's pause, a GC, the machine busy elsewhere) used to close the connections, and the next burst paid
 * for new ones: a connection and SCRAM each, and their backends' catalog caches and prepared statements (issue 17)
 * built again. The trade: a project that was busy within the last WARM_AFTER_SATURATION_MS holds up to its API pool
 * size of backends (Micro: 20 × ~15 MB) that long, then the IDLE_CONNECTION_MS rule again. A project used lightly (a
 * console query, a few requests) never saturates its pool and keeps the one-second promise of issue 15.
 */
export const WARM_AFTER_SATURATION_MS = 5_000;

/**
 * Keeps `pool`'s connections open while it was saturated in the last WARM_AFTER_SATURATION_MS (see there), through
 * pg-pool's `min` (read each time an idle connection's timer fires). Called when a request asks for the pool.
 */
function keepWarmWhenSaturated(pool: pg.Pool & { options: { min: number; max: number } }, warm: { until: number; timer: NodeJS.Timeout | null }): void {
  const saturated = pool.waitingCount > 0 || (pool.idleCount === 0 && pool.totalCount >= pool.options.max);
  if (!saturated) return;
  warm.until = Date.now() + WARM_AFTER_SATURATION_MS;
  pool.options.min = pool.options.max;
  if (warm.timer) return;
  const check = () => {
    const left = warm.until - Date.now();
    if (left > 0) {
      warm.timer = setTimeout(check, left);
      warm.timer.unref();
      return;
    }
    warm.timer = null;
    pool.options.min = 0;
    // Idle connections got no idle timer while the minimum held them: taking and returning each gives it one.
    const idle = pool.idleCount;
    for (let n = 0; n < idle; n++) {
      pool.connect().then(
        (client) => client.release(),
        () => {},
      );
    }
  };
  warm.timer = setTimeout(check, WARM_AFTER_SATURATION_MS);
  warm.timer.unref();
}

/** How long a request waits for a connection of the pool before a 503: the console queues longer. */
const API_WAIT_MS = 5_000;
const CONSOLE_WAIT_MS = 30_000;

export interface ProjectPools {
  /** The project API's pool of a project's database; 404 when the project has no platform secrets (gone). */
  get(ref: string): Promise<pg.Pool>;
  /** The console's pool (pg-meta: the query endpoint and catalog reads), with the statement timeout. */
  console(ref: string): Promise<pg.Pool>;
  close(ref: string): Promise<void>;
  closeAll(): Promise<void>;
}

interface Pair {
  api: pg.Pool;
  console: pg.Pool;
  /** The API pool's warm period after saturation (keepWarmWhenSaturated). */
  warm: { until: number; timer: NodeJS.Timeout | null };
}

interface Entry {
  pools: Promise<Pair>;
  lastUsed: number;
}

export function createProjectPools(options: {
  server: DatabaseServer;
  platform: Pick<pg.Pool, 'query'>;
  /** A pool unused for this long is closed (its connections go back to the cluster). */
  idleMs?: number;
}): ProjectPools {
  const idleMs = options.idleMs ?? 5 * 60_000;
  const statementTimeout = queryTimeoutMs();
  const entries = new Map<string, Entry>();

  async function open(ref: string): Promise<Pair> {
    const { rows } = await options.platform.query<{ api_role_password: string; size: string | null }>(
      `select s.api_role_password, d.infra_compute_size as size
         from project_secrets s join projects p on p.id = s.project_id
         left join databases d on d.project_id = p.id and d.identifier = p.ref
        where p.ref = $1`,
      [ref],
    );
    const password = rows[0]?.api_role_password;
    if (!password) throw notFound('Project not found');
    // A resize holds and reopens the database, which closes these pools: the next open takes the new size.
    const sizes = poolSizes(connectionLimit(rows[0]?.size ?? 'ci_micro'));
    const connectionString = options.server.urlAs(projectDatabase(ref), apiRole(ref), password);
    const make = (config: pg.PoolConfig) => {
      const pool = new pg.Pool({ connectionString, idleTimeoutMillis: IDLE_CONNECTION_MS, min: 0, types: projectTypes, ...config });
      pool.on('error', () => {});
      return pool;
    };
    return {
      warm: { until: 0, timer: null },
      api: make({ max: sizes.api, connectionTimeoutMillis: API_WAIT_MS, application_name: 'strata-api' }),
      console: make({
        max: sizes.console,
        connectionTimeoutMillis: CONSOLE_WAIT_MS,
        application_name: 'strata-console',
        // A session default (a startup parameter): `discard all` at the end of each request brings it back.
        statement_timeout: statementTimeout,
      }),
    };
  }

  async function closeEntry(ref: string): Promise<void> {
    const entry = entries.get(ref);
    if (!entry) return;
    entries.delete(ref);
    const pair = await entry.pools.catch(() => null);
    if (pair?.warm.timer) clearTimeout(pair.warm.timer);
    await Promise.all([pair?.api.end().catch(() => {}), pair?.console.end().catch(() => {})]);
  }

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [ref, entry] of entries) if (now - entry.lastUsed > idleMs) void closeEntry(ref);
  }, Math.min(idleMs, 60_000));
  sweeper.unref();

  function pools(ref: string): Promise<Pair> {
    let entry = entries.get(ref);
    if (!entry) {
      const created: Entry = { pools: open(ref), lastUsed: Date.now() };
      entries.set(ref, created);
      // A failed open is not cached: the next call tries again.
      created.pools.catch(() => {
        if (entries.get(ref) === created) entries.delete(ref);
      });
      entry = created;
    }
    entry.lastUsed = Date.now();
    return entry.pools;
  }

  return {
    get: async (ref) => {
      const pair = await pools(ref);
      keepWarmWhenSaturated(pair.api as Parameters<typeof keepWarmWhenSaturated>[0], pair.warm);
      return pair.api;
    },
    console: async (ref) => (await pools(ref)).console,
    close: closeEntry,
    async closeAll() {
      clearInterval(sweeper);
      await Promise.all([...entries.keys()].map(closeEntry));
    },
  };
}
