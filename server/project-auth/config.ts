// GET/PATCH /api/platform/projects/{ref}/config/auth (issue 18 step 3; the Management API's …/config/auth shape):
// members read a project's auth settings, admins and owners change them. The project's auth service reads the
// stored settings at each request and rebuilds itself when they changed (service.ts).
import { Hono } from 'hono';
import { projectAccess } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, errorResponse } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { SECRET_MASK, authConfigBody, readAuthConfig, saveAuthConfig, withoutSecrets } from './settings.ts';

export function projectAuthConfigRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => errorResponse(error, c));
  routes.get('/projects/:ref/config/auth', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub);
    return c.json(withoutSecrets(await readAuthConfig(c.var.services.pool, project.id)));
  });
  routes.patch('/projects/:ref/config/auth', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub, 'administrator', 'change the auth settings');
    const body = await readBody(c, authConfigBody);
    // The mask read back and sent again is no new password.
    if (body.smtp_pass === SECRET_MASK) delete body.smtp_pass;
    // Checked on the result: a host set earlier and its sender cleared now is refused as well.
    const next = { ...(await readAuthConfig(c.var.services.pool, project.id)), ...body };
    if (next.smtp_host && !next.smtp_admin_email) throw badRequest('A sender e-mail address (smtp_admin_email) is required with a custom SMTP host');
    return c.json(withoutSecrets(await saveAuthConfig(c.var.services.pool, project.id, body)));
  });
  return routes;
}
