// The console's pages from the first moment (issue 15: `npm start` <= 2 s to the first 200). Loading the whole
// platform (every route, the services, the auth service: ~1-1.5 s of module evaluation on this machine) is not
// needed to send the console's HTML and bundles, so main.ts listens as soon as this small part is loaded: page
// requests are answered by the same consoleRoutes (and host check) the full app mounts, and every other request
// waits for the full app, then goes to it. Once the app is there, it answers everything.
import { Hono } from 'hono';
import type { Mode } from '../config.ts';
import { consoleRoutes } from './console.ts';
import { loopbackHostCheck } from './hostCheck.ts';

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/** Paths consoleRoutes answers (the redirect at /, the pages and bundles under /dashboard). */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/' || pathname === '/dashboard' || pathname.startsWith('/dashboard/');
}

export interface ConsoleFirstDeps {
  distDir: string;
  mode: Mode;
  publicHost: string;
  loopbackOnly: boolean;
}

/** The console alone, with the host check the full app puts in front of it. */
export function consoleOnlyApp(deps: ConsoleFirstDeps): Hono {
  const app = new Hono();
  if (deps.loopbackOnly) app.use('*', loopbackHostCheck(deps.publicHost));
  app.route('/', consoleRoutes(deps.distDir, deps.mode, { publicHost: deps.publicHost }));
  return app;
}

/**
 * One fetch for the server: until `full` is loaded, console pages come from `consoleOnly` and anything else waits
 * for `full`; afterwards `full` answers everything. A `full` that fails to load is the caller's to report (the
 * requests waiting for it get a 503 rather than hanging).
 */
export function consoleFirst(consoleOnly: { fetch: Fetch }, full: Promise<{ fetch: Fetch }>): Fetch {
  let loaded: Fetch | null = null;
  full.then(
    (app) => {
      loaded = app.fetch;
    },
    () => {},
  );
  return (request, env) => {
    if (loaded) return loaded(request, env);
    if (isConsolePath(new URL(request.url).pathname)) return consoleOnly.fetch(request, env);
    return full.then(
      (app) => app.fetch(request, env),
      () => Response.json({ message: 'The platform could not start; see its log' }, { status: 503 }),
    );
  };
}
