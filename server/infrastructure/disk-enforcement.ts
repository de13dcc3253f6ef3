// Disk enforcement (issue 20, spec A2.12, B2.9): the platform measures each running project's database
// (pg_database_size, as the resource banner does in server/metrics/resource-warnings.ts) against its disk — size_gb,
// or the developer switch's smaller disk in bytes. At READ_ONLY_RATIO (95 %) it sets the database read-only
// (ALTER DATABASE … SET default_transaction_read_only = on), ends the sessions already open and drops the platform's
// pools so the setting holds for every new transaction; when the database shrinks below it again, or the disk grows,
// the platform lifts the mode it set (a mode set by hand is left alone). Members get one notification per crossing.
//
// Run every DISK_ENFORCEMENT_INTERVAL_MS by server/metrics/background.ts, and at once after a disk change.
import { ident } from '@scaleleap/pg-format';
import type pg from 'pg';
import { READ_ONLY_RATIO } from '../../src/domain/resource-warnings.ts';
import { diskFullNotification } from './messages.ts';
import { recordLevel } from '../notifications/level-crossings.ts';
import { notifyProjectMembers, projectFacts } from '../notifications/writer.ts';
import { projectDatabase } from '../projects/names.ts';
import type { ProjectPools } from '../projects/pools.ts';

type Queryable = Pick<pg.Pool, 'query'>;

export const DISK_ENFORCEMENT_INTERVAL_MS = 30_000;
/** The crossing recorded in project_resource_levels (once per crossing, server/notifications/level-crossings.ts). */
export const DISK_READ_ONLY_METRIC = 'disk_read_only';
const GIB = 1024 ** 3;

export interface DiskUse {
  projectId: number;
  ref: string;
  databaseBytes: number;
  diskBytes: number;
  /** The platform set read-only mode (project_disks.read_only_enforced_at). */
  enforced: boolean;
  /** The database has default_transaction_read_only on now (a restore or a hand may have changed it since). */
  readOnly: boolean;
}

/** Database size against disk size of running projects (all, or one). */
export async function measureDiskUse(platform: Queryable, ref?: string): Promise<DiskUse[]> {
  const { rows } = await platform.query<{ id: number; ref: string; size_gb: number | null; dev_size_bytes: string | null; enforced: boolean }>(
    `select p.id, p.ref, d.size_gb, d.dev_size_bytes::text, d.read_only_enforced_at is not null as enforced
       from projects p left join project_disks d on d.project_id = p.id
      where p.status = 'ACTIVE_HEALTHY' and p.deletion_requested_at is null and ($1::text is null or p.ref = $1)`,
    [ref ?? null],
  );
  if (rows.length === 0) return [];
  const { rows: sizes } = await platform.query<{ datname: string; bytes: string; read_only: boolean }>(
    `select d.datname, pg_database_size(d.datname)::text as bytes,
            exists (select 1 from pg_db_role_setting s where s.setdatabase = d.oid and s.setrole = 0
                      and 'default_transaction_read_only=on' = any (s.setconfig)) as read_only
       from pg_database d where d.datname = any($1)`,
    [rows.map((row) => projectDatabase(row.ref))],
  );
  const byName = new Map(sizes.map((size) => [size.datname, size]));
  return rows.flatMap((row) => {
    const size = byName.get(projectDatabase(row.ref));
    if (size === undefined) return [];
    const databaseBytes = Number(size.bytes);
    return [
      {
        projectId: row.id,
        ref: row.ref,
        databaseBytes,
        diskBytes: row.dev_size_bytes !== null ? Number(row.dev_size_bytes) : (row.size_gb ?? 8) * GIB,
        enforced: row.enforced,
        readOnly: size.read_only,
      },
    ];
  });
}

export const isDiskFull = (use: Pick<DiskUse, 'databaseBytes' | 'diskBytes'>): boolean =>
  use.diskBytes > 0 && use.databaseBytes / use.diskBytes >= READ_ONLY_RATIO;

/** Ends every session on the database but the caller's, and the platform's own pools, so a new setting holds. */
async function refreshSessions(platform: Queryable, pools: ProjectPools | null, ref: string): Promise<void> {
  await pools?.close(ref).catch(() => {});
  await platform.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
    projectDatabase(ref),
  ]);
}

export type DiskAction = 'set' | 'lifted' | null;

/** Applies the rule to one measured project; says what changed. */
export async function enforceDiskUse(platform: Queryable, pools: ProjectPools | null, use: DiskUse): Promise<DiskAction> {
  const full = isDiskFull(use);
  const database = ident(projectDatabase(use.ref));
  let action: DiskAction = null;
  // Set again when the setting went away under the platform's mark (a restore into a fresh database drops it).
  if (full && (!use.enforced || !use.readOnly)) {
    await platform.query(`alter database ${database} set default_transaction_read_only = on`);
    await platform.query('update project_disks set read_only_enforced_at = now() where project_id = $1', [use.projectId]);
    await refreshSessions(platform, pools, use.ref);
    action = 'set';
  } else if (!full && use.enforced) {
    await platform.query(`alter database ${database} reset default_transaction_read_only`);
    await platform.query('update project_disks set read_only_enforced_at = null where project_id = $1', [use.projectId]);
    await refreshSessions(platform, pools, use.ref);
    action = 'lifted';
  }
  // Once per crossing: the level rises to critical when the disk fills, falls to none when it is lifted.
  if (await recordLevel(platform, use.projectId, DISK_READ_ONLY_METRIC, full ? 'critical' : null)) {
    const facts = await projectFacts(platform, use.projectId);
    if (facts) await notifyProjectMembers(platform, use.projectId, diskFullNotification(facts, use.databaseBytes, use.diskBytes));
  }
  return action;
}

/** One pass over every running project (or one): returns what changed, by ref. */
export async function enforceDiskLimits(platform: Queryable, pools: ProjectPools | null, ref?: string): Promise<Record<string, DiskAction>> {
  const changed: Record<string, DiskAction> = {};
  for (const use of await measureDiskUse(platform, ref)) {
    const action = await enforceDiskUse(platform, pools, use);
    if (action) changed[use.ref] = action;
  }
  return changed;
}
