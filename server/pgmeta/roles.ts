// Database → Roles on the shared cluster (issue 19): the platform creates, alters, grants and drops a project's own
// database roles with its admin connection, after its checks, because the console's database role has no CREATEROLE
// here (on a cluster every project shares, CREATEROLE could alter any tenant's roles).
// - Who: members allowed to write the database (developer and up, as the query endpoint's writes); others 403,
//   strangers 404.
// - Which roles: a new role's name must be free across the cluster and not reserved; it is recorded in
//   project_roles (platform database, which project SQL cannot reach) in the same transaction that creates it. Only
//   roles recorded for THIS project can be altered, renamed, granted or dropped.
// - What: never SUPERUSER, CREATEROLE, REPLICATION, CREATEDB or BYPASSRLS; a new role gets CONNECT on this project's
//   database only (project databases revoke CONNECT from PUBLIC); memberships only among this project's roles and
//   its owner role, so nothing is ever granted to or from the cluster-wide anon/authenticated/service_role.
// - The SQL: built by the same src/domain/database/roles.ts functions the dialog shows; the request carries the SQL
//   the user saw and is refused (409) when the platform would run anything else (the role changed meanwhile).
import { Hono, type Context } from 'hono';
import type pg from 'pg';
import { z } from 'zod';
import {
  createProjectRoleStatements,
  draftFromRole,
  dropProjectRoleStatements,
  editProjectRoleStatements,
  membershipStatement,
  rolesQuery,
  type RoleDraft,
  type RoleRow,
} from '../../src/domain/database/roles.ts';
import { transaction } from '../../src/domain/table-editor/ddl.ts';
import { withTransaction } from '../db/transaction.ts';
import { projectAccess, type ProjectRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, conflict, forbidden, notFound, unavailable } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { ownerRole, projectDatabase } from '../projects/names.ts';
import { runQuery, sqlError } from './query.ts';

const draftBody = z.object({
  name: z.string().max(200),
  canLogin: z.boolean(),
  createDb: z.boolean(),
  createRole: z.boolean(),
  replication: z.boolean(),
  bypassRls: z.boolean(),
  inherit: z.boolean(),
  connectionLimit: z.string().max(20),
  validUntil: z.string().max(100),
  password: z.string().max(1000),
});

/** `shown`: the SQL the dialog showed; the platform runs its own build only when it is the same text. */
export const createRoleBody = z.object({ draft: draftBody, shown: z.string().max(10_000) });
export const editRoleBody = createRoleBody;
export const membershipBody = z.object({ group: z.string().min(1).max(200), grant: z.boolean(), shown: z.string().max(10_000) });
export const dropRoleBody = z.object({ shown: z.string().max(10_000) });

const isSqlError = (error: unknown): error is Parameters<typeof sqlError>[0] =>
  typeof (error as { code?: unknown }).code === 'string' && typeof (error as { severity?: unknown }).severity === 'string';

async function writableProject(c: Context<AppEnv>): Promise<ProjectRow> {
  const project = await projectAccess(c.var.services.pool, c.req.param('ref') ?? '', c.var.user.sub, 'developer', 'change the database');
  if (project.status === 'INACTIVE') throw unavailable('The project is paused: restore it to change its roles');
  if (project.status !== 'ACTIVE_HEALTHY') throw unavailable(`The project is not running (status ${project.status})`);
  return project;
}

/** A builder's thrown message is the user's mistake: 400 with it. */
function build(statements: () => string[]): string[] {
  try {
    return statements();
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : String(error));
  }
}

function sameAsShown(statements: string[], shown: string): void {
  if (transaction(statements).query !== shown) {
    throw conflict('The role changed since this dialog opened, so its SQL would differ from what was shown: close it and try again');
  }
}

async function recordedProject(db: Pick<pg.Pool, 'query'>, name: string): Promise<number | null> {
  const { rows } = await db.query<{ project_id: number }>('select project_id from project_roles where name = $1', [name]);
  return rows[0]?.project_id ?? null;
}

/**
 * The role, which must be one this project created; 403 for any other existing role, 404 for none. Read as the
 * page reads it (the page's catalog query through the console's pool and the query endpoint's serialisation), so
 * the edit built from it is the one the dialog built and showed.
 */
async function ownRole(c: Context<AppEnv>, project: ProjectRow, name: string): Promise<RoleRow> {
  const owner = await recordedProject(c.var.services.pool, name);
  const { rowCount } = await c.var.services.pool.query('select 1 from pg_roles where rolname = $1', [name]);
  if (!rowCount) throw notFound(`Role "${name}" not found`);
  if (owner !== project.id) throw forbidden(`Role "${name}" was not created for this project: only the project's own roles can be changed here`);
  const pool = await c.var.services.pools.console(project.ref);
  const rows = (await runQuery(pool, rolesQuery, { readOnly: true })) as RoleRow[];
  const row = rows.find((r) => r.name === name);
  if (!row) throw notFound(`Role "${name}" not found`);
  return row;
}

