// Project creation and deletion on the shared cluster (DESIGN §5), resumable at every point:
// - create: one platform transaction inserts the project (COMING_UP) with its secrets and keys AND creates its
//   login roles (roles are transactional in Postgres), so a crash leaves either everything or nothing;
// - provision: idempotent steps (shared roles, database, grants, ACTIVE_HEALTHY), re-run at start-up for any
//   project still COMING_UP;
// - remove: marks the project first, then drops database and roles with IF EXISTS, then deletes the rows;
//   a marked project is finished off at start-up.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseServer } from '../db/server.ts';
import { withAdminClient } from '../db/platformDb.ts';
import { withTransaction } from '../db/transaction.ts';
import { withProvisionLock } from './provision-locks.ts';
import { logServerError } from '../http/errors.ts';
import { API_KEY_ROLES, newSecret, signApiKey } from './keys.ts';
import { SHARED_API_ROLES, apiRole, newProjectRef, ownerRole, projectDatabase } from './names.ts';
import type { ProjectPools } from './pools.ts';
import { SERVICE_ROLE_BYPASS_RLS } from './serviceRole.ts';
import { scramVerifier } from './scram.ts';
import { connectionLimit } from '../lifecycle/compute.ts';
import { ensureProjectAuthSchema } from '../project-auth/schema.ts';
import { cloneProjectDatabase } from '../branches/clone.ts';
import { dropProjectReplicas } from '../replicas/setup.ts';
import type { StorageBackend } from '../storage/backend.ts';

export type ProvisionStep = 'roles' | 'database' | 'grants' | 'clone' | 'activate';

export interface NewProject {
  organizationId: number;
  name: string;
  region: string;
  cloudProvider: string;
  dbVersion: string;
  /** The database password chosen by the user; only its SCRAM verifier leaves this process. */
  dbPass: string;
  /** A fixed ref (the self-hosted default project) instead of a random one; taken → the insert fails (23505). */
  ref?: string;
  /** A branch of `parentRef` (issue 20): its database is filled from the parent's before it becomes healthy. */
  branch?: { parentRef: string; parentId: number; name: string; persistent: boolean; withData: boolean };
}

export interface Provisioner {
  /** Inserts the project and its roles, then provisions it in the background. Returns the new ref. */
  create(project: NewProject): Promise<string>;
  /** Starts (or joins) provisioning of a COMING_UP project. */
  schedule(ref: string): Promise<void>;
  remove(ref: string): Promise<void>;
  /** Start-up: provisions every project left COMING_UP and finishes interrupted deletions. */
  resumePending(): Promise<void>;
  /** Why the last provisioning run of `ref` failed (it is resumed at the next start), if it did. */
  failure(ref: string): string | undefined;
  /** Resolves when no provisioning is running (shutdown, tests). */
  settled(): Promise<void>;
}

const ROLE_LOCK_KEY = 7_361_524_020;
const ignoreCodes = (codes: string[]) => (error: unknown) => {
  if (!codes.includes((error as { code?: string }).code ?? '')) throw error;
};

