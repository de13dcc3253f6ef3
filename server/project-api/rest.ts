// Each project's own API URL `{publicHost}/p/{ref}` (DESIGN §5): its REST root and Data API (issue 17), answering
// to the project's keys only. The root is an OpenAPI (2.0) document of what the Data API serves; the rows, rpc and
// errors follow PostgREST (server/data-api/).
import { Hono } from 'hono';
import type { Services } from '../services.ts';
import { dataApiRoutes } from '../data-api/routes.ts';
import { projectAuthRoutes } from '../project-auth/service.ts';
import { projectJwks } from '../projects/signingKeys.ts';

export function projectApiRoutes(deps: { services: () => Promise<Services>; publicHost: string }): Hono {
  const routes = new Hono();
  routes.route('/', dataApiRoutes(deps));
  // The project's JWKS (spec A7 GET /.well-known/jwks.json, issue 16): its asymmetric signing keys' public halves,
  // public like any JWKS (no key needed), cached briefly by clients.
  routes.get('/p/:ref/auth/v1/.well-known/jwks.json', async (c) => {
    const jwks = await projectJwks((await deps.services()).pool, c.req.param('ref'));
    if (!jwks) return c.json({ message: 'Project not found' }, 404);
    return c.json(jwks, 200, { 'Cache-Control': 'public, max-age=600' });
  });
  // The project's own auth (issue 18): the platform's auth code with the project's database, secret and settings.
  routes.route('/', projectAuthRoutes(deps));
  routes.all('/p/:ref/rest/v1', (c) => c.redirect(`/p/${c.req.param('ref')}/rest/v1/`, 308));
  return routes;
}
