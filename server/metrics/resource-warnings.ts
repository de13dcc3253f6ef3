// GET /api/platform/projects-resource-warnings?ref=&slug= (spec A7, A3 Resource warnings, A2.12): each of the
// caller's projects' warnings from live measurements of its database — its size against the disk size
// (project_disks, or the developer switch's smaller disk), read-only mode (default_transaction_read_only set on the
// database), connections held against the compute size's limit, and refused auth mails in the past 24 hours (the
// auth service's counters in the project's database). CPU, memory and disk IO cannot be measured for one project
// of a shared cluster: always null.
import { Hono } from 'hono';
import type pg from 'pg';
import type { AppEnv } from '../http/env.ts';
import { badRequest } from '../http/errors.ts';
import { organizationAccess, projectAccess } from '../http/access.ts';
import { connectionLimit } from '../lifecycle/compute.ts';
import { DEFAULT_PROJECT_REF, projectDatabase } from '../projects/names.ts';
import type { ProjectPools } from '../projects/pools.ts';
import { readAuthConfig } from '../project-auth/settings.ts';
import { notifyConnectionCrossing } from '../notifications/connection-crossing.ts';
import { ORG_SLUG_PATTERN, PROJECT_REF_PATTERN } from '../../src/api/schemas/platformFields.ts';
import {
  CONNECTIONS_CRITICAL_RATIO,
  CONNECTIONS_WARNING_RATIO,
  DISK_CRITICAL_RATIO,
  DISK_WARNING_RATIO,
  levelOf,
  multipleLevel,
  noResourceWarnings,
  type ResourceWarnings,
  type WarningLevel,
} from '../../src/domain/resource-warnings.ts';

type Queryable = Pick<pg.Pool, 'query'>;
const GIB = 1024 ** 3;
const DAY_SECONDS = 24 * 60 * 60;

interface ProjectMeasures {
  ref: string;
  databaseBytes: number;
  diskBytes: number;
  readOnly: boolean;
  connections: number;
  connectionLimit: number;
  refusedMails: number;
}

/** Refused mails of the past 24 hours: counters of the mail limits that went over the project's limit. */
async function refusedAuthMails(pools: ProjectPools, platform: Queryable, ref: string, projectId: number): Promise<number> {
  const max = (await readAuthConfig(platform, projectId)).rate_limit_email_sent;
  const pool = await pools.console(ref);
  const { rows } = await pool.query<{ refused: number }>(
    `select case when to_regclass('auth.rate_limit_counters') is null then 0 else
       (select count(*)::int from auth.rate_limit_counters
         where name in ('email_sent', 'email_sent_per_client') and hits > $1
           and window_start > now() - make_interval(secs => $2)) end as refused`,
    [max, DAY_SECONDS],
  );
  return rows[0]?.refused ?? 0;
}

export async function measureProject(
  platform: Queryable,
  pools: ProjectPools,
  project: { id: number; ref: string },
): Promise<ProjectMeasures> {
  const database = projectDatabase(project.ref);
  const { rows } = await platform.query<{
    database_bytes: string | null;
    size_gb: number | null;
    dev_size_bytes: string | null;
    read_only: boolean;
    connections: number;
    compute: string | null;
  }>(
    `select (select pg_database_size(datname)::text from pg_database where datname = $2) as database_bytes,
            d.size_gb, d.dev_size_bytes::text,
            exists (select 1 from pg_db_role_setting s join pg_database db on db.oid = s.setdatabase
                     where db.datname = $2 and s.setrole = 0
                       and 'default_transaction_read_only=on' = any (s.setconfig)) as read_only,
            (select count(*)::int from pg_stat_activity where datname = $2) as connections,
            (select infra_compute_size from databases where project_id = $1 and identifier = $3) as compute
       from (select 1) one left join project_disks d on d.project_id = $1`,
    [project.id, database, project.ref],
  );
  const row = rows[0]!;
  return {
    ref: project.ref,
    databaseBytes: Number(row.database_bytes ?? 0),
    diskBytes: row.dev_size_bytes !== null ? Number(row.dev_size_bytes) : (row.size_gb ?? 8) * GIB,
    readOnly: row.read_only,
    connections: row.connections,
    connectionLimit: connectionLimit(row.compute ?? 'ci_micro'),
    refusedMails: await refusedAuthMails(pools, platform, project.ref, project.id).catch(() => 0),
  };
}

/** The spec's warning levels from one project's measures. */
export function warningsOf(m: ProjectMeasures): ResourceWarnings {
  const read: WarningLevel | null = m.readOnly ? 'critical' : null;
  const levels = {
    is_readonly_mode_enabled: read,
    disk_io_exhaustion: null,
    disk_space_exhaustion: levelOf(m.databaseBytes, m.diskBytes, DISK_WARNING_RATIO, DISK_CRITICAL_RATIO),
    cpu_exhaustion: null,
    memory_and_swap_exhaustion: null,
    auth_rate_limit_exhaustion: m.refusedMails > 0 ? ('warning' as const) : null,
    connections_exhaustion: levelOf(m.connections, m.connectionLimit, CONNECTIONS_WARNING_RATIO, CONNECTIONS_CRITICAL_RATIO),
  };
  return { project: m.ref, ...levels, multiple_resource_warnings: multipleLevel(levels) };
}

export function resourceWarningRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/projects-resource-warnings', async (c) => {
    const { pool, pools } = c.var.services;
    const ref = c.req.query('ref');
    const slug = c.req.query('slug');
    let projects: { id: number; ref: string; status: string }[];
    if (ref) {
      if (!PROJECT_REF_PATTERN.test(ref) && ref !== DEFAULT_PROJECT_REF) throw badRequest('ref is not a project ref');
      projects = [await projectAccess(pool, ref, c.var.user.sub)];
    } else {
      if (slug && !ORG_SLUG_PATTERN.test(slug)) throw badRequest('slug is not an organization slug');
      const organization = slug ? await organizationAccess(pool, slug, c.var.user.sub) : null;
      const { rows } = await pool.query<{ id: number; ref: string; status: string }>(
        `select p.id, p.ref, p.status from projects p join members m on m.organization_id = p.organization_id
          where m.profile_id = $1 and p.deletion_requested_at is null and ($2::int is null or p.organization_id = $2)
          order by p.ref limit 100`,
        [c.var.user.sub, organization?.id ?? null],
      );
      projects = rows;
    }
    const answer: ResourceWarnings[] = [];
    for (const project of projects) {
      // A project that is not up has no database to measure (its status screen says so).
      if (project.status !== 'ACTIVE_HEALTHY') {
        answer.push(noResourceWarnings(project.ref));
        continue;
      }
      const measures = await measureProject(pool, pools, project);
      const warnings = warningsOf(measures);
      // Issue 21: a connection limit near is also a notification, written once per crossing (not per poll).
      await notifyConnectionCrossing(pool, project.id, warnings.connections_exhaustion, measures);
      answer.push(warnings);
    }
    return c.json(answer);
  });
  return routes;
}
