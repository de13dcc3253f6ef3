// /api/platform/notifications (spec A7 Notifications, A4.8; issue 21). A user reads and changes only their own
// rows: every statement is bounded by the session's profile id, so another user's notification id is simply not
// found (404), never read or changed.
import { Hono } from 'hono';
import { notificationsQuery, notificationUpdatesBody } from '../../src/api/schemas/notifications.ts';
import type { AppEnv } from '../http/env.ts';
import { notifyProfile } from './writer.ts';
import { NOTIFICATION_PRIORITIES } from '../../src/domain/notifications.ts';
import { z } from 'zod';
import { badRequest, notFound } from '../http/errors.ts';
import { parseWith, readBody, readQuery } from '../http/validate.ts';

const COLUMNS = `id, status, priority, data, inserted_at`;

const devNotificationBody = z.object({
  priority: z.enum(NOTIFICATION_PRIORITIES).default('Info'),
  data: z.object({
    title: z.string().min(1).max(200),
    message: z.string().max(5000),
    project_ref: z.string().max(64).nullish(),
    org_slug: z.string().max(64).nullish(),
    actions: z.array(z.object({ label: z.string().max(64), url: z.string().max(500), action_type: z.string().max(32).optional() })).max(5).optional(),
  }),
});

export function notificationRoutes(options: { devSwitches?: boolean } = {}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Developer switch (STRATA_DEV_SWITCHES, like fail_next): a notification of one's own, written by the platform's
  // writer, so e2e can show what any message renders as (a <script>, a javascript: link). Never mounted otherwise.
  if (options.devSwitches) {
    routes.post('/notifications/dev', async (c) => {
      const body = await readBody(c, devNotificationBody);
      await notifyProfile(c.var.services.pool, c.var.user.sub, { priority: body.priority, data: body.data });
      return c.json({}, 201);
    });
  }

  routes.get('/notifications', async (c) => {
    const query = readQuery(c, notificationsQuery);
    const statuses = query.status.length ? query.status : ['new', 'seen'];
    const { rows } = await c.var.services.pool.query(
      `select ${COLUMNS} from notifications
        where profile_id = $1 and status = any($2::text[])
          and (cardinality($3::text[]) = 0 or priority = any($3::text[]))
          and (cardinality($4::text[]) = 0 or data->>'org_slug' = any($4::text[]))
          and (cardinality($5::text[]) = 0 or data->>'project_ref' = any($5::text[]))
        order by inserted_at desc, id desc
        offset $6 limit $7`,
      [c.var.user.sub, statuses, query.priority, query.org_slug, query.project_ref, query.offset, query.limit],
    );
    return c.json(rows);
  });

  // spec A4.8: the bell's indicators are read from the unread notifications.
  routes.get('/notifications/summary', async (c) => {
    const { rows } = await c.var.services.pool.query<{ unread_count: number; has_warning: boolean; has_critical: boolean }>(
      `select count(*)::int as unread_count,
              coalesce(bool_or(priority = 'Warning'), false) as has_warning,
              coalesce(bool_or(priority = 'Critical'), false) as has_critical
         from notifications where profile_id = $1 and status = 'new'`,
      [c.var.user.sub],
    );
    return c.json(rows[0]);
  });

  // Body: [{id, status}]. All or nothing: an id that is not the caller's fails the whole request with 404.
  routes.patch('/notifications', async (c) => {
    // The same id twice: the last status given wins.
    const raw = await readBody(c, z.unknown());
    if (!Array.isArray(raw)) throw badRequest('Request body must be a JSON array of {id, status}');
    const updates = [...new Map(parseWith(notificationUpdatesBody, raw, 'request body').map((u) => [u.id, u])).values()];
    const { rows } = await c.var.services.pool.query(
      `with wanted as (
         select * from jsonb_to_recordset($2::jsonb) as w(id uuid, status text)
       ), owned as (
         select count(*) as n from notifications n join wanted w on w.id = n.id where n.profile_id = $1
       )
       update notifications n set status = w.status from wanted w, owned
        where n.id = w.id and n.profile_id = $1 and owned.n = $3
       returning n.${COLUMNS.split(', ').join(', n.')}`,
      [c.var.user.sub, JSON.stringify(updates), updates.length],
    );
    if (rows.length < updates.length) throw notFound('Notification not found');
    return c.json(rows);
  });

  routes.patch('/notifications/archive-all', async (c) => {
    const { rowCount } = await c.var.services.pool.query(
      `update notifications set status = 'archived' where profile_id = $1 and status <> 'archived'`,
      [c.var.user.sub],
    );
    return c.json({ archived: rowCount ?? 0 });
  });

  return routes;
}
