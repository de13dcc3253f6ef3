// The platform's HTTP surface (DESIGN §5): the console under /dashboard, the auth service under /auth/v1 and
// the platform API under /api. Built without the database: API calls await `services()`, pages never do.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Mode } from './config.ts';
import { consoleRoutes } from './http/console.ts';
import type { AppEnv } from './http/env.ts';
import { errorResponse, logServerError } from './http/errors.ts';
import { loopbackHostCheck } from './http/hostCheck.ts';
import { requireSession, type VerifyAccessToken } from './http/session.ts';
import { pgMetaRoutes } from './pgmeta/routes.ts';
import { projectRoleRoutes } from './pgmeta/roles.ts';
import { tableExportDownloadRoutes, tableExportRoutes } from './pgmeta/export.ts';
import { isImportRequest, tableImportRoutes } from './pgmeta/csv-import.ts';
import { organizationRoutes } from './routes/organizations.ts';
import { orgProjectRoutes } from './routes/orgProjects.ts';
import { profileRoutes } from './routes/profile.ts';
import { projectRoutes } from './routes/projects.ts';
import { apiKeyRoutes } from './routes/apiKeys.ts';
import { projectApiRoutes } from './project-api/rest.ts';
import { dataApiConfigRoutes } from './data-api/config.ts';
import { projectAuthConfigRoutes } from './project-auth/config.ts';
import { platformStorageRoutes } from './storage/platformRoutes.ts';
import { storageServiceRoutes } from './storage/service.ts';
import { backupRoutes } from './routes/backups.ts';
import { devSwitchRoutes } from './routes/devSwitches.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { fileRoutes } from './routes/files.ts';
import { lifecycleRoutes } from './routes/lifecycle.ts';
import { upgradeRoutes } from './routes/upgrade.ts';
import { typesRoutes } from './types-gen/routes.ts';
import { sqlEditorRoutes } from './routes/sqlEditor.ts';
import { mcpRoutes } from './mcp/routes.ts';
import { migrationPlatformRoutes, migrationV1Routes } from './pgmeta/migrations.ts';
import { oauthApiRoutes } from './oauth/apiRoutes.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { connectionRoutes } from './routes/connection.ts';
import type { Services } from './services.ts';
import { readUnusedBody } from './http/unreadBody.ts';
import { advisorRoutes } from './advisors/routes.ts';
import { attachRequestLog } from './logs/attach.ts';
import { logsRoutes } from './logs/routes.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { resourceWarningRoutes } from './metrics/resource-warnings.ts';
import { cliReleaseRoutes } from './cli/version.ts';
import { assistantRoutes } from './assistant/routes.ts';
import { consoleFeedbackRoutes } from './feedback/routes.ts';
import { docsRoutes } from './docs/routes.ts';
import { readRemoteFlags, telemetryRoutes } from './telemetry/routes.ts';
import { deploymentRoutes } from './telemetry/deployment.ts';
import { branchEstimateRoutes, branchRoutes } from './branches/routes.ts';
import { infrastructureRoutes } from './infrastructure/routes.ts';
import { replicaRoutes } from './replicas/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';

export interface AppDeps {
  mode: Mode;
  /** host:port clients use to reach this platform; base of each project's API URL (`<publicHost>/p/<ref>`). */
  publicHost: string;
  /** Folder of the built console. */
  distDir: string;
  /** Resolves once the database is ready (or rejects when it could not start). */
  services: () => Promise<Services>;
  /** Checks a session's access token (the auth service's verifier; a fake one in tests). */
  verifyAccessToken: VerifyAccessToken;
  /**
   * The auth service, given the untouched request (its routes live under /auth/v1) and the server's bindings,
   * from which it reads the client's address for its rate limits.
   */
  auth?: (request: Request, env?: unknown) => Response | Promise<Response>;
  /** STRATA_DEV_SWITCHES=1: mounts POST /api/platform/dev/projects/{ref} (README "Developer switches"). */
  devSwitches?: boolean;
  /** Bound to a loopback address: requests naming another host are refused (DNS rebinding, SECURITY.md). */
  loopbackOnly?: boolean;
}

