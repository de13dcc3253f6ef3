// Organization-scoped reads: its projects (paged), usage, and the Postgres versions new projects may use.
import { Hono } from 'hono';
import {
  availableVersionsBody,
  projectListQuery,
  usageQuery,
  type ProjectListQuery,
} from '../../src/api/schemas/organizations.ts';
import { organizationAccess, PROJECT_COLUMNS, type ProjectRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { readBody, readQuery } from '../http/validate.ts';
import { DATABASES_JSON, projectJson, type DatabaseSummary } from './projectJson.ts';
import { defaultPeriod, organizationUsage } from './usage.ts';

// Whitelisted ORDER BY clauses (never built from input); ties broken by id so pages are stable.
const ORDER_BY: Record<ProjectListQuery['sort'], string> = {
  name_asc: 'lower(p.name) asc, p.id asc',
  name_desc: 'lower(p.name) desc, p.id desc',
  created_asc: 'p.inserted_at asc, p.id asc',
  created_desc: 'p.inserted_at desc, p.id desc',
};

/** The product prefix of Postgres versions (spec A3 "Postgres version"). */
export const VERSION_PREFIX = 'strata-postgres-';

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export function orgProjectRoutes(options: { publicHost: string }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // spec A7: limit, offset, sort, search, statuses → {projects, pagination: {count, limit, offset}}.
  routes.get('/organizations/:slug/projects', async (c) => {
    const { pool } = c.var.services;
    const org = await organizationAccess(pool, c.req.param('slug'), c.var.user.sub);
    const query = readQuery(c, projectListQuery);
    const filters = `p.organization_id = $1 and p.deletion_requested_at is null and p.parent_project_ref is null
      and ($2::text is null or p.name ilike $2 or p.ref ilike $2)
      and ($3::text[] is null or p.status = any($3))`;
    const params = [org.id, query.search ? likePattern(query.search) : null, query.statuses?.length ? query.statuses : null];
    const { rows: counted } = await pool.query<{ count: number }>(
      `select count(*)::int as count from projects p where ${filters}`,
      params,
    );
    const { rows } = await pool.query<Omit<ProjectRow, 'role'> & { databases: DatabaseSummary[] }>(
      `select ${PROJECT_COLUMNS}, ${DATABASES_JSON}
         from projects p join organizations o on o.id = p.organization_id
        where ${filters} order by ${ORDER_BY[query.sort]} limit $4 offset $5`,
      [...params, query.limit, query.offset],
    );
    const context = { publicHost: options.publicHost, services: c.var.services };
    return c.json({
      projects: rows.map((row) => projectJson(row, context)),
      pagination: { count: counted[0]?.count ?? 0, limit: query.limit, offset: query.offset },
    });
  });

  routes.get('/organizations/:slug/usage', async (c) => {
    const { pool } = c.var.services;
    const org = await organizationAccess(pool, c.req.param('slug'), c.var.user.sub);
    const query = readQuery(c, usageQuery);
    let projectId: number | undefined;
    if (query.project_ref) {
      const { rows } = await pool.query<{ id: number }>(
        'select id from projects where ref = $1 and organization_id = $2 and deletion_requested_at is null',
        [query.project_ref, org.id],
      );
      if (!rows[0]) throw notFound('Project not found');
      projectId = rows[0].id;
    }
    const period = defaultPeriod();
    const start = query.start ? new Date(query.start) : period.start;
    const end = query.end ? new Date(query.end) : period.end;
    if (start > end) throw badRequest('start must not be after end');
    // STORAGE_SIZE: the stored objects' files under the platform's files folder (server/storage).
    const storageRoot = c.var.services.filesDir;
    const usages = await organizationUsage(pool, org, { ...(projectId ? { projectId } : {}), start, end, storageRoot });
    return c.json({ usages });
  });

  // spec A3 Postgres version {version, release_channel, postgres_engine}: the cluster's own version is the one
  // version a local platform can offer.
  routes.post('/organizations/:slug/available-versions', async (c) => {
    await organizationAccess(c.var.services.pool, c.req.param('slug'), c.var.user.sub);
    await readBody(c, availableVersionsBody);
    const version = c.var.services.postgresVersion;
    return c.json({
      available_versions: [
        { version: `${VERSION_PREFIX}${version}`, release_channel: 'ga', postgres_engine: version.split('.')[0] },
      ],
    });
  });

  return routes;
}
