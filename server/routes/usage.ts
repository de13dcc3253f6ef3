// Organization usage (spec A3 "Organization usage", A7 GET /platform/organizations/{slug}/usage).
// DB_SIZE is measured live from the project databases (pg_database_size); STORAGE_SIZE is the bytes of the projects'
// stored objects, the files under {filesDir}/{ref}/objects/ (server/storage/names.ts; temporary uploads, backups and
// archives live beside that folder and do not count); other metrics come from usage_events reported by the platform
// services (gauges: latest value per project; counters: sum over the period). Metric names are shared with the
// console (src/domain/usage.ts).
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import type { UsageItem } from '../../src/api/contracts.ts';
import type { OrganizationRow } from '../http/access.ts';
import { projectDatabase } from '../projects/names.ts';
import { projectFolders } from '../storage/names.ts';

/** The billing period when none is asked for: the current calendar month (UTC) up to now. */
export function defaultPeriod(now = new Date()): { start: Date; end: Date } {
  return { start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), end: now };
}

/** Total bytes of the regular files under `dir` (symbolic links are not followed); 0 when it does not exist. */
export async function folderSize(dir: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderSize(path);
    else if (entry.isFile()) total += await lstat(path).then((s) => s.size, () => 0);
  }
  return total;
}

/** STORAGE_SIZE of the given projects: the files of their stored objects under the files folder, or 0 without one. */
export async function storageSize(filesDir: string | null | undefined, refs: readonly string[]): Promise<number> {
  if (!filesDir) return 0;
  const sizes = await Promise.all(refs.map((ref) => folderSize(projectFolders(filesDir, ref).objects)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

export async function organizationUsage(
  db: Pick<pg.Pool, 'query'>,
  org: Pick<OrganizationRow, 'id' | 'plan_id' | 'usage_billing_enabled'>,
  options: { projectId?: number; start: Date; end: Date; storageRoot?: string | null },
): Promise<UsageItem[]> {
  const projectFilter = options.projectId ?? null;
  const { rows: projects } = await db.query<{ ref: string }>(
    `select ref from projects where organization_id = $1 and ($2::int is null or id = $2)
        and deletion_requested_at is null and status <> 'COMING_UP'`,
    [org.id, projectFilter],
  );
  const { rows: size } = await db.query<{ bytes: string }>(
    'select coalesce(sum(pg_database_size(datname)), 0)::text as bytes from pg_database where datname = any($1)',
    [projects.map((p) => projectDatabase(p.ref))],
  );
  const storedBytes = await storageSize(options.storageRoot, projects.map((p) => p.ref));
  const { rows } = await db.query<{
    metric: string;
    kind: 'gauge' | 'counter';
    pricing_free_units: string | null;
    available_in_plan: boolean;
    unlimited: boolean;
    usage: string;
  }>(
    `select m.metric, m.kind, l.pricing_free_units::text, l.available_in_plan, l.unlimited,
            coalesce(case m.kind
              when 'counter' then (select sum(e.amount) from usage_events e
                                    where e.organization_id = $1 and e.metric = m.metric
                                      and ($3::int is null or e.project_id = $3)
                                      and e.recorded_at >= $4 and e.recorded_at <= $5)
              else (select sum(latest.amount) from (
                      select distinct on (e.project_id) e.amount from usage_events e
                       where e.organization_id = $1 and e.metric = m.metric
                         and ($3::int is null or e.project_id = $3) and e.recorded_at <= $5
                       order by e.project_id, e.recorded_at desc) latest)
            end, 0)::text as usage
       from usage_metrics m join usage_limits l on l.metric = m.metric and l.plan_id = $2
      where m.metric <> 'DISK_IOPS_GP3'
      order by m.sort_order`,
    [org.id, org.plan_id, projectFilter, options.start, options.end],
  );
  // Free plans are always capped; Pro is capped while usage billing (the spend cap switch) is off.
  const capped = org.plan_id === 'free' || (org.plan_id === 'pro' && !org.usage_billing_enabled);
  return rows.map((row) => ({
    metric: row.metric,
    usage:
      row.metric === 'DB_SIZE'
        ? Number(size[0]?.bytes ?? 0)
        : row.metric === 'STORAGE_SIZE'
          ? storedBytes
          : Number(row.usage),
    pricing_free_units: row.pricing_free_units === null ? null : Number(row.pricing_free_units),
    capped,
    available_in_plan: row.available_in_plan,
    unlimited: row.unlimited,
  }));
}
