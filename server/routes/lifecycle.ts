// Project lifecycle calls (spec A7 "Project lifecycle", issue 5 contract): pause, pause status, restore and its
// versions, restart, resize. Each answers at once with the operation's status; the operation runs in the
// background (server/lifecycle/runner.ts) and the console polls the project status.
import { Hono } from 'hono';
import { membersAtFreeProjectLimit } from '../organizations/queries.ts';
import { MAX_DAYS_TILL_RESTORE_DISABLED, resizeBody, restoreBody, type PauseStatus } from '../../src/api/schemas/lifecycle.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { projectFor, RULES } from '../lifecycle/access.ts';
import { listBackups } from '../lifecycle/backups.ts';
import type { Services } from '../services.ts';
import { VERSION_PREFIX } from './orgProjects.ts';
import { replicasBlockPause } from '../replicas/routes.ts';

const DAY_MS = 24 * 3600 * 1000;

/** spec A3 Postgres version: the one version this platform offers is its server's own. */
export function availableVersions(services: Services) {
  const version = services.postgresVersion;
  return [{ version: `${VERSION_PREFIX}${version}`, release_channel: 'ga', postgres_engine: version.split('.')[0]! }];
}

/** spec A2.9 / C9: free projects may be restored for 90 days after pausing; paid ones always. */
export function restoreWindow(planId: string, pausedAt: Date | null, now = Date.now()) {
  if (planId !== 'free') return { can_restore: true, remaining_days_till_restore_disabled: null };
  const pausedDays = pausedAt ? Math.max(0, Math.floor((now - pausedAt.getTime()) / DAY_MS)) : 0;
  const remaining = Math.max(0, MAX_DAYS_TILL_RESTORE_DISABLED - pausedDays);
  return { can_restore: remaining > 0, remaining_days_till_restore_disabled: remaining };
}

async function pausedAt(services: Services, projectId: number): Promise<Date | null> {
  const { rows } = await services.pool.query<{ paused_at: Date | null }>('select paused_at from projects where id = $1', [projectId]);
  return rows[0]?.paused_at ?? null;
}

export function lifecycleRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/projects/:ref/pause', async (c) => {
    const project = await projectFor(c, RULES.pause);
    // A paused primary could feed its read replicas nothing, and its slots would hold WAL (issue 20).
    const replicas = await replicasBlockPause(c.var.services, project.id);
    if (replicas) throw conflict(replicas);
    await c.var.services.lifecycle.start(project.id, 'pause');
    return c.json({ status: 'PAUSING' });
  });

  routes.get('/projects/:ref/pause/status', async (c) => {
    const { services } = c.var;
    const project = await projectFor(c);
    if (project.status !== 'INACTIVE') throw conflict(`The project is not paused (status ${project.status})`);
    const [latest] = await listBackups(services.pool, project.id);
    const body: PauseStatus = {
      ...restoreWindow(project.plan_id, await pausedAt(services, project.id)),
      max_days_till_restore_disabled: MAX_DAYS_TILL_RESTORE_DISABLED,
      latest_downloadable_backup_id: latest?.id ?? null,
    };
    return c.json(body);
  });

  routes.get('/projects/:ref/restore/versions', async (c) => {
    await projectFor(c);
    return c.json({ available_versions: availableVersions(c.var.services) });
  });

  routes.post('/projects/:ref/restore', async (c) => {
    const { services } = c.var;
    const project = await projectFor(c, RULES.restore);
    const body = await readBody(c, restoreBody);
    const [available] = availableVersions(services);
    if (body.postgres_engine !== undefined && body.postgres_engine !== available!.postgres_engine) {
      throw badRequest(
        `postgres_engine ${body.postgres_engine} is not available: this platform runs Postgres ${services.postgresVersion} (engine ${available!.postgres_engine}) only`,
      );
    }
    if (body.release_channel !== undefined && body.release_channel !== available!.release_channel) {
      throw badRequest(`release_channel ${body.release_channel} is not available: only ${available!.release_channel}`);
    }
    if (project.status === 'INACTIVE') {
      const window = restoreWindow(project.plan_id, await pausedAt(services, project.id));
      if (!window.can_restore) {
        throw conflict(
          `This project was paused over ${MAX_DAYS_TILL_RESTORE_DISABLED} days ago and can no longer be restored through the dashboard; its backups stay downloadable`,
        );
      }
      // spec A2.9: on the free plan, resuming waits until no administrator or owner is at the free project limit
      // (the console blocks with 'Members exceeded free project limit'; the platform holds the same line).
      if (project.plan_id === 'free') {
        const atLimit = await membersAtFreeProjectLimit(services.pool, project.organization_id);
        if (atLimit.length > 0) {
          throw conflict(`Members exceeded free project limit: ${atLimit.map((m) => m.username).join(', ')}`);
        }
      }
    }
    await services.lifecycle.start(project.id, 'restore', body.postgres_engine ? { db_version: available!.version } : {});
    return c.json({ status: 'RESTORING' });
  });

  routes.post('/projects/:ref/restart', async (c) => {
    const project = await projectFor(c, RULES.restart);
    await c.var.services.lifecycle.start(project.id, 'restart');
    return c.json({ status: 'RESTARTING' });
  });

  routes.post('/projects/:ref/resize', async (c) => {
    const { services } = c.var;
    const project = await projectFor(c, RULES.resize);
    const body = await readBody(c, resizeBody);
    const { rows } = await services.pool.query<{ size: string }>(
      'select infra_compute_size as size from databases where project_id = $1 and identifier = $2',
      [project.id, project.ref],
    );
    await services.lifecycle.start(project.id, 'resize', { compute_size: body.compute_size, previous_size: rows[0]?.size ?? 'ci_micro' });
    return c.json({ status: 'RESIZING' });
  });

  return routes;
}
