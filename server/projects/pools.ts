// Small connection pools to project databases, as each project's `strata_<ref>_api` role (never a superuser, so
// SQL sent by a member cannot reach other projects or the platform's metadata). Unused pools are closed.
import pg from 'pg';
import type { DatabaseServer } from '../db/server.ts';
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

const asText = (value: string) => value;

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

export interface ProjectPools {
  /** The pool of a project's database; 404 when the project has no platform secrets (gone). */
  get(ref: string): Promise<pg.Pool>;
  close(ref: string): Promise<void>;
  closeAll(): Promise<void>;
}

interface Entry {
  pool: Promise<pg.Pool>;
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

  async function open(ref: string): Promise<pg.Pool> {
    const { rows } = await options.platform.query<{ api_role_password: string }>(
      `select s.api_role_password from project_secrets s join projects p on p.id = s.project_id where p.ref = $1`,
      [ref],
    );
    const password = rows[0]?.api_role_password;
    if (!password) throw notFound('Project not found');
    const pool = new pg.Pool({
      connectionString: options.server.urlAs(projectDatabase(ref), apiRole(ref), password),
      max: 3,
      idleTimeoutMillis: 10_000,
      connectionTimeoutMillis: 5_000,
      application_name: 'strata-platform',
      // A session default (a startup parameter): `discard all` at the end of each request brings it back.
      statement_timeout: statementTimeout,
      types: projectTypes,
    });
    pool.on('error', () => {});
    return pool;
  }

  async function closeEntry(ref: string): Promise<void> {
    const entry = entries.get(ref);
    if (!entry) return;
    entries.delete(ref);
    const pool = await entry.pool.catch(() => null);
    await pool?.end().catch(() => {});
  }

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [ref, entry] of entries) if (now - entry.lastUsed > idleMs) void closeEntry(ref);
  }, Math.min(idleMs, 60_000));
  sweeper.unref();

  return {
    get(ref) {
      let entry = entries.get(ref);
      if (!entry) {
        const created: Entry = { pool: open(ref), lastUsed: Date.now() };
        entries.set(ref, created);
        // A failed open is not cached: the next call tries again.
        created.pool.catch(() => {
          if (entries.get(ref) === created) entries.delete(ref);
        });
        entry = created;
      }
      entry.lastUsed = Date.now();
      return entry.pool;
    },
    close: closeEntry,
    async closeAll() {
      clearInterval(sweeper);
      await Promise.all([...entries.keys()].map(closeEntry));
    },
  };
}
