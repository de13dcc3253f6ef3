// The project's migration history (issue 19, spec A2.6 "Migrations"): applying a migration runs its SQL and records
// it in the project's own database (strata_migrations.schema_migrations; see src/domain/database/migrations.ts for
// why there), in one transaction on one connection of the console's pool — its statement timeout applies; either
// both happen or neither. One implementation for the console (POST /platform/pg-meta/{ref}/migrations), the
// Management API (/v1/projects/{ref}/database/migrations) and the MCP server's apply_migration.
import { Hono, type Context } from 'hono';
import type pg from 'pg';
import { z } from 'zod';
import { storableString } from '../../src/api/schemas/platformFields.ts';
import { MIGRATIONS_SCHEMA, MIGRATIONS_TABLE, migrationNameProblem, transactionControlIn, type MigrationRow } from '../../src/domain/database/migrations.ts';
import { projectAccess, type ProjectRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, errorResponse, unavailable } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { sqlError } from './query.ts';

const TABLE = `${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`;

export const applyMigrationBody = z.object({
  name: storableString(1000),
  query: storableString(1_000_000).refine((q) => q.trim() !== '', { error: 'must not be empty' }),
});

const isSqlError = (error: unknown): error is Parameters<typeof sqlError>[0] =>
  typeof (error as { code?: unknown }).code === 'string' && typeof (error as { severity?: unknown }).severity === 'string';

/** Applies `query` and records it as `name`; the version is the UTC time of the apply to the microsecond. */
export async function applyMigration(pool: pg.Pool, name: string, query: string): Promise<{ version: string; name: string }> {
  const problem = migrationNameProblem(name);
  if (problem) throw badRequest(problem);
  const cleanName = name.trim();
  const control = transactionControlIn(query);
  if (control) throw badRequest(`A migration must not control its own transaction (${control}): it runs in one transaction with its record`);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch {
    throw unavailable('Could not connect to the project database');
  }
  let broken = false;
  try {
    await client.query('begin');
    await client.query(`create schema if not exists ${MIGRATIONS_SCHEMA}`);
    await client.query(`create table if not exists ${TABLE} (version text primary key, name text not null,
      statements text not null, applied_at timestamptz not null default now())`);
    // The simple protocol: a migration may hold several statements.
    await client.query({ text: query });
    if (client.getTransactionStatus() !== 'T') throw badRequest('A migration must not end its own transaction (COMMIT or ROLLBACK)');
    const { rows } = await client.query<{ version: string }>(
      `insert into ${TABLE} (version, name, statements)
       values (to_char(clock_timestamp() at time zone 'utc', 'YYYYMMDDHH24MISSUS'), $1, $2) returning version`,
      [cleanName, query],
    );
    await client.query('commit');
    return { version: rows[0]!.version, name: cleanName };
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    if (isSqlError(error)) throw sqlError(error, query);
    throw error;
  } finally {
    await client.query('discard all').catch(() => {
      broken = true;
    });
    client.release(broken);
  }
}

/** The history, oldest first; empty when nothing was ever applied (the table does not exist yet). */
export async function listMigrations(pool: pg.Pool, options: { withStatements: boolean }): Promise<MigrationRow[]> {
  const { rows } = await pool.query<{ exists: boolean }>(`select to_regclass($1) is not null as exists`, [TABLE]);
  if (!rows[0]?.exists) return [];
  const columns = options.withStatements ? 'version, name, statements, applied_at' : 'version, name, applied_at';
  return (await pool.query<MigrationRow>(`select ${columns} from ${TABLE} order by version`)).rows;
}

async function runningPool(c: Context<AppEnv>, least: 'read_only' | 'developer'): Promise<{ project: ProjectRow; pool: pg.Pool }> {
  const project = await projectAccess(c.var.services.pool, c.req.param('ref') ?? '', c.var.user.sub, least, 'apply migrations');
  if (project.status === 'INACTIVE') throw unavailable('The project is paused: restore it to run queries');
  if (project.status !== 'ACTIVE_HEALTHY') throw unavailable(`The project is not running (status ${project.status})`);
  return { project, pool: await c.var.services.pools.console(project.ref) };
}

function mount(routes: Hono<AppEnv>, path: string): void {
  routes.get(path, async (c) => {
    const { pool } = await runningPool(c, 'read_only');
    return c.json(await listMigrations(pool, { withStatements: true }));
  });
  // Applying is a write: developers and above (read-only members run SQL only in read-only transactions).
  routes.post(path, async (c) => {
    const { pool } = await runningPool(c, 'developer');
    const body = await readBody(c, applyMigrationBody);
    return c.json(await applyMigration(pool, body.name, body.query), 201);
  });
}

/** Under /api/platform: the console's Migrations page and the SQL editor's Save as migration. */
export function migrationPlatformRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  mount(routes, '/pg-meta/:ref/migrations');
  return routes;
}

/** Under /api/v1: the Management API's shape (GET lists, POST { name, query } applies). */
export function migrationV1Routes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => errorResponse(error, c));
  mount(routes, '/projects/:ref/database/migrations');
  return routes;
}