/** SQL sent to the query endpoint may be large (imports); everything else is small. */
const MAX_API_BODY_BYTES = 16 * 1024 * 1024;

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(errorResponse);
  app.use('*', readUnusedBody);
  // issue 19: every request of a project (its API, storage, auth and the console's calls) to the request log, batched.
  app.use('*', attachRequestLog(app, deps.services));
  if (deps.loopbackOnly) app.use('*', loopbackHostCheck(deps.publicHost));

  // spec A2.14/A7: {site}/api/get-deployment-commit, the build being served (public, like the page it describes).
  app.route('/', deploymentRoutes(deps.distDir) as unknown as Hono<AppEnv>);
  // Pages never wait for the database: its remote flags go into them once it is ready.
  let ready: Services | null = null;
  deps.services().then((services) => (ready = services), () => undefined);
  const remoteFlags = async () => (ready ? readRemoteFlags(ready.pool) : undefined);
  app.route('/', consoleRoutes(deps.distDir, deps.mode, { publicHost: deps.publicHost, remoteFlags }) as unknown as Hono<AppEnv>);

  if (deps.auth) {
    const auth = deps.auth;
    app.all('/auth/v1', (c) => auth(c.req.raw, c.env));
    app.all('/auth/v1/*', (c) => auth(c.req.raw, c.env));
  }

  // Each project's own API URL (app_config.endpoint): answers to the project's keys, not to console sessions.
  app.route('/', projectApiRoutes({ services: deps.services, publicHost: deps.publicHost }));
  // Each project's storage service (issue 8), outside /api: uploads are not held to the API's body limit.
  app.route('/', storageServiceRoutes({ services: deps.services, publicHost: deps.publicHost }));
  // Signed, short-lived download URLs of backups and storage archives (a navigation carries no bearer token).
  app.route('/', fileRoutes({ services: deps.services }));
  // Signed, short-lived CSV export links of the table editor (the COPY is streamed, issue 6).
  app.route('/', tableExportDownloadRoutes({ services: deps.services }));
  // The MCP server and the OAuth 2.1 authorization server that issues its tokens (issue 16, spec C§9).
  app.route('/', oauthRoutes({ services: deps.services }));
  // Strata's documentation at /docs and the docs search of spec B7 (issue 22): public, keyed by the docs public key.
  app.route('/', docsRoutes({ services: deps.services }) as unknown as Hono<AppEnv>);
  app.route('/', mcpRoutes({ services: deps.services, publicHost: deps.publicHost, mode: deps.mode }));

  const session = requireSession({ mode: deps.mode, verifyAccessToken: deps.verifyAccessToken });
  const apiBodyLimit = bodyLimit({ maxSize: MAX_API_BODY_BYTES, onError: (c) => c.json({ message: 'Request body too large' }, 413) });
  // The CSV import streams its body into COPY and counts the bytes itself (pgmeta/csv-import.ts): Hono's limit
  // would read a body that announces no length into memory first.
  app.use('/api/*', (c, next) => (isImportRequest(c.req.method, c.req.path) ? next() : apiBodyLimit(c, next)));
  app.use('/api/platform/*', session);
  app.use('/api/v1/*', session);
  app.use('/api/cli-release-version', session);
  app.use('/api/*', async (c, next) => {
    try {
      c.set('services', await deps.services());
    } catch (error) {
      logServerError('database start-up', error);
      return c.json({ message: 'The platform database is not available; see the platform log' }, 503);
    }
    return next();
  });

  const platform = new Hono<AppEnv>();
  platform.route('/', profileRoutes());
  platform.route('/', organizationRoutes());
  platform.route('/', orgProjectRoutes({ publicHost: deps.publicHost }));
  platform.route('/', projectRoutes({ publicHost: deps.publicHost }));
  platform.route('/', connectionRoutes());
  platform.route('/', apiKeyRoutes());
  platform.route('/', pgMetaRoutes());
  platform.route('/', projectRoleRoutes());
  platform.route('/', migrationPlatformRoutes());
  platform.route('/', tableExportRoutes({ publicHost: deps.publicHost }));
  platform.route('/', tableImportRoutes());
  platform.route('/', platformStorageRoutes({ publicHost: deps.publicHost }));
  platform.route('/', dataApiConfigRoutes());
  platform.route('/', projectAuthConfigRoutes());
  platform.route('/', lifecycleRoutes());
  platform.route('/', backupRoutes({ publicHost: deps.publicHost }));
  platform.route('/', feedbackRoutes());
  platform.route('/', sqlEditorRoutes());
  platform.route('/', oauthApiRoutes());
  platform.route('/', advisorRoutes());
  platform.route('/', logsRoutes());
  platform.route('/', metricsRoutes());
  platform.route('/', branchEstimateRoutes());
  platform.route('/', infrastructureRoutes());
  platform.route('/', replicaRoutes());
  platform.route('/', resourceWarningRoutes());
  platform.route('/', assistantRoutes());
  platform.route('/', consoleFeedbackRoutes());
  platform.route('/', notificationRoutes({ devSwitches: deps.devSwitches }));
  platform.route('/', telemetryRoutes());
  if (deps.devSwitches) platform.route('/', devSwitchRoutes());
  app.route('/api/platform', platform);

  const v1 = new Hono<AppEnv>();
  v1.route('/', upgradeRoutes());
  v1.route('/', typesRoutes());
  v1.route('/', migrationV1Routes());
  v1.route('/', branchRoutes({ mode: deps.mode }));
  app.route('/api/v1', v1);
  // spec A4.7: the command-line tool's version and the newest releases (self-hosted mode only).
  app.route('/', cliReleaseRoutes(deps.mode));

  // spec A2.1: paths starting with /api are API routes, never pages.
  app.notFound((c) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
      return c.json({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404);
    }
    return c.text('Not found', 404);
  });
  return app;
}

export interface ApiRoute {
  method: string;
  path: string;
}

/** Every API route of the app (middleware excluded), for the route-table test. */
export function listApiRoutes(app: Hono<AppEnv>): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}