export function createProvisioner(deps: {
  server: DatabaseServer;
  platform: pg.Pool;
  pools: ProjectPools;
  /** Folder of the projects' files: `{filesDir}/{ref}` (objects, backups, archives) goes with the project. */
  filesDir?: string;
  /** Where its objects, backups and archives are kept (issue 23: an S3 bucket's `{ref}/…` goes with the project too). */
  storage?: Pick<StorageBackend, 'files'>;
  /** Test seam: awaited before each provisioning step (to stop the world mid-provisioning). */
  beforeStep?: (ref: string, step: ProvisionStep) => Promise<void> | void;
}): Provisioner {
  const { server, platform, pools } = deps;
  const running = new Map<string, Promise<void>>();
  const failures = new Map<string, string>();

  async function step(ref: string, name: ProvisionStep): Promise<void> {
    await deps.beforeStep?.(ref, name);
  }

  async function insertProject(client: pg.PoolClient, ref: string, project: NewProject): Promise<void> {
    const { rows } = await client.query<{ id: number }>(
      `insert into projects (ref, name, organization_id, status, region, cloud_provider, db_version, parent_project_ref)
       values ($1, $2, $3, 'COMING_UP', $4, $5, $6, $7) returning id`,
      [ref, project.name, project.organizationId, project.region, project.cloudProvider, project.dbVersion, project.branch?.parentRef ?? null],
    );
    const projectId = rows[0]!.id;
    if (project.branch) {
      await client.query(
        'insert into branches (project_id, parent_project_id, name, persistent, with_data) values ($1, $2, $3, $4, $5)',
        [projectId, project.branch.parentId, project.branch.name, project.branch.persistent, project.branch.withData],
      );
    }
    const jwtSecret = newSecret();
    const apiPassword = newSecret();
    await client.query('insert into project_secrets (project_id, jwt_secret, api_role_password) values ($1, $2, $3)', [
      projectId,
      jwtSecret,
      apiPassword,
    ]);
    for (const role of API_KEY_ROLES) {
      await client.query('insert into api_keys (project_id, name, api_key) values ($1, $2, $3)', [
        projectId,
        role,
        await signApiKey(jwtSecret, role, ref),
      ]);
    }
    await client.query(
      `insert into databases (project_id, identifier, region, status, db_host, db_port, db_name, db_user)
       values ($1, $2, $3, 'COMING_UP', $4, $5, $6, $7)`,
      [projectId, ref, project.region, server.host, server.port, projectDatabase(ref), ownerRole(ref)],
    );
    await client.query('insert into project_disks (project_id) values ($1)', [projectId]);
    // Utility statements take no bind parameters: identifiers and literals are quoted by pg's helpers.
    const owner = client.escapeIdentifier(ownerRole(ref));
    const api = client.escapeIdentifier(apiRole(ref));
    await client.query(`create role ${owner} login password ${client.escapeLiteral(scramVerifier(project.dbPass))}`);
    await client.query(
      `create role ${api} login password ${client.escapeLiteral(scramVerifier(apiPassword))} in role ${owner}`,
    );
    // Sessions of the API role act as the owner, so objects made through the SQL editor belong to the owner.
    await client.query(`alter role ${api} set role = ${client.escapeLiteral(ownerRole(ref))}`);
  }

  async function create(project: NewProject): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const ref = project.ref ?? newProjectRef();
      try {
        await withTransaction(platform, (client) => insertProject(client, ref, project));
      } catch (error) {
        // 23505 / 42710: the random ref (or a role of that name) already exists; draw another.
        const code = (error as { code?: string }).code;
        // A branch name taken under the same parent is the caller's conflict, not a ref collision.
        const constraint = (error as { constraint?: string }).constraint;
        if (project.ref === undefined && attempt < 3 && (code === '23505' || code === '42710') && constraint !== 'branches_parent_project_id_name_key') continue;
        throw error;
      }
      void schedule(ref);
      return ref;
    }
  }

  async function ensureSharedRoles(ref: string): Promise<void> {
    // Roles are cluster-wide, and several platforms may share one server, each with its own platform database:
    // concurrent `create role` / `alter role service_role` from two of them fail (duplicate_object, "tuple
    // concurrently updated"). Advisory locks are per database, so the lock that serialises this work is taken in one
    // database every platform of the server uses for it (provision-locks.ts), which project roles cannot connect to:
    // in the maintenance database (CONNECT granted to PUBLIC) any project owner could take the same key and stop
    // every tenant's provisioning (server/projects/provision-lock.test.ts). The role work runs on that connection.
    await withProvisionLock(server, ROLE_LOCK_KEY, async (admin) => {
      const { rows } = await admin.query<{ rolname: string }>('select rolname from pg_roles where rolname = any($1)', [[...SHARED_API_ROLES]]);
      const existing = new Set(rows.map((row) => row.rolname));
      for (const role of SHARED_API_ROLES) {
        if (!existing.has(role)) await admin.query(`create role ${admin.escapeIdentifier(role)} nologin noinherit`);
      }
      await admin.query(SERVICE_ROLE_BYPASS_RLS); // issue 13 finding 9: see serviceRole.ts
      // The owner may act as the API roles (role impersonation in the SQL editor, spec B4).
      const roles = SHARED_API_ROLES.map((role) => admin.escapeIdentifier(role)).join(', ');
      await admin.query(`grant ${roles} to ${admin.escapeIdentifier(ownerRole(ref))}`);
    });
  }

  async function ensureDatabase(ref: string): Promise<void> {
    await withAdminClient(server, async (admin) => {
      const database = admin.escapeIdentifier(projectDatabase(ref));
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [projectDatabase(ref)]);
      if (!rowCount) {
        await admin
          .query(`create database ${database} owner ${admin.escapeIdentifier(ownerRole(ref))}`)
          .catch(ignoreCodes(['42P04']));
      }
      // Only the project's own roles may connect to its database.
      await admin.query(`revoke connect on database ${database} from public`);
      // A new project is Micro (the databases row's default): its connection limit is that size's (spec B9).
      await admin.query(`alter database ${database} connection limit ${connectionLimit('ci_micro')}`);
    });
  }

  async function grantApiRoles(ref: string): Promise<void> {
    const client = new pg.Client({ connectionString: server.url(projectDatabase(ref)) });
    client.on('error', () => {});
    await client.connect();
    try {
      const roles = SHARED_API_ROLES.map((role) => client.escapeIdentifier(role)).join(', ');
      const owner = client.escapeIdentifier(ownerRole(ref));
      await client.query(`grant usage on schema public to ${roles}`);
      for (const kind of ['tables', 'sequences', 'functions']) {
        await client.query(`alter default privileges for role ${owner} in schema public grant all on ${kind} to ${roles}`);
      }
    } finally {
      await client.end().catch(() => {});
    }
  }

  async function provision(ref: string): Promise<void> {
    const { rows } = await platform.query<{ id: number }>(
      `select id from projects where ref = $1 and status = 'COMING_UP' and deletion_requested_at is null`,
      [ref],
    );
    const projectId = rows[0]?.id;
    if (projectId === undefined) return;
    await step(ref, 'roles');
    await ensureSharedRoles(ref);
    await step(ref, 'database');
    await ensureDatabase(ref);
    await step(ref, 'grants');
    await grantApiRoles(ref);
    // The project's own auth (issue 18): its `auth` schema, made as the owner through the API pool (idempotent).
    await ensureProjectAuthSchema(await pools.get(ref));
    await step(ref, 'clone');
    await cloneBranch(ref);
    await step(ref, 'activate');
    await platform.query(
      `with project as (
         update projects set status = 'ACTIVE_HEALTHY', updated_at = now()
          where id = $1 and status = 'COMING_UP' and deletion_requested_at is null returning id)
       update databases set status = 'ACTIVE_HEALTHY' where project_id in (select id from project)`,
      [projectId],
    );
  }

  /** A branch not yet filled from its parent gets the parent's schema (and rows with data) and migration history. */
  async function cloneBranch(ref: string): Promise<void> {
    const { rows } = await platform.query<{ id: string; parent_ref: string; with_data: boolean }>(
      `select b.id, parent.ref as parent_ref, b.with_data
         from branches b join projects p on p.id = b.project_id join projects parent on parent.id = b.parent_project_id
        where p.ref = $1 and b.project_id <> b.parent_project_id and b.cloned_at is null`,
      [ref],
    );
    const branch = rows[0];
    if (!branch) return;
    // An interrupted earlier run committed nothing (one restore transaction) unless it finished: then the history
    // table exists and the copy is done.
    const pool = await pools.get(ref);
    const { rows: done } = await pool.query<{ t: boolean }>(`select to_regclass('strata_migrations.schema_migrations') is not null or exists (
        select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname not in ('auth', 'pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and c.relkind in ('r', 'v', 'm', 'S', 'p')
           and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')) as t`);
    if (!done[0]?.t) await cloneProjectDatabase(server, branch.parent_ref, ref, branch.with_data);
    await platform.query('update branches set cloned_at = now() where id = $1', [branch.id]);
  }

  function schedule(ref: string): Promise<void> {
    const current = running.get(ref);
    if (current) return current;
    failures.delete(ref);
    const job = provision(ref)
      .catch((error) => {
        failures.set(ref, error instanceof Error ? error.message : String(error));
        logServerError(`provisioning ${ref} (resumed at next start)`, error);
      })
      .finally(() => running.delete(ref));
    running.set(ref, job);
    return job;
  }

  async function remove(ref: string): Promise<void> {
    await platform.query(
      'update projects set deletion_requested_at = coalesce(deletion_requested_at, now()), updated_at = now() where ref = $1',
      [ref],
    );
    const { rows: children } = await platform.query<{ ref: string }>(
      'select ref from projects where parent_project_ref = $1',
      [ref],
    );
    for (const child of children) await remove(child.ref);
    // A provisioning run still going could re-create what we drop: let it finish first.
    await running.get(ref);
    await pools.close(ref);
    // Roles its members created (Database → Roles, server/pgmeta/roles.ts): their only database goes first.
    const { rows: created } = await platform.query<{ name: string }>(
      'select r.name from project_roles r join projects p on p.id = r.project_id where p.ref = $1',
      [ref],
    );
    // Read replicas first (issue 20): their replication slots would keep DROP DATABASE from running.
    await dropProjectReplicas({ server, platform }, ref);
    await withAdminClient(server, async (admin) => {
      await admin.query(`drop database if exists ${admin.escapeIdentifier(projectDatabase(ref))} with (force)`);
      for (const { name } of created) await admin.query(`drop role if exists ${admin.escapeIdentifier(name)}`);
      await admin.query(`drop role if exists ${admin.escapeIdentifier(apiRole(ref))}`);
      await admin.query(`drop role if exists ${admin.escapeIdentifier(ownerRole(ref))}`);
    });
    // Refs are 20 letters (or 'default'): joining one cannot leave filesDir.
    if (deps.filesDir && /^[a-z]+$/.test(ref)) await rm(join(deps.filesDir, ref), { recursive: true, force: true });
    await deps.storage?.files.removeProject(ref);
    await platform.query('delete from projects where ref = $1', [ref]);
  }

  async function resumePending(): Promise<void> {
    const { rows: deleting } = await platform.query<{ ref: string }>(
      'select ref from projects where deletion_requested_at is not null',
    );
    for (const { ref } of deleting) {
      await remove(ref).catch((error) => logServerError(`deleting ${ref} (retried at next start)`, error));
    }
    const { rows: pending } = await platform.query<{ ref: string }>(
      `select ref from projects where status = 'COMING_UP' and deletion_requested_at is null`,
    );
    for (const { ref } of pending) void schedule(ref);
  }

  return {
    create,
    schedule,
    remove,
    resumePending,
    failure: (ref) => failures.get(ref),
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
