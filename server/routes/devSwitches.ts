// POST /api/platform/dev/projects/{ref}: the developer switch (README "Developer switches"), mounted only when the
// platform runs with STRATA_DEV_SWITCHES=1. It makes failure screens reachable: `fail_next` fails the project's
// next pause, restore or upgrade (after doing nothing harmful), `db_version` makes the project look older so an
// upgrade is offered, `paused_at` moves the pause date to test the 90-day restore window, `disk_size_bytes` gives the
// project a smaller disk for the resource banner (spec A2.12; null gives the real size back).
import { Hono } from 'hono';
import { devSwitchBody } from '../../src/api/schemas/lifecycle.ts';
import type { AppEnv } from '../http/env.ts';
import { readBody } from '../http/validate.ts';
import { projectFor } from '../lifecycle/access.ts';

export function devSwitchRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/dev/projects/:ref', async (c) => {
    const project = await projectFor(c);
    const body = await readBody(c, devSwitchBody);
    const { rows } = await c.var.services.pool.query<{ fail_next: string | null; db_version: string; paused_at: Date | null }>(
      `update projects set
         dev_fail_next = case when $2 then $3 else dev_fail_next end,
         db_version = coalesce($4, db_version),
         paused_at = case when $5 then $6::timestamptz else paused_at end
       where id = $1 returning dev_fail_next as fail_next, db_version, paused_at`,
      [
        project.id,
        body.fail_next !== undefined,
        body.fail_next ?? null,
        body.db_version ?? null,
        body.paused_at !== undefined,
        body.paused_at ?? null,
      ],
    );
    const row = rows[0]!;
    if (body.disk_size_bytes !== undefined) {
      await c.var.services.pool.query(
        `insert into project_disks (project_id, dev_size_bytes) values ($1, $2)
         on conflict (project_id) do update set dev_size_bytes = excluded.dev_size_bytes`,
        [project.id, body.disk_size_bytes],
      );
    }
    return c.json({ fail_next: row.fail_next, db_version: row.db_version, paused_at: row.paused_at?.toISOString() ?? null });
  });

  return routes;
}
