// Branches (issue 20, spec A4.4, B2.8, B7 "Preview branch creation", B8): a branch is a real project — its own
// database filled from the parent's (server/branches/clone.ts), its own roles, keys and API URL.
// - POST /v1/projects/{ref}/branches with is_default: enables branching; the project becomes the default branch.
// - POST /v1/projects/{ref}/branches: a preview (or persistent) branch of the project's default branch; answered at
//   once with it COMING_UP while its database is filled in the background with the parent's schema (and rows with
//   with_data) and migration history; the list shows it ACTIVE_HEALTHY when done, or INIT_FAILED with create_error.
// - GET /v1/projects/{ref}/branches: the family of branches `ref` belongs to (called on a branch too, for the header).
// - DELETE /v1/branches/{id or ref}: drops the branch's database and roles (the provisioner's removal).
// - GET /platform/projects/{ref}/database/size: the create dialog's duration estimate (disk and add-ons: server/infrastructure).
// - Branching is a paid-plan feature on the platform (spec B5: submit is disabled on the free plan): enabling it or
//   creating a branch in a free organization is refused (403), except in self-hosted mode where plans do not apply.
// Every route checks the session's membership of the project's organization (404 to strangers, 403 to roles below).
import { Hono } from 'hono';
import { createBranchBody, updateBranchBody } from '../../src/api/schemas/branches.ts';
import { BRANCH_STATUS, branchNameProblem, type Branch } from '../../src/domain/branches/branches.ts';
import { projectAccess, type ProjectRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import type { Mode } from '../config.ts';
import { readBody } from '../http/validate.ts';
import { newSecret } from '../projects/keys.ts';
import type { Services } from '../services.ts';
import { databaseSize } from './clone.ts';
import { mergeInto, mergePlan } from './merge.ts';
import { readBranchBase } from './catalog.ts';
import { withDatabaseClient } from '../db/platformDb.ts';
import { projectDatabase } from '../projects/names.ts';
import { branchMergedNotification } from '../notifications/event-messages.ts';
import { notifyProjectMembers, projectFacts } from '../notifications/writer.ts';

interface BranchRow {
  id: string;
  name: string;
  project_ref: string;
  parent_project_ref: string;
  is_default: boolean;
  persistent: boolean;
  git_branch: string | null;
  review_requested_at: Date | null;
  created_at: Date;
  status: string;
  with_data: boolean;
  create_error: string | null;
}

// A branch whose copy failed reads INIT_FAILED with the reason while its project is still COMING_UP (a restart
// resumes the copy; once it succeeds the project's own status shows).
const BRANCH_SELECT = `select b.id, b.name, p.ref as project_ref, parent.ref as parent_project_ref, b.is_default, b.persistent,
    b.git_branch, b.review_requested_at, b.created_at,
    case when p.status = 'COMING_UP' and b.create_error is not null then '${BRANCH_STATUS.failed}' else p.status end as status,
    b.with_data, case when p.status = 'COMING_UP' then b.create_error end as create_error
  from branches b join projects p on p.id = b.project_id join projects parent on parent.id = b.parent_project_id`;

function branchJson(row: BranchRow): Branch {
  return {
    id: row.id,
    name: row.name,
    project_ref: row.project_ref,
    parent_project_ref: row.parent_project_ref,
    is_default: row.is_default,
    persistent: row.persistent,
    git_branch: row.git_branch,
    review_requested_at: row.review_requested_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    status: row.status,
    with_data: row.with_data,
    create_error: row.create_error,
  };
}

async function branchOf(services: Services, projectId: number): Promise<Branch> {
  const { rows } = await services.pool.query<BranchRow>(`${BRANCH_SELECT} where b.project_id = $1`, [projectId]);
  if (!rows[0]) throw notFound('Branch not found');
  return branchJson(rows[0]);
}

/** The default branch's project of `project`'s family (itself when it is not a branch). */
async function rootOf(services: Services, project: ProjectRow, userId: string): Promise<ProjectRow> {
  return project.parent_project_ref ? projectAccess(services.pool, project.parent_project_ref, userId) : project;
}

/** spec B5: on the platform, the free plan has no branches. */
export const FREE_PLAN_BRANCHING_REFUSED = 'Preview branches are available on paid plans: upgrade the organization first';

export function branchRoutes(options: { mode?: Mode } = {}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const refuseFreePlan = (project: ProjectRow) => {
    if (options.mode !== 'self-hosted' && project.plan_id === 'free') throw forbidden(FREE_PLAN_BRANCHING_REFUSED);
  };

  routes.get('/projects/:ref/branches', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub);
    const root = await rootOf(services, project, c.var.user.sub);
    const { rows } = await services.pool.query<BranchRow>(
      `${BRANCH_SELECT} where b.parent_project_id = $1 and p.deletion_requested_at is null
        order by b.is_default desc, b.created_at desc`,
      [root.id],
    );
    // A copy that failed in this process: its reason is stored, so it is shown (and outlives the process).
    for (const row of rows) {
      const failure = row.status === 'COMING_UP' ? services.provisioner.failure(row.project_ref) : undefined;
      if (failure === undefined) continue;
      await services.pool.query('update branches set create_error = $2, updated_at = now() where id = $1', [row.id, failure]);
      Object.assign(row, { status: BRANCH_STATUS.failed, create_error: failure });
    }
    return c.json(rows.map(branchJson));
  });

  routes.post('/projects/:ref/branches', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub, 'developer', 'create branches');
    const body = await readBody(c, createBranchBody);
    const problem = branchNameProblem(body.branch_name);
    if (problem) throw badRequest(problem);
    const name = body.branch_name.trim();
    refuseFreePlan(project);

    if (body.is_default) {
      if (project.parent_project_ref) throw badRequest('This project is a branch: enable branching on its parent project');
      await services.pool.query('update projects set is_branch_enabled = true, updated_at = now() where id = $1', [project.id]);
      await services.pool.query(
        `insert into branches (project_id, parent_project_id, name, is_default, persistent, git_branch, cloned_at)
         values ($1, $1, $2, true, true, $3, now()) on conflict (project_id) do nothing`,
        [project.id, name, body.git_branch ?? null],
      );
      return c.json(await branchOf(services, project.id), 201);
    }

    const root = await rootOf(services, project, c.var.user.sub);
    if (!root.is_branch_enabled) throw badRequest('Branching is not enabled for this project');
    if (root.status !== 'ACTIVE_HEALTHY') throw conflict('The project must be active to create a branch from it');
    const taken = await services.pool.query('select 1 from branches where parent_project_id = $1 and name = $2', [root.id, name]);
    if (taken.rowCount) throw conflict('A branch with this name already exists');
    let ref: string;
    try {
      ref = await services.provisioner.create({
        organizationId: root.organization_id,
        name,
        region: body.region ?? root.region,
        cloudProvider: root.cloud_provider,
        dbVersion: root.db_version,
        // Nobody chose a password for the branch's database: a random one (reset it in the branch's settings).
        dbPass: newSecret(),
        branch: { parentRef: root.ref, parentId: root.id, name, persistent: body.persistent ?? false, withData: body.with_data ?? false },
      });
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'branches_parent_project_id_name_key') throw conflict('A branch with this name already exists');
      throw error;
    }
    // Answered at once, the branch COMING_UP: the provisioner (started by create) copies the parent's database in the
    // background, its step stored (branches.cloned_at) and resumed at start-up; the console polls the list.
    const created = await projectAccess(services.pool, ref, c.var.user.sub);
    return c.json(await branchOf(services, created.id), 201);
  });

  /** The branch named by id or project ref; 404 alike for a missing branch and a stranger's (projectAccess). */
  async function findBranch(services: Services, key: string): Promise<{ ref: string; parent_ref: string; is_default: boolean; name: string }> {
    const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key);
    const { rows } = await services.pool.query<{ ref: string; parent_ref: string; is_default: boolean; name: string }>(
      `select p.ref, parent.ref as parent_ref, b.is_default, b.name
         from branches b join projects p on p.id = b.project_id join projects parent on parent.id = b.parent_project_id
        where ${byId ? 'b.id = $1::uuid' : 'p.ref = $1'}`,
      [key],
    );
    if (!rows[0]) throw notFound('Branch not found');
    return rows[0];
  }

  async function mergePools(services: Services, key: string, userId: string, least: 'read_only' | 'developer') {
    const branch = await findBranch(services, key);
    const [project, parent] = await Promise.all([
      projectAccess(services.pool, branch.ref, userId, least, 'merge branches'),
      projectAccess(services.pool, branch.parent_ref, userId, least, 'merge branches'),
    ]);
    if (branch.is_default) throw badRequest('The default branch has nothing to merge into');
    for (const p of [project, parent]) {
      if (p.status !== 'ACTIVE_HEALTHY') throw conflict(`Project ${p.ref} is not running (status ${p.status})`);
    }
    return { branch, parent, pools: { branch: await services.pools.console(branch.ref), parent: await services.pools.console(branch.parent_ref) } };
  }

  /** The branch point's catalog, stored in the branch database at its clone (read as the platform: not the tenant's). */
  const branchBase = (services: Services, ref: string) => withDatabaseClient(services.server, projectDatabase(ref), (client) => readBranchBase(client));

  // spec A4.4 merge request: what merging would apply, and what conflicts.
  routes.get('/branches/:id/merge', async (c) => {
    const { branch, pools } = await mergePools(c.var.services, c.req.param('id'), c.var.user.sub, 'read_only');
    const plan = await mergePlan(pools.branch, pools.parent, await branchBase(c.var.services, branch.ref));
    return c.json({ branch_ref: branch.ref, parent_ref: branch.parent_ref, migrations: plan.migrations, parent_only: plan.parentOnly, conflicts: plan.conflicts });
  });

  routes.post('/branches/:id/merge', async (c) => {
    const { branch, parent, pools } = await mergePools(c.var.services, c.req.param('id'), c.var.user.sub, 'developer');
    const merged = await mergeInto(pools.parent, await mergePlan(pools.branch, pools.parent, await branchBase(c.var.services, branch.ref)));
    // Issue 21: the parent project's members are told what was merged (a merge that applied nothing tells nobody).
    const facts = merged.applied.length > 0 ? await projectFacts(c.var.services.pool, parent.id) : null;
    if (facts) await notifyProjectMembers(c.var.services.pool, parent.id, branchMergedNotification(facts, branch.name, merged.applied));
    return c.json(merged);
  });

  // spec A3 Branch update payload: rename, persistent, and request_review (A4.4 'Open merge request').
  routes.patch('/branches/:id', async (c) => {
    const { services } = c.var;
    const row = await findBranch(services, c.req.param('id'));
    const project = await projectAccess(services.pool, row.ref, c.var.user.sub, 'developer', 'update branches');
    const body = await readBody(c, updateBranchBody);
    if (body.branch_name !== undefined) {
      const problem = branchNameProblem(body.branch_name);
      if (problem) throw badRequest(problem);
    }
    try {
      await services.pool.query(
        `update branches set name = coalesce($2, name), persistent = coalesce($3, persistent),
           git_branch = case when $4 then $5 else git_branch end,
           review_requested_at = case when $6::boolean is null then review_requested_at when $6 then coalesce(review_requested_at, now()) else null end,
           updated_at = now()
         where project_id = $1`,
        [project.id, body.branch_name?.trim() ?? null, body.persistent ?? null, body.git_branch !== undefined, body.git_branch ?? null, body.request_review ?? null],
      );
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'branches_parent_project_id_name_key') throw conflict('A branch with this name already exists');
      throw error;
    }
    return c.json(await branchOf(services, project.id));
  });

  routes.delete('/branches/:id', async (c) => {
    const { services } = c.var;
    const row = await findBranch(services, c.req.param('id'));
    // Same answer to a stranger as to a missing branch (projectAccess: 404), 403 to a read-only member.
    await projectAccess(services.pool, row.ref, c.var.user.sub, 'developer', 'delete branches');
    if (row.is_default) throw badRequest('The default branch cannot be deleted');
    await services.provisioner.remove(row.ref);
    return c.json({ message: 'ok' });
  });

  return routes;
}

/** The create-branch dialog's duration estimate (spec B9: from the real database size). */
export function branchEstimateRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/projects/:ref/database/size', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub);
    return c.json({ bytes: await databaseSize(services.server, project.ref) });
  });

  return routes;
}
