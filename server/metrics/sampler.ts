// Reports' data (issue 19): every METRIC_SAMPLE_INTERVAL_MS the platform samples each active project's database —
// size, connections by role, the cumulative block and tuple counters of pg_stat_database — and its stored objects'
// size. Rates (transactions and rows per second, cache hit ratio) are differences between samples (reports.ts).
import type pg from 'pg';
import { projectDatabase } from '../projects/names.ts';
import { storageSize } from '../routes/usage.ts';

interface StatRow {
  datname: string;
  database_bytes: string;
  blks_hit: string;
  blks_read: string;
  xact_commit: string;
  xact_rollback: string;
  tup_returned: string;
  tup_fetched: string;
  tup_inserted: string;
  tup_updated: string;
  tup_deleted: string;
}

/** Takes one sample of every project that is up; returns how many were stored. */
export async function sampleProjects(pool: Pick<pg.Pool, 'query'>, filesDir: string | null, at = new Date()): Promise<number> {
  const { rows: projects } = await pool.query<{ ref: string }>(
    `select ref from projects where status = 'ACTIVE_HEALTHY' and deletion_requested_at is null`,
  );
  if (projects.length === 0) return 0;
  const databases = projects.map((p) => projectDatabase(p.ref));
  const { rows: stats } = await pool.query<StatRow>(
    `select d.datname, pg_database_size(d.datname)::text as database_bytes,
            s.blks_hit::text, s.blks_read::text, s.xact_commit::text, s.xact_rollback::text, s.tup_returned::text,
            s.tup_fetched::text, s.tup_inserted::text, s.tup_updated::text, s.tup_deleted::text
       from pg_database d join pg_stat_database s on s.datid = d.oid
      where d.datname = any($1)`,
    [databases],
  );
  const { rows: connections } = await pool.query<{ datname: string; role: string; count: string }>(
    `select datname, coalesce(usename, 'other') as role, count(*)::text as count
       from pg_stat_activity where datname = any($1) group by 1, 2`,
    [databases],
  );
  let stored = 0;
  for (const project of projects) {
    const database = projectDatabase(project.ref);
    const stat = stats.find((s) => s.datname === database);
    if (!stat) continue;
    const byRole: Record<string, number> = {};
    for (const row of connections) if (row.datname === database) byRole[row.role] = Number(row.count);
    const storageBytes = await storageSize(filesDir, [project.ref]);
    await pool.query(
      `insert into metric_samples (project_ref, at, database_bytes, storage_bytes, connections, blks_hit, blks_read,
              xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) on conflict do nothing`,
      [
        project.ref,
        at,
        stat.database_bytes,
        storageBytes,
        JSON.stringify(byRole),
        stat.blks_hit,
        stat.blks_read,
        stat.xact_commit,
        stat.xact_rollback,
        stat.tup_returned,
        stat.tup_fetched,
        stat.tup_inserted,
        stat.tup_updated,
        stat.tup_deleted,
      ],
    );
    stored += 1;
  }
  return stored;
}
