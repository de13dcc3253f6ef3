// What the MCP tools do, on the platform's own paths (issue 16): membership through server/http/access.ts, SQL
// through the SQL editor's query path (runQueryJson: the console's pool, its statement timeout, result cap and
// read-only transaction).
import type pg from 'pg';
import { ORGANIZATION_COLUMNS, PROJECT_COLUMNS, projectAccess, type ProjectRow } from '../http/access.ts';
import { forbidden, unavailable } from '../http/errors.ts';
import { EXTENSIONS_SQL } from '../pgmeta/introspection.ts';
import { applyMigration as recordedMigration, listMigrations as historyOf } from '../pgmeta/migrations.ts';
import { runQueryJson } from '../pgmeta/query.ts';
import { projectEndpoint } from '../routes/projectJson.ts';
import type { Services } from '../services.ts';
import type { Bucket } from '../../src/api/schemas/storage.ts';
import { listBuckets } from '../storage/buckets.ts';
import { openStorageProject } from '../storage/project.ts';
import { globalFileSizeLimit } from '../storage/settings.ts';

export interface ToolContext {
  services: Services;
  publicHost: string;
  userId: string;
  /** `read_only=true` in the server URL: every statement runs in a read-only transaction. */
  readOnly: boolean;
}

/** The caller's running project: a member's access check first (404 for a stranger), then its status. */
export async function runningProject(ctx: ToolContext, ref: string): Promise<{ project: ProjectRow; pool: pg.Pool }> {
  const project = await projectAccess(ctx.services.pool, ref, ctx.userId);
  if (project.status !== 'ACTIVE_HEALTHY') throw unavailable(`The project is not running (status ${project.status})`);
  return { project, pool: await ctx.services.pools.console(project.ref) };
}

/** Read-only by the URL, or because the member's role is read-only (as the SQL editor's query endpoint). */
const readOnlyFor = (ctx: ToolContext, project: ProjectRow) => ctx.readOnly || project.role === 'read_only';

export async function executeSql(ctx: ToolContext, ref: string, query: string): Promise<unknown[]> {
  const { project, pool } = await runningProject(ctx, ref);
  const result = await runQueryJson(pool, { query }, { readOnly: readOnlyFor(ctx, project) });
  return JSON.parse(result.json) as unknown[];
}

const LIST_TABLES_SQL = `
select n.nspname as schema, c.relname as name, c.relrowsecurity as rls_enabled,
       greatest(c.reltuples, 0)::bigint as estimated_rows,
       coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
                                                   'nullable', not a.attnotnull) order by a.attnum)
                   from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r', 'p') and n.nspname = any($1::text[])
 order by n.nspname, c.relname`;

export async function listTables(ctx: ToolContext, ref: string, schemas: string[]): Promise<unknown[]> {
  const { pool } = await runningProject(ctx, ref);
  return (await pool.query(LIST_TABLES_SQL, [schemas])).rows;
}

export async function listExtensions(ctx: ToolContext, ref: string): Promise<unknown[]> {
  const { pool } = await runningProject(ctx, ref);
  return (await pool.query(EXTENSIONS_SQL)).rows;
}

/**
 * Runs a migration's statements and records it in the project's migration history (server/pgmeta/migrations.ts, the
 * same path as the console's and the Management API's): either both happen or neither. Refused in read-only mode,
 * and below developer.
 */
export async function applyMigration(ctx: ToolContext, ref: string, name: string, query: string): Promise<{ version: string; name: string }> {
  if (ctx.readOnly) throw forbidden('This MCP server is read-only (read_only=true): migrations cannot be applied');
  await projectAccess(ctx.services.pool, ref, ctx.userId, 'developer', 'apply migrations');
  const { pool } = await runningProject(ctx, ref);
  return recordedMigration(pool, name, query);
}

export async function listMigrations(ctx: ToolContext, ref: string): Promise<unknown[]> {
  const { pool } = await runningProject(ctx, ref);
  return historyOf(pool, { withStatements: false });
}