async function nameTaken(db: Pick<pg.Pool, 'query'>, name: string): Promise<void> {
  const { rowCount } = await db.query('select 1 from pg_roles where rolname = $1 union all select 1 from project_roles where name = $1', [name]);
  if (rowCount) throw conflict(`A role named "${name}" already exists on this server: choose another name`);
}

/** Runs the statements in the platform transaction `client` is in; Postgres's own errors come back as 400s. */
async function runAll(client: pg.PoolClient, statements: string[]): Promise<void> {
  for (const statement of statements) {
    try {
      await client.query(statement);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === '42710' || code === '23505') throw conflict((error as Error).message);
      if (isSqlError(error)) throw sqlError(error, transaction(statements).query);
      throw error;
    }
  }
}

const draftOf = (body: z.infer<typeof draftBody>): RoleDraft => ({ ...body });

export function projectRoleRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // What the Roles page needs beside the catalog: the roles this project may change, its database and owner role.
  routes.get('/pg-meta/:ref/roles', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref') ?? '', c.var.user.sub);
    const { rows } = await c.var.services.pool.query<{ name: string }>('select name from project_roles where project_id = $1 order by name', [project.id]);
    return c.json({ database: projectDatabase(project.ref), owner: ownerRole(project.ref), roles: rows.map((row) => row.name) });
  });

  routes.post('/pg-meta/:ref/roles', async (c) => {
    const project = await writableProject(c);
    const body = await readBody(c, createRoleBody);
    const draft = draftOf(body.draft);
    const statements = build(() => createProjectRoleStatements(draft, projectDatabase(project.ref)));
    sameAsShown(statements, body.shown);
    const name = draft.name.trim();
    await nameTaken(c.var.services.pool, name);
    await withTransaction(c.var.services.pool, async (client) => {
      await client.query('insert into project_roles (name, project_id) values ($1, $2)', [name, project.id]).catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') throw conflict(`A role named "${name}" already exists on this server: choose another name`);
        throw error;
      });
      await runAll(client, statements);
    });
    return c.json({ name }, 201);
  });

  routes.patch('/pg-meta/:ref/roles/:name', async (c) => {
    const project = await writableProject(c);
    const body = await readBody(c, editRoleBody);
    const current = await ownRole(c, project, c.req.param('name'));
    const draft = draftOf(body.draft);
    const statements = build(() => editProjectRoleStatements(draftFromRole(current), draft));
    sameAsShown(statements, body.shown);
    const name = draft.name.trim();
    if (name !== current.name) await nameTaken(c.var.services.pool, name);
    await withTransaction(c.var.services.pool, async (client) => {
      if (name !== current.name) {
        await client.query('update project_roles set name = $1 where name = $2 and project_id = $3', [name, current.name, project.id]).catch((error: unknown) => {
          if ((error as { code?: string }).code === '23505') throw conflict(`A role named "${name}" already exists on this server: choose another name`);
          throw error;
        });
      }
      await runAll(client, statements);
    });
    return c.json({ name });
  });

  routes.post('/pg-meta/:ref/roles/:name/membership', async (c) => {
    const project = await writableProject(c);
    const body = await readBody(c, membershipBody);
    const role = await ownRole(c, project, c.req.param('name'));
    const owner = ownerRole(project.ref);
    if (body.group !== owner && (await recordedProject(c.var.services.pool, body.group)) !== project.id) {
      throw forbidden(`Role "${role.name}" can only become a member of this project's own roles or its owner role ${owner}, not "${body.group}"`);
    }
    if (body.group === role.name) throw badRequest('A role cannot be a member of itself');
    const statements = [membershipStatement(role.name, body.group, body.grant)];
    sameAsShown(statements, body.shown);
    await withTransaction(c.var.services.pool, (client) => runAll(client, statements));
    return c.json({ name: role.name });
  });

  routes.delete('/pg-meta/:ref/roles/:name', async (c) => {
    const project = await writableProject(c);
    const body = await readBody(c, dropRoleBody);
    const role = await ownRole(c, project, c.req.param('name'));
    const statements = dropProjectRoleStatements(role.name, projectDatabase(project.ref));
    sameAsShown(statements, body.shown);
    await withTransaction(c.var.services.pool, async (client) => {
      await client.query('delete from project_roles where name = $1 and project_id = $2', [role.name, project.id]);
      // Postgres refuses while the role owns objects or holds privileges (2BP01), and says which: a 400 with that.
      await runAll(client, statements);
    });
    return c.json({ name: role.name });
  });

  return routes;
}
