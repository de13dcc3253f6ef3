// The exit survey (spec A3 Exit survey, A7 POST /platform/feedback/downgrade) and the caller's roles per
// organization (GET /platform/profile/permissions; the console's spec A6 checks read the role from here).
import { Hono } from 'hono';
import { downgradeFeedbackBody } from '../../src/api/schemas/lifecycle.ts';
import { organizationAccess } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { readBody } from '../http/validate.ts';

export function feedbackRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/profile/permissions', async (c) => {
    const { rows } = await c.var.services.pool.query(
      `select o.id as organization_id, o.slug as organization_slug, m.role
         from members m join organizations o on o.id = m.organization_id
        where m.profile_id = $1 order by o.slug`,
      [c.var.user.sub],
    );
    return c.json(rows);
  });

  // The project is usually being deleted (or gone) when this arrives: its ref is kept as text. An organization,
  // when named, must be one of the caller's.
  routes.post('/feedback/downgrade', async (c) => {
    const { pool } = c.var.services;
    const body = await readBody(c, downgradeFeedbackBody);
    if (body.orgSlug) await organizationAccess(pool, body.orgSlug, c.var.user.sub);
    await pool.query(
      `insert into downgrade_feedback (profile_id, project_ref, org_slug, reasons, additional_feedback, exit_action)
       values ($1, $2, $3, $4, $5, $6)`,
      [c.var.user.sub, body.projectRef ?? null, body.orgSlug ?? null, body.reasons, body.additionalFeedback, body.exitAction],
    );
    return c.json({}, 201);
  });

  return routes;
}