export async function projectUrl(ctx: ToolContext, ref: string): Promise<string> {
  const project = await projectAccess(ctx.services.pool, ref, ctx.userId);
  return `http://${projectEndpoint(ctx.publicHost, project.ref)}`;
}

/** The keys safe for a browser: the legacy anon key, and publishable keys where the platform has them. */
export async function publishableKeys(ctx: ToolContext, ref: string): Promise<{ name: string; type: string; api_key: string }[]> {
  const project = await projectAccess(ctx.services.pool, ref, ctx.userId);
  const db = ctx.services.pool;
  const keys = (
    await db.query<{ name: string; type: string; api_key: string }>(
      `select name, 'legacy' as type, api_key from api_keys where project_id = $1 and name = 'anon'`,
      [project.id],
    )
  ).rows;
  const { rows } = await db.query<{ exists: boolean }>(`select to_regclass('project_api_keys') is not null as exists`);
  if (rows[0]?.exists) {
    const publishable = await db.query<{ name: string; type: string; api_key: string }>(
      `select name, type, api_key from project_api_keys where project_id = $1 and type = 'publishable' and revoked_at is null order by inserted_at`,
      [project.id],
    );
    keys.push(...publishable.rows);
  }
  return keys;
}

/** The logs the platform keeps for a project: its auth service's audit log (in the project's auth schema). */
export async function authLogs(ctx: ToolContext, ref: string, limit: number): Promise<unknown[]> {
  const { pool } = await runningProject(ctx, ref);
  const { rows } = await pool.query<{ exists: boolean }>(`select to_regclass('auth.audit_log_entries') is not null as exists`);
  if (!rows[0]?.exists) return [];
  return (
    await pool.query(
      `select created_at, payload->>'action' as action, payload->>'actor_username' as actor, ip_address
         from auth.audit_log_entries order by created_at desc limit $1`,
      [limit],
    )
  ).rows;
}

export async function listOrganizations(ctx: ToolContext): Promise<unknown[]> {
  const { rows } = await ctx.services.pool.query(
    `select ${ORGANIZATION_COLUMNS}, m.role from organizations o join plans pl on pl.id = o.plan_id
       join members m on m.organization_id = o.id and m.profile_id = $1 order by o.name, o.id`,
    [ctx.userId],
  );
  return rows.map((row: { slug: string; name: string; plan_id: string; role: string }) => ({
    slug: row.slug,
    name: row.name,
    plan: row.plan_id,
    role: row.role,
  }));
}

const projectSummary = (row: ProjectRow) => ({
  ref: row.ref,
  name: row.name,
  status: row.status,
  region: row.region,
  organization_slug: row.organization_slug,
  db_version: row.db_version,
  role: row.role,
  created_at: row.inserted_at,
});

export async function listProjects(ctx: ToolContext): Promise<unknown[]> {
  const { rows } = await ctx.services.pool.query<ProjectRow>(
    `select ${PROJECT_COLUMNS}, m.role from projects p join organizations o on o.id = p.organization_id
       join members m on m.organization_id = o.id and m.profile_id = $1
      where p.deletion_requested_at is null order by p.name, p.id`,
    [ctx.userId],
  );
  return rows.map(projectSummary);
}

export async function getProject(ctx: ToolContext, ref: string): Promise<unknown> {
  return projectSummary(await projectAccess(ctx.services.pool, ref, ctx.userId));
}

/** The storage group (A3 'Storage'): the project's buckets with their rules, as the console's storage explorer lists them. */
export async function listStorageBuckets(ctx: ToolContext, ref: string): Promise<Bucket[]> {
  const project = await projectAccess(ctx.services.pool, ref, ctx.userId);
  return listBuckets(await openStorageProject(ctx.services, project.ref, project.id, project.status));
}

/** The project's storage settings (spec B3): the global upload size limit every bucket's own limit falls under. */
export async function storageConfig(ctx: ToolContext, ref: string): Promise<{ fileSizeLimit: number }> {
  const project = await projectAccess(ctx.services.pool, ref, ctx.userId);
  return { fileSizeLimit: await globalFileSizeLimit(ctx.services.pool, project.id) };
}
