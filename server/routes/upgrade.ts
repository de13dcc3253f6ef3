// Postgres upgrade calls under /api/v1 (spec A4.2, A7; issue 5 contract). One cluster cannot change its major
// version: a project is eligible when its recorded version differs from the server's, and the upgrade moves it
// to the server's version through the ten progress values of spec A4.2 (server/lifecycle/steps.ts).
import { Hono } from 'hono';
import {
  UPGRADE_PROGRESS,
  upgradeBody,
  upgradeStatusQuery,
  type DatabaseUpgradeStatus,
  type UpgradeProgress,
} from '../../src/api/schemas/lifecycle.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { readBody, readQuery } from '../http/validate.ts';
import { projectFor, RULES } from '../lifecycle/access.ts';
import type { Services } from '../services.ts';
import { VERSION_PREFIX } from './orgProjects.ts';

const STATUS_NAMES = { running: 'Upgrading', succeeded: 'Upgraded', failed: 'Failed' } as const;

function eligibility(services: Services, dbVersion: string) {
  const latest = `${VERSION_PREFIX}${services.postgresVersion}`;
  const eligible = dbVersion !== latest;
  return {
    eligible,
    current_app_version: dbVersion,
    latest_app_version: latest,
    target_upgrade_versions: eligible
      ? [{ postgres_version: services.postgresVersion.split('.')[0]!, release_channel: 'ga', app_version: latest }]
      : [],
    // Measured locally: every step together takes well under a minute for small databases.
    duration_estimate_hours: 1,
    legacy_auth_custom_roles: [] as string[],
    objects_to_be_dropped: [] as string[],
    unsupported_extensions: [] as string[],
  };
}

/** Accepts the major ('15'), the version ('15.18') or the app version ('strata-postgres-15.18'). */
function matchesServer(services: Services, target: string): boolean {
  const version = services.postgresVersion;
  return [version.split('.')[0], version, `${VERSION_PREFIX}${version}`].includes(target.trim());
}

interface OperationRow {
  id: string;
  status: keyof typeof STATUS_NAMES;
  step: string | null;
  params: { target_version?: string };
  error: string | null;
  started_at: Date;
  updated_at: Date;
}

function statusJson(row: OperationRow): DatabaseUpgradeStatus {
  // Past 9 the operation takes its full backup: progress stays 9_completed_upgrade (spec A4.2 CompletedUpgrade).
  const progress: UpgradeProgress = (UPGRADE_PROGRESS as readonly string[]).includes(row.step ?? '')
    ? (row.step as UpgradeProgress)
    : row.step === 'backup'
      ? '9_completed_upgrade'
      : '0_requested';
  return {
    tracking_id: row.id,
    initiated_at: row.started_at.toISOString(),
    latest_status_at: row.updated_at.toISOString(),
    target_version: row.params.target_version ?? '',
    status: STATUS_NAMES[row.status],
    progress,
    error: row.error,
  };
}

export function upgradeRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/projects/:ref/upgrade/eligibility', async (c) => {
    const project = await projectFor(c);
    return c.json(eligibility(c.var.services, project.db_version));
  });

  routes.post('/projects/:ref/upgrade', async (c) => {
    const { services } = c.var;
    const project = await projectFor(c, RULES.upgrade);
    const body = await readBody(c, upgradeBody);
    if (!matchesServer(services, body.target_version)) {
      throw badRequest(
        `target_version ${body.target_version} is not available: this platform runs Postgres ${services.postgresVersion} only`,
      );
    }
    if (body.release_channel !== undefined && body.release_channel !== 'ga') {
      throw badRequest(`release_channel ${body.release_channel} is not available: only ga`);
    }
    if (!eligibility(services, project.db_version).eligible) {
      throw conflict(`The project already runs ${project.db_version}: there is nothing to upgrade to`);
    }
    const { id } = await services.lifecycle.start(project.id, 'upgrade', {
      target_version: services.postgresVersion,
      target_app_version: `${VERSION_PREFIX}${services.postgresVersion}`,
      previous_version: project.db_version,
    });
    return c.json({ tracking_id: id });
  });

  routes.get('/projects/:ref/upgrade/status', async (c) => {
    const project = await projectFor(c);
    const query = readQuery(c, upgradeStatusQuery);
    const { rows } = await c.var.services.pool.query<OperationRow>(
      `select id, status, step, params, error, started_at, updated_at from project_operations
        where project_id = $1 and kind = 'upgrade' and ($2::uuid is null or id = $2::uuid)
        order by started_at desc limit 1`,
      [project.id, query.tracking_id ?? null],
    );
    return c.json({ databaseUpgradeStatus: rows[0] ? statusJson(rows[0]) : null });
  });

  return routes;
}
