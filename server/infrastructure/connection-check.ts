// Connection limit check (issue 21, spec A2.11, A2.12): the platform counts each running project's sessions on its
// database (pg_stat_activity, as the resource banner does in server/metrics/resource-warnings.ts) against its
// compute size's connection limit, and when the level rises — none -> warning (80 %), -> critical (95 %) — its
// organization's members get one notification, whether or not anyone has a console open.
//
// Once per crossing, across polls, the banner's endpoint and several platform processes: the level is kept in the
// platform database and the rise is decided by one upsert (server/notifications/level-crossings.ts), so of two
// checks measuring the same rise at once only one writes.
//
// Run every CONNECTION_CHECK_INTERVAL_MS by server/metrics/background.ts.
import type pg from 'pg';
import { CONNECTIONS_CRITICAL_RATIO, CONNECTIONS_WARNING_RATIO, levelOf, type WarningLevel } from '../../src/domain/resource-warnings.ts';
import { connectionLimit } from '../lifecycle/compute.ts';
import { notifyConnectionCrossing } from '../notifications/connection-crossing.ts';
import { projectDatabase } from '../projects/names.ts';

type Queryable = Pick<pg.Pool, 'query'>;

export const CONNECTION_CHECK_INTERVAL_MS = 30_000;

export interface ConnectionUse {
  projectId: number;
  ref: string;
  connections: number;
  connectionLimit: number;
}

export interface ConnectionCheckOptions {
  /** The limit of a compute size (server/lifecycle/compute.ts); tests give a tiny one. */
  limitOf?: (computeSize: string) => number;
}

/** Sessions held on each running project's database against its compute size's limit. */
export async function measureConnectionUse(platform: Queryable, options: ConnectionCheckOptions = {}): Promise<ConnectionUse[]> {
  const limitOf = options.limitOf ?? connectionLimit;
  const { rows } = await platform.query<{ id: number; ref: string; compute: string | null }>(
    `select p.id, p.ref, d.infra_compute_size as compute
       from projects p left join databases d on d.project_id = p.id and d.identifier = p.ref
      where p.status = 'ACTIVE_HEALTHY' and p.deletion_requested_at is null
      order by p.id`,
  );
  if (rows.length === 0) return [];
  const { rows: counts } = await platform.query<{ datname: string; connections: number }>(
    'select datname, count(*)::int as connections from pg_stat_activity where datname = any($1) group by datname',
    [rows.map((row) => projectDatabase(row.ref))],
  );
  const byName = new Map(counts.map((count) => [count.datname, count.connections]));
  return rows.map((row) => ({
    projectId: row.id,
    ref: row.ref,
    connections: byName.get(projectDatabase(row.ref)) ?? 0,
    connectionLimit: limitOf(row.compute ?? 'ci_micro'),
  }));
}

export const connectionLevelOf = (use: Pick<ConnectionUse, 'connections' | 'connectionLimit'>): WarningLevel | null =>
  levelOf(use.connections, use.connectionLimit, CONNECTIONS_WARNING_RATIO, CONNECTIONS_CRITICAL_RATIO);

/** One pass over every running project: records each level, notifying a rise. Returns the levels by ref. */
export async function checkConnectionLimits(platform: Queryable, options: ConnectionCheckOptions = {}): Promise<Record<string, WarningLevel | null>> {
  const levels: Record<string, WarningLevel | null> = {};
  for (const use of await measureConnectionUse(platform, options)) {
    const level = connectionLevelOf(use);
    levels[use.ref] = level;
    await notifyConnectionCrossing(platform, use.projectId, level, use);
  }
  return levels;
}
