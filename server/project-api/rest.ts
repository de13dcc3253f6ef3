// Each project's own API URL `{publicHost}/p/{ref}` (DESIGN §5): its REST root and Data API (issue 17), answering
// to the project's keys only. The root is an OpenAPI (2.0) document of what the Data API serves; the rows, rpc and
// errors follow PostgREST (server/data-api/).
import { Hono } from 'hono';
import type { Services } from '../services.ts';
import { dataApiRoutes } from '../data-api/routes.ts';
import { projectAuthRoutes } from '../project-auth/service.ts';

export function projectApiRoutes(deps: { services: () => Promise<Services>; publicHost: string }): Hono {
  const routes = new Hono();
  routes.route('/', dataApiRoutes(deps));
  // The project's own auth (issue 18): the platform's auth code with the project's database, secret and settings.
  routes.route('/', projectAuthRoutes(deps));
  routes.all('/p/:ref/rest/v1', (c) => c.redirect(`/p/${c.req.param('ref')}/rest/v1/`, 308));
  return routes;
}
