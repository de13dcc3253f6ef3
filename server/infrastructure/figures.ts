// What this machine can measure of one project's database (issue 20, /settings/infrastructure): its size against the
// disk, its sessions against the compute size's connection limit (pg_stat_activity), the memory of its backends
// (proportional set size from /proc, when the cluster runs on this machine and /proc is readable), its block reads
// (pg_stat_database), and the machine's load — CPU time is not attributable to one database of a shared cluster.
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import type { InfrastructureFigures } from '../../src/domain/infrastructure.ts';
import type { ProjectRow } from '../http/access.ts';
import { connectionLimit } from '../lifecycle/compute.ts';
import { projectDatabase } from '../projects/names.ts';
import type { Services } from '../services.ts';
import { measureDiskUse } from './disk-enforcement.ts';

/** Pss of one process in bytes, or null when /proc does not show it (another machine, or not permitted). */
async function processPss(pid: number): Promise<number | null> {
  try {
    const text = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = /^Pss:\s+(\d+) kB/m.exec(text)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

export async function measureInfrastructure(services: Services, project: ProjectRow, computeSize: string): Promise<InfrastructureFigures> {
  const database = projectDatabase(project.ref);
  const [use] = await measureDiskUse(services.pool, project.ref);
  const { rows: sessions } = await services.pool.query<{ pid: number; state: string | null }>(
    'select pid, state from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  const { rows: stats } = await services.pool.query<{ read_only: boolean; blks_read: string; blks_hit: string }>(
    `select exists (select 1 from pg_db_role_setting s join pg_database db on db.oid = s.setdatabase
                     where db.datname = $1 and s.setrole = 0 and 'default_transaction_read_only=on' = any (s.setconfig)) as read_only,
            coalesce((select blks_read from pg_stat_database where datname = $1), 0)::text as blks_read,
            coalesce((select blks_hit from pg_stat_database where datname = $1), 0)::text as blks_hit`,
    [database],
  );
  const local = services.server.host === '127.0.0.1' || services.server.host === 'localhost';
  let backendBytes: number | null = null;
  let reason: string | null = null;
  if (!local) reason = 'The database server runs on another machine: its processes cannot be measured from here.';
  else if (sessions.length === 0) backendBytes = 0;
  else {
    const sizes = await Promise.all(sessions.map((s) => processPss(s.pid)));
    if (sizes.every((size) => size === null)) reason = "The database's processes cannot be read from /proc on this machine.";
    else backendBytes = sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
  }
  const load = loadavg();
  return {
    compute_size: computeSize,
    disk: {
      database_bytes: use?.databaseBytes ?? 0,
      disk_bytes: use?.diskBytes ?? 0,
      read_only_enforced: use?.enforced ?? false,
      read_only: stats[0]?.read_only ?? false,
    },
    connections: {
      total: sessions.length,
      active: sessions.filter((s) => s.state === 'active').length,
      idle: sessions.filter((s) => s.state !== 'active').length,
      limit: connectionLimit(computeSize),
    },
    memory: { backend_bytes: backendBytes, backends: sessions.length, unavailable_reason: reason },
    cpu: { cores: availableParallelism(), load_average: [load[0] ?? 0, load[1] ?? 0, load[2] ?? 0] },
    disk_io: { blocks_read: Number(stats[0]?.blks_read ?? 0), blocks_hit: Number(stats[0]?.blks_hit ?? 0) },
  };
}
