// Read replicas (issue 20, spec A4.5; B7 names no path for them, so they live under /platform/projects/{ref}/replicas):
// - GET    /platform/projects/{ref}/replicas: every replica with its status, setup step, failure and lag (any member);
// - POST   /platform/projects/{ref}/replicas: requests one (body {region?}); the setup runs in the background and is
//          polled through the list (administrators and owners: INFRA_EXECUTE on projects, like pause and resize);
// - DELETE /platform/projects/{ref}/replicas/{identifier}: drops its subscription, slot, publication and database.
// Strangers get 404 (projectAccess), members below the role 403.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { projectFor, type Rule } from '../lifecycle/access.ts';
import { withAdminClient } from '../db/platformDb.ts';
import type { Services } from '../services.ts';
import { REPLICA_STATUS, type ReadReplica } from '../../src/domain/replicas.ts';
import { dropReplica, replicaNames, replicationProblem, requestReplica, resumeReplicaSetups, suffixOf } from './setup.ts';

/** Replicas a project may have at once (each holds a replication slot and an apply worker of the shared cluster). */
export const MAX_REPLICAS_PER_PROJECT = 2;

const manage: Rule = {
  action: 'INFRA_EXECUTE',
  resource: 'projects',
  message: 'You need additional permissions to manage read replicas of this project',
};

const createReplicaBody = z
  .object({ region: z.string().trim().min(1).max(64).regex(/^[a-z0-9-]+$/, { error: 'must be a region identifier like us-east-1' }).optional() })
  .strict();

interface ReplicaRow {
  identifier: string;
  region: string;
  status: string;
  setup_step: ReadReplica['setup_step'];
  setup_failure: ReadReplica['setup_failure'];
  setup_error: string | null;
  inserted_at: Date;
  db_name: string;
}

/**
 * The replicas of a project with their lag, measured on the primary's side: the WAL its slot has not had confirmed
 * (pg_replication_slots) and the walsender's replay lag (pg_stat_replication). A healthy replica whose subscription
 * has failed to apply changes (pg_stat_subscription_stats, e.g. a table made on the primary after the setup) is
 * marked ACTIVE_UNHEALTHY, so the pickers stop offering it.
 */
export async function listReplicas(services: Services, project: { id: number; ref: string }): Promise<ReadReplica[]> {
  const { rows } = await services.pool.query<ReplicaRow>(
    `select identifier, region, status, setup_step, setup_failure, setup_error, inserted_at, db_name
       from databases where project_id = $1 and database_type = 'READ_REPLICA' order by id`,
    [project.id],
  );
  if (rows.length === 0) return [];
  const names = rows.map((row) => replicaNames(project.ref, suffixOf(row.identifier)).slot);
  const measured = await withAdminClient(services.server, (admin) =>
    admin.query<{ slot_name: string; active: boolean; lag_bytes: string | null; lag_ms: number | null; apply_errors: number }>(
      `select s.slot_name, s.active,
              pg_wal_lsn_diff(pg_current_wal_lsn(), s.confirmed_flush_lsn)::bigint::text as lag_bytes,
              (extract(epoch from r.replay_lag) * 1000)::float8 as lag_ms,
              coalesce((select st.apply_error_count from pg_stat_subscription_stats st where st.subname = s.slot_name), 0)::int as apply_errors
         from pg_replication_slots s left join pg_stat_replication r on r.pid = s.active_pid
        where s.slot_name = any($1)`,
      [names],
    ),
  ).catch(() => ({ rows: [] }));
  const bySlot = new Map(measured.rows.map((row) => [row.slot_name, row]));
  const result: ReadReplica[] = [];
  for (const row of rows) {
    const lag = bySlot.get(replicaNames(project.ref, suffixOf(row.identifier)).slot);
    let status = row.status;
    if (status === REPLICA_STATUS.healthy && lag && lag.apply_errors > 0) {
      status = REPLICA_STATUS.unhealthy;
      await services.pool.query(`update databases set status = $2 where identifier = $1 and status = $3`, [
        row.identifier,
        status,
        REPLICA_STATUS.healthy,
      ]);
    }
    const streaming = status === REPLICA_STATUS.healthy && lag !== undefined;
    result.push({
      identifier: row.identifier,
      region: row.region,
      status,
      setup_step: row.setup_step,
      setup_failure: row.setup_failure,
      setup_error: row.setup_error,
      inserted_at: row.inserted_at.toISOString(),
      db_name: row.db_name,
      lag_bytes: streaming && lag.lag_bytes !== null ? Math.max(0, Number(lag.lag_bytes)) : null,
      lag_ms: streaming ? (lag.lag_ms ?? (lag.active ? 0 : null)) : null,
    });
  }
  return result;
}

/** Why the project's database may not be paused now, or null (lifecycle routes: a paused primary feeds nothing). */
export async function replicasBlockPause(services: Services, projectId: number): Promise<string | null> {
  const { rows } = await services.pool.query<{ n: number }>(
    `select count(*)::int as n from databases where project_id = $1 and database_type = 'READ_REPLICA'`,
    [projectId],
  );
  const n = rows[0]?.n ?? 0;
  return n > 0 ? `This project has ${n} read replica${n === 1 ? '' : 's'}: remove ${n === 1 ? 'it' : 'them'} before pausing the project` : null;
}

export function replicaRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const deps = (services: Services) => ({ server: services.server, platform: services.pool });

  routes.get('/projects/:ref/replicas', async (c) => {
    const { services } = c.var;
    const project = await projectFor(c);
    // A setup a stopped platform left half-way goes on from its step (idempotent; joins one already running).
    await resumeReplicaSetups(deps(services), project.id);
    return c.json(await listReplicas(services, project));
  });

  routes.post('/projects/:ref/replicas', async (c) => {
    const { services } = c.var;
    const project = await projectFor(c, manage);
    const body = await readBody(c, createReplicaBody);
    if (project.status !== 'ACTIVE_HEALTHY') throw conflict(`The project is not running (status ${project.status}): a replica needs a running primary`);
    const problem = await replicationProblem(services.server);
    if (problem) throw badRequest(problem);
    const { rows } = await services.pool.query<{ n: number }>(
      `select count(*)::int as n from databases where project_id = $1 and database_type = 'READ_REPLICA'`,
      [project.id],
    );
    if ((rows[0]?.n ?? 0) >= MAX_REPLICAS_PER_PROJECT) {
      throw badRequest(`A project can have at most ${MAX_REPLICAS_PER_PROJECT} read replicas on this platform; remove one first`);
    }
    const identifier = await requestReplica(deps(services), { id: project.id, ref: project.ref, region: body.region ?? project.region });
    const created = (await listReplicas(services, project)).find((replica) => replica.identifier === identifier);
    return c.json(created, 201);
  });

  routes.delete('/projects/:ref/replicas/:identifier', async (c) => {
    const { services } = c.var;
    const project = await projectFor(c, manage);
    const identifier = c.req.param('identifier');
    const { rowCount } = await services.pool.query(
      `select 1 from databases where project_id = $1 and identifier = $2 and database_type = 'READ_REPLICA'`,
      [project.id, identifier],
    );
    if (!rowCount) throw notFound('Read replica not found');
    await dropReplica(deps(services), project.ref, identifier);
    return c.json({ identifier });
  });

  return routes;
}
