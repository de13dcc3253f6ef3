// Connection settings of a project (issue 16, spec A2.10, A4.6, A3 Pooler config): the pooler configuration the
// Connect dialog shows, the pool mode and size of Database Settings (#connection-pooling), and the database
// password reset (the old password stops working at once).
import { Hono } from 'hono';
import { resetDbPasswordBody, updatePoolerBody } from '../../src/api/schemas/connection.ts';
import { connectionUri } from '../../src/domain/connect/strings.ts';
import type { PoolMode, PoolerConfig } from '../../src/domain/connect/methods.ts';
import { projectAccess } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { withAdminClient } from '../db/platformDb.ts';
import { ownerRole, projectDatabase } from '../projects/names.ts';
import { scramVerifier } from '../projects/scram.ts';
import type { Services } from '../services.ts';

interface PoolerRow {
  identifier: string;
  database_type: 'PRIMARY' | 'READ_REPLICA';
  pool_mode: PoolMode;
  default_pool_size: number;
}

async function poolerConfigs(services: Services, project: { id: number; ref: string }): Promise<PoolerConfig[]> {
  const { rows } = await services.pool.query<PoolerRow>(
    `select identifier, database_type, pool_mode, default_pool_size from databases where project_id = $1 order by id`,
    [project.id],
  );
  const status = services.poolers.status();
  return rows.map((row) => {
    const endpoint = {
      host: status.running ? status.host : services.server.host,
      port: status.running ? status.transactionPort : services.server.port,
      database: projectDatabase(project.ref),
      user: ownerRole(project.ref),
    };
    return {
      identifier: row.identifier,
      database_type: row.database_type,
      pool_mode: row.pool_mode,
      default_pool_size: row.default_pool_size,
      db_host: endpoint.host,
      db_name: endpoint.database,
      db_user: endpoint.user,
      db_port: endpoint.port,
      session_port: status.running ? status.sessionPort : endpoint.port,
      connection_string: status.running ? connectionUri(endpoint) : '',
      running: status.running,
      ...(status.running ? {} : { unavailable_reason: status.reason ?? 'No connection pooler runs on this platform.' }),
    };
  });
}

export function connectionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // spec A7: GET /platform/projects/{ref}/config/supavisor — the pooling configuration of each database.
  routes.get('/projects/:ref/config/supavisor', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub);
    // A project created since the last read joins the poolers now (a no-op when nothing changed).
    await services.poolers.refresh();
    return c.json(await poolerConfigs(services, project));
  });

  // Database Settings → Connection pooling: pool mode and pool size (administrators and owners, spec A6).
  routes.patch('/projects/:ref/config/supavisor', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub, 'administrator', 'change the connection pooling settings');
    const body = await readBody(c, updatePoolerBody);
    await services.pool.query(
      `update databases set pool_mode = coalesce($2, pool_mode), default_pool_size = coalesce($3, default_pool_size)
        where project_id = $1 and identifier = $4`,
      [project.id, body.pool_mode ?? null, body.default_pool_size ?? null, project.ref],
    );
    await services.poolers.refresh();
    return c.json(await poolerConfigs(services, project));
  });

  // Database Settings → Reset database password: the owner role's password changes at once; only its SCRAM
  // verifier is sent to Postgres (the statement carries no clear password into the server's logs).
  routes.patch('/projects/:ref/db-password', async (c) => {
    const { services } = c.var;
    const project = await projectAccess(services.pool, c.req.param('ref'), c.var.user.sub, 'administrator', 'reset the database password');
    if (project.status !== 'ACTIVE_HEALTHY') throw badRequest('The project is not active: its database password cannot be reset now.');
    const body = await readBody(c, resetDbPasswordBody);
    await withAdminClient(services.server, (admin) =>
      admin.query(`alter role ${admin.escapeIdentifier(ownerRole(project.ref))} password ${admin.escapeLiteral(scramVerifier(body.password))}`),
    );
    await services.poolers.refresh();
    return c.json({ result: 'Database password updated' });
  });

  return routes;
}
