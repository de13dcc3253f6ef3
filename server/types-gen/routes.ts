// GET /v1/projects/{ref}/types/typescript?included_schemas= (spec B7; B2.5 'Generate and download types'): the
// TypeScript types of the project's live schema, as { types } (the shape the hosted management API answers). Any
// member may read them: they describe the schema the member can already browse.
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { projectAccess } from '../http/access.ts';
import { badRequest, errorResponse, unavailable } from '../http/errors.ts';
import { generateTypes } from './typescript.ts';

/** Postgres names are at most 63 bytes; a request may name a handful of schemas, not thousands. */
const MAX_SCHEMAS = 50;
const MAX_NAME_BYTES = 63;

/** 'public,api' → ['public', 'api']; empty or missing → ['public'] (the Data API's default exposed schema). */
export function parseIncludedSchemas(value: string | undefined): string[] {
  const names = [...new Set((value ?? '').split(',').map((name) => name.trim()).filter((name) => name !== ''))];
  if (names.length === 0) return ['public'];
  if (names.length > MAX_SCHEMAS) throw badRequest(`included_schemas names at most ${MAX_SCHEMAS} schemas`);
  for (const name of names) {
    if (Buffer.byteLength(name) > MAX_NAME_BYTES) throw badRequest(`Schema name too long: ${name.slice(0, 20)}…`);
  }
  return names;
}

export function typesRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => errorResponse(error, c));
  routes.get('/projects/:ref/types/typescript', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub);
    const schemas = parseIncludedSchemas(c.req.query('included_schemas'));
    if (project.status !== 'ACTIVE_HEALTHY') throw unavailable(`The project is not running (status ${project.status})`);
    const pool = await c.var.services.pools.console(project.ref);
    return c.json({ types: await generateTypes(pool, { schemas }) });
  });
  return routes;
}
