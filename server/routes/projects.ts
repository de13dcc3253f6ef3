// Projects (spec A3 Project, A7 "Project lifecycle"): creation answers at once with status COMING_UP while the
// database is provisioned in the background (spec A4.1 building screen polls the status).
import { Hono } from 'hono';
import { createProjectBody, updateProjectBody } from '../../src/api/schemas/projects.ts';
import { hasRole, organizationAccess, projectAccess, PROJECT_COLUMNS, type ProjectRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, notFound, unavailable } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { VERSION_PREFIX } from './orgProjects.ts';
import { DATABASES_JSON, projectEndpoint, projectJson, type DatabaseSummary } from './projectJson.ts';
import type { Services } from '../services.ts';
import { ownerRole, projectDatabase } from '../projects/names.ts';

async function loadProject(services: Services, ref: string) {
  const { rows } = await services.pool.query<Omit<ProjectRow, 'role'> & { databases: DatabaseSummary[] }>(
    `select ${PROJECT_COLUMNS}, ${DATABASES_JSON}
       from projects p join organizations o on o.id = p.organization_id where p.ref = $1`,
    [ref],
  );
  if (!rows[0]) throw notFound('Project not found');
  return rows[0];
}

/** REST ping (spec A7, 2 s timeout on the console side): the project database answers a query. */
async function pingProject(services: Services, ref: string): Promise<boolean> {
  try {
    const pool = await services.pools.get(ref);
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref());
    await Promise.race([pool.query('select 1'), timeout]);
    return true;
  } catch {
    return false;
  }
}

export function projectRoutes(options: { publicHost: string }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const context = (services: Services) => ({ publicHost: options.publicHost, services });

  routes.post('/projects', async (c) => {
    const { services } = c.var;
    const body = await readBody(c, createProjectBody);
    const org = await organizationAccess(
      services.pool,
      body.organization_slug,
      c.var.user.sub,
      'administrator',
      'create projects in this organization',
    );
    const engine = services.postgresVersion.split('.')[0];
    if (body.postgres_engine !== undefined && body.postgres_engine !== engine) {
      throw badRequest(`postgres_engine ${body.postgres_engine} is not available; available: ${engine}`);
    }
    const ref = await services.provisioner.create({
      organizationId: org.id,
      name: body.name,
      region: body.db_region,
      cloudProvider: body.cloud_provider ?? 'AWS',
      dbVersion: `${VERSION_PREFIX}${services.postgresVersion}`,
      dbPass: body.db_pass,
    });
    return c.json(projectJson(await loadProject(services, ref), context(services)), 201);
  });

  routes.get('/projects/:ref', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub);
    return c.json(projectJson(await loadProject(services, project.ref), context(services)));
  });

  routes.get('/projects/:ref/status', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub);
    return c.json({ status: project.status });
  });

  // Renaming (project settings → General) needs UPDATE on the project (spec A6: administrators and owners here).
  routes.patch('/projects/:ref', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub, 'administrator', 'rename this project');
    const body = await readBody(c, updateProjectBody);
    await services.pool.query('update projects set name = $2 where id = $1', [project.id, body.name]);
    return c.json(projectJson(await loadProject(services, project.ref), context(services)));
  });

  // spec A6: deleting needs UPDATE on the project (administrators and owners here).
  routes.delete('/projects/:ref', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub, 'administrator', 'delete this project');
    const json = projectJson(await loadProject(services, project.ref), context(services));
    await services.provisioner.remove(project.ref);
    return c.json(json);
  });

  routes.get('/projects/:ref/settings', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub);
    const { rows } = await services.pool.query<{ name: string; api_key: string }>(
      'select name, api_key from api_keys where project_id = $1 order by name',
      [project.id],
    );
    // spec A6 READ on service_api_keys: the service_role key bypasses row security, so read-only members
    // only see the anon key.
    const visible = rows.filter((row) => row.name === 'anon' || hasRole(project.role, 'developer'));
    return c.json({
      ref: project.ref,
      name: project.name,
      status: project.status,
      region: project.region,
      cloud_provider: project.cloud_provider,
      inserted_at: project.inserted_at.toISOString(),
      db_host: services.server.host,
      db_port: services.server.port,
      db_name: projectDatabase(project.ref),
      db_user: ownerRole(project.ref),
      app_config: { protocol: 'http', endpoint: projectEndpoint(options.publicHost, project.ref), db_schema: 'public' },
      service_api_keys: visible.map((row) => ({ api_key: row.api_key, name: `${row.name} key`, tags: row.name })),
    });
  });

  // spec A2.13: when the anon / service_role keys were last presented to the project's API in the past 24 hours
  // (the console's 'Last request was {x} ago.'). Temporary keys are not counted (server/project-api/keys.ts).
  routes.get('/projects/:ref/api-keys/last-used', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub);
    const { rows } = await services.pool.query<{ last_used_at: Date | null }>(
      `select max(last_used_at) as last_used_at from key_usage
        where project_id = $1 and name in ('anon', 'service_role') and last_used_at > now() - interval '24 hours'`,
      [project.id],
    );
    return c.json({ last_used_at: rows[0]?.last_used_at?.toISOString() ?? null });
  });

  routes.get('/projects/:ref/databases', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub);
    const { rows } = await services.pool.query(
      `select identifier, database_type, region, status, infra_compute_size, db_name, db_user, inserted_at
         from databases where project_id = $1 order by id`,
      [project.id],
    );
    // Host and port are those of the running cluster (the embedded one may have moved to a free port).
    return c.json(
      rows.map((row) => ({ ...row, cloud_provider: project.cloud_provider, db_host: services.server.host, db_port: services.server.port })),
    );
  });

  routes.get('/projects/:ref/api/rest', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub);
    if (project.status !== 'ACTIVE_HEALTHY' || !(await pingProject(services, project.ref))) {
      throw unavailable('The project database is not answering');
    }
    // An OpenAPI document of the project's REST API: the REST service is not served yet, so it has no paths.
    return c.json({
      swagger: '2.0',
      info: { title: project.name, version: services.postgresVersion },
      host: options.publicHost,
      basePath: `/p/${project.ref}/rest/v1/`,
      schemes: ['http'],
      paths: {},
      definitions: {},
    });
  });

  return routes;
}
