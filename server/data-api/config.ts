// GET/PATCH /api/platform/projects/{ref}/config/postgrest (spec A "Connection and keys": GET …/config/postgrest;
// issue 17: the exposed schemas are a project setting that /settings/api shows and changes). Members read it;
// developers and up change it. The Data API reads the stored value (auth.ts), within a second of a change.
import { Hono } from 'hono';
import { z } from 'zod';
import { projectAccess } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { errorResponse } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { DEFAULT_SETTINGS, saveSettings } from './settings.ts';

const configBody = z
  .object({ db_schema: z.string().optional(), max_rows: z.number().optional() })
  .strict();

async function current(c: { var: AppEnv['Variables'] }, projectId: number) {
  const { rows } = await c.var.services.pool.query<{ db_schema: string[]; max_rows: number }>(
    'select db_schema, max_rows from data_api_settings where project_id = $1',
    [projectId],
  );
  const schemas = rows[0]?.db_schema ?? DEFAULT_SETTINGS.schemas;
  // The shape hosted platforms answer (db_schema is a comma-separated string).
  return { db_schema: schemas.join(','), max_rows: rows[0]?.max_rows ?? DEFAULT_SETTINGS.maxRows, db_extra_search_path: 'public' };
}

export function dataApiConfigRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => errorResponse(error, c));
  routes.get('/projects/:ref/config/postgrest', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub);
    return c.json(await current(c, project.id));
  });
  routes.patch('/projects/:ref/config/postgrest', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub, 'developer', 'change the Data API settings');
    const body = await readBody(c, configBody);
    await saveSettings(c.var.services.pool, project.id, body);
    return c.json(await current(c, project.id));
  });
  return routes;
}
