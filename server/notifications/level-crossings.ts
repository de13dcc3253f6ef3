// Once per crossing, not per poll (issue 21): the platform keeps the last warning level it measured for each project's
// resource (project_resource_levels, migration 0026) and reports a rise — none -> warning, none or warning -> critical.
// One statement: of two polls measuring the same rise at once, only one sees its upsert change the row, so only one
// notification is written.
import type pg from 'pg';
import type { WarningLevel } from '../../src/domain/resource-warnings.ts';

type Queryable = Pick<pg.Pool, 'query'>;

const rank = (level: WarningLevel | null) => (level === 'critical' ? 2 : level === 'warning' ? 1 : 0);

/** Stores the level measured now; true when it rose above the one stored before (or none stored). */
export async function recordLevel(db: Queryable, projectId: number, metric: string, level: WarningLevel | null): Promise<boolean> {
  const { rows } = await db.query<{ previous: WarningLevel | null; changed: boolean }>(
    `with prev as (select level from project_resource_levels where project_id = $1 and metric = $2),
          up as (insert into project_resource_levels (project_id, metric, level) values ($1, $2, $3)
                   on conflict (project_id, metric) do update set level = excluded.level, changed_at = now()
                   where project_resource_levels.level is distinct from excluded.level
                 returning 1)
     select (select level from prev) as previous, exists (select 1 from up) as changed`,
    [projectId, metric, level],
  );
  const row = rows[0];
  return row !== undefined && row.changed && rank(level) > rank(row.previous);
}
