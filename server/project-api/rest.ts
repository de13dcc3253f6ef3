// Each project's own API URL `{publicHost}/p/{ref}` (DESIGN §5): here its REST root. It answers to the project's
// keys only and describes the tables and views of the exposed schema as an OpenAPI (2.0) document, the way a REST
// layer over Postgres does; row endpoints arrive with the data tools.
import { Hono } from 'hono';
import type { Services } from '../services.ts';
import { presentedKey, recordKeyUse, verifyProjectKey } from './keys.ts';

const EXPOSED_SCHEMA = 'public';

export function projectApiRoutes(deps: { services: () => Promise<Services>; publicHost: string }): Hono {
  const routes = new Hono();

  routes.get('/p/:ref/rest/v1/', async (c) => {
    const ref = c.req.param('ref');
    const key = presentedKey(c.req.raw.headers);
    if (!key) return c.json({ message: 'No API key found in request', hint: 'Send the apikey header.' }, 401);
    let services: Services;
    try {
      services = await deps.services();
    } catch {
      return c.json({ message: 'The platform database is not available' }, 503);
    }
    const verified = await verifyProjectKey(services.pool, ref, key);
    if (!verified) return c.json({ message: 'Invalid API key' }, 401);
    await recordKeyUse(services.pool, verified);
    // A paused (or restarting, upgrading…) project's database refuses connections: say so instead of failing.
    const { rows: state } = await services.pool.query<{ status: string }>('select status from projects where id = $1', [verified.projectId]);
    const status = state[0]?.status;
    if (status !== 'ACTIVE_HEALTHY') {
      const message = status === 'INACTIVE' ? 'The project is paused: restore it to use its API' : `The project is not running (status ${status})`;
      return c.json({ message }, 503);
    }
    const pool = await services.pools.get(ref);
    const { rows } = await pool.query<{ name: string; kind: string; comment: string | null }>(
      `select c.relname as name, c.relkind::text as kind, obj_description(c.oid, 'pg_class') as comment
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
        order by c.relname`,
      [EXPOSED_SCHEMA],
    );
    const paths: Record<string, unknown> = { '/': { get: { summary: 'OpenAPI description (this document)' } } };
    for (const table of rows) {
      paths[`/${table.name}`] = { get: { tags: [table.name], summary: table.comment ?? undefined } };
    }
    return c.json({
      swagger: '2.0',
      info: { title: 'Strata project REST API', version: '1' },
      host: deps.publicHost,
      basePath: `/p/${ref}/rest/v1`,
      schemes: ['http'],
      paths,
    });
  });

  routes.all('/p/:ref/rest/v1', (c) => c.redirect(`/p/${c.req.param('ref')}/rest/v1/`, 308));
  return routes;
}
