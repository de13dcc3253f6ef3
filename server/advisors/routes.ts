// The advisors and Query Performance API (issue 19), every route behind the session and the caller's membership of
// the project's organization (server/http/access.ts):
//   GET    /platform/projects/{ref}/run-lints                      the findings, each marked dismissed or not
//   POST   /platform/projects/{ref}/run-lints/dismissals           {name, object_key}: dismiss a finding
//   DELETE /platform/projects/{ref}/run-lints/dismissals?name=&object_key=   show it again
//   GET    /platform/projects/{ref}/query-performance?order=&limit=
//   POST   /platform/projects/{ref}/query-performance/explain      {queryid}: the statement's plan, never executed
//   POST   /platform/projects/{ref}/query-performance/reset
import { Hono, type Context } from 'hono';
import type pg from 'pg';
import { z } from 'zod';
import { ADVISOR_LINT_NAMES, type AdvisorLint } from '../../src/domain/advisors.ts';
import { NOT_EXPLAINABLE, QUERY_STATS_LIMIT, QUERY_STATS_ORDERS, isExplainable } from '../../src/domain/query-performance.ts';
import { DEFAULT_SETTINGS } from '../data-api/settings.ts';
import { projectAccess, type ProjectRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, notFound, unavailable } from '../http/errors.ts';
import { readBody, readQuery } from '../http/validate.ts';
import { runLints, type Finding } from './lints.ts';
import { explainStatement, readQueryStats, resetQueryStats, statementText } from './query-stats.ts';

const dismissalBody = z.object({ name: z.enum(ADVISOR_LINT_NAMES), object_key: z.string().min(1).max(1000) });
const statsQuery = z.object({
  order: z.enum(QUERY_STATS_ORDERS).default('total_time'),
  limit: z.coerce.number().int().min(1).max(500).default(QUERY_STATS_LIMIT),
  search: z.string().max(200).default(''),
});
const explainBody = z.object({ queryid: z.string().regex(/^-?\d{1,20}$/, 'queryid must be a whole number') });

async function runningProject(c: Context<AppEnv>, least: ProjectRow['role'] = 'read_only', action?: string): Promise<ProjectRow> {
  const project = await projectAccess(c.var.services.pool, c.req.param('ref') ?? '', c.var.user.sub, least, action);
  if (project.status === 'COMING_UP') throw unavailable('The project is still being set up');
  if (project.status === 'INACTIVE') throw unavailable('The project is paused: restore it to run the advisors');
  if (project.status !== 'ACTIVE_HEALTHY') throw unavailable(`The project is not running (status ${project.status})`);
  return project;
}

async function exposedSchemas(platform: Pick<pg.Pool, 'query'>, projectId: number): Promise<string[]> {
  const { rows } = await platform.query<{ db_schema: string[] }>('select db_schema from data_api_settings where project_id = $1', [projectId]);
  return rows[0]?.db_schema ?? DEFAULT_SETTINGS.schemas;
}

/** Every finding of the project, as the console reads it, with the fingerprints kept server-side. */
async function findings(c: Context<AppEnv>, project: ProjectRow): Promise<Array<{ lint: AdvisorLint; fingerprint: string }>> {
  const schemas = await exposedSchemas(c.var.services.pool, project.id);
  const pool = await c.var.services.pools.console(project.ref);
  let rows: Finding[];
  const client = await pool.connect().catch(() => {
    throw unavailable('Could not reach the project database');
  });
  try {
    rows = await runLints(client, schemas);
  } finally {
    client.release();
  }
  const { rows: dismissed } = await c.var.services.pool.query<{ lint_name: string; object_key: string; fingerprint: string }>(
    'select lint_name, object_key, fingerprint from advisor_dismissals where project_id = $1',
    [project.id],
  );
  const key = (name: string, object: string) => `${name}\u0000${object}`;
  const dismissedAt = new Map(dismissed.map((row) => [key(row.lint_name, row.object_key), row.fingerprint]));
  return rows.map((row) => ({
    fingerprint: row.fingerprint,
    lint: {
      name: row.lint.name,
      title: row.lint.title,
      level: row.lint.level,
      facing: 'EXTERNAL',
      categories: row.lint.categories,
      description: row.lint.description,
      detail: row.detail,
      remediation: row.fix_sql,
      metadata: { schema: row.schema, name: row.name, type: row.type },
      object_key: row.object_key,
      cache_key: `${row.lint.name}_${row.object_key}`,
      // A dismissal holds while the object is as it was: a changed definition brings the finding back.
      dismissed: dismissedAt.get(key(row.lint.name, row.object_key)) === row.fingerprint,
    },
  }));
}

export function advisorRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/projects/:ref/run-lints', async (c) => {
    const project = await runningProject(c);
    return c.json((await findings(c, project)).map((f) => f.lint));
  });

  routes.post('/projects/:ref/run-lints/dismissals', async (c) => {
    const project = await runningProject(c, 'developer', 'dismiss advisor findings');
    const body = await readBody(c, dismissalBody);
    // The fingerprint is the object's as the platform sees it now, never one the client sends.
    const found = (await findings(c, project)).find((f) => f.lint.name === body.name && f.lint.object_key === body.object_key);
    if (!found) throw notFound('No such finding: it may have been fixed already');
    await c.var.services.pool.query(
      `insert into advisor_dismissals (project_id, lint_name, object_key, fingerprint, dismissed_by) values ($1, $2, $3, $4, $5)
       on conflict (project_id, lint_name, object_key) do update set fingerprint = excluded.fingerprint,
         dismissed_by = excluded.dismissed_by, dismissed_at = now()`,
      [project.id, body.name, body.object_key, found.fingerprint, c.var.user.sub],
    );
    return c.json({ ...found.lint, dismissed: true });
  });

  routes.delete('/projects/:ref/run-lints/dismissals', async (c) => {
    const project = await runningProject(c, 'developer', 'restore advisor findings');
    const query = readQuery(c, dismissalBody);
    const { rowCount } = await c.var.services.pool.query(
      'delete from advisor_dismissals where project_id = $1 and lint_name = $2 and object_key = $3',
      [project.id, query.name, query.object_key],
    );
    if (!rowCount) throw notFound('This finding is not dismissed');
    return c.json({ restored: true });
  });

  routes.get('/projects/:ref/query-performance', async (c) => {
    const project = await runningProject(c);
    const query = readQuery(c, statsQuery);
    return c.json(await readQueryStats(c.var.services.server, project.ref, query));
  });

  routes.post('/projects/:ref/query-performance/explain', async (c) => {
    const project = await runningProject(c);
    const body = await readBody(c, explainBody);
    const text = await statementText(c.var.services.server, project.ref, body.queryid);
    if (text === null) throw notFound('No statistics for this query: they may have been reset');
    if (!isExplainable(text)) throw badRequest(NOT_EXPLAINABLE);
    const client = await (await c.var.services.pools.console(project.ref)).connect();
    try {
      return c.json({ plan: await explainStatement(client, text) });
    } catch (error) {
      const pgError = error as { code?: unknown; message?: string };
      // Postgres refusing the statement (a utility statement, an undeterminable parameter type) is the answer.
      if (typeof pgError.code === 'string') throw badRequest(`This query cannot be explained: ${pgError.message}`);
      throw error;
    } finally {
      client.release();
    }
  });

  routes.post('/projects/:ref/query-performance/reset', async (c) => {
    const project = await runningProject(c, 'developer', 'reset query statistics');
    await resetQueryStats(c.var.services.server, project.ref);
    return c.json({ reset: true });
  });

  return routes;
}
