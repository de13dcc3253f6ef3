// Each project's auth at {project API URL}/auth/v1 (issue 18, DESIGN §5 "one implementation of auth, two mounts"):
// the platform's auth service (server/auth/) given the project's database (its `auth` schema, schema.ts), the
// project's JWT secret and the project's settings (settings.ts). Its access tokens are what the Data API and storage
// already accept (HS256 with the project's secret, role and aud `authenticated`, sub = the user's id), so RLS
// policies with auth.uid() apply to them. Every request needs one of the project's keys (apikey header, as a
// hosted gateway requires); the admin API and the project's inbox need its service_role key.
import { Hono } from 'hono';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import pg from 'pg';
import { createAuthService, type AuthService } from '../auth/index.ts';
import { AuthError, errorBody } from '../auth/errors.ts';
import { ACCESS_TOKEN_AUDIENCE, type SigningKeys } from '../auth/keys.ts';
import { logServerError } from '../http/errors.ts';
import { verifyProjectKey } from '../project-api/keys.ts';
import { API_KEY_ROLES, opaqueKeyType } from '../projects/keys.ts';
import { apiRole, projectDatabase } from '../projects/names.ts';
import { IDLE_CONNECTION_MS } from '../projects/pools.ts';
import type { Services } from '../services.ts';
import { runAccessTokenHook } from './hook.ts';
import { projectMailer } from './mailer.ts';
import { ensureProjectAuthSchema } from './schema.ts';
import { allowList, rateLimitsOf, withDefaults, type AuthConfig } from './settings.ts';

interface ProjectRow {
  id: number;
  status: string;
  jwt_secret: string;
  api_role_password: string;
  settings: unknown;
}

/**
 * The auth service's own small pool to the project's database, as the project's API role. Not the project API's
 * pool: that one keeps dates and numbers as text for the Data API (projects/pools.ts), while the auth code works
 * with pg's usual types. Connections close when idle, like the other project pools.
 */
const AUTH_POOL_MAX = 4;

/** A project's API URL, e.g. http://127.0.0.1:54321/p/{ref} (app_config.endpoint). */
export const projectApiUrl = (publicHost: string, ref: string) => `http://${publicHost}/p/${ref}`;

/** The project's access tokens: HS256 with its JWT secret, issued by its own auth URL; the hook may add claims. */
export function projectSigningKeys(
  secretText: string,
  issuer: string,
  hook: (claims: JWTPayload) => Promise<JWTPayload>,
  ttlSeconds?: number,
): SigningKeys {
  const secret = new TextEncoder().encode(secretText);
  return {
    kid: '',
    ...(ttlSeconds ? { ttlSeconds } : {}),
    publicJwk: null,
    async sign(claims, expiresAtSeconds) {
      const final = await hook(claims);
      return new SignJWT(final)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresAtSeconds)
        .sign(secret);
    },
    // The issuer is this project's auth URL: neither its anon/service_role keys (iss strata) nor a token of
    // another project (another secret and issuer) nor a console token (ES256) passes as a session here.
    verify: async (token) =>
      (
        await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ['exp', 'sub', 'session_id'],
        })
      ).payload,
  };
}

/** Which of the project's keys this is (anon or service_role of this ref), or null. */
async function projectKeyRole(secretText: string, ref: string, key: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(key, new TextEncoder().encode(secretText), { algorithms: ['HS256'], issuer: 'strata' });
    if (payload.ref !== ref || typeof payload.role !== 'string' || !(API_KEY_ROLES as readonly string[]).includes(payload.role)) return null;
    return payload.role;
  } catch {
    return null;
  }
}

const failure = (status: 401 | 404 | 503, code: string, message: string) =>
  Response.json(errorBody(new AuthError(status, code, message)), { status });

/** The mailed link is opened by a browser, which sends no key; the inbox takes the service_role key as its token. */
const KEYLESS = (path: string, method: string) => method === 'GET' && (path.endsWith('/verify') || path.endsWith('/local/inbox') || path.endsWith('/health'));

interface Mounted {
  stamp: string;
  service: Promise<{ service: AuthService; app: Hono }>;
}

export interface ProjectAuthDeps {
  services: () => Promise<Services>;
  publicHost: string;
}

export function projectAuthRoutes(deps: ProjectAuthDeps): Hono {
  const mounted = new Map<string, Mounted>();
  const schemaReady = new Map<string, Promise<void>>();

  function ensureSchema(ref: string, pool: pg.Pool): Promise<void> {
    let ready = schemaReady.get(ref);
    if (!ready) {
      ready = ensureProjectAuthSchema(pool);
      schemaReady.set(ref, ready);
      ready.catch(() => schemaReady.delete(ref));
    }
    return ready;
  }

  const authPools = new Map<string, { password: string; pool: pg.Pool }>();
  function authPool(services: Services, ref: string, password: string): pg.Pool {
    const current = authPools.get(ref);
    if (current && current.password === password) return current.pool;
    void current?.pool.end().catch(() => {});
    const pool = new pg.Pool({
      connectionString: services.server.urlAs(projectDatabase(ref), apiRole(ref), password),
      max: AUTH_POOL_MAX,
      min: 0,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      connectionTimeoutMillis: 5_000,
      application_name: 'strata-auth',
    });
    pool.on('error', () => {});
    authPools.set(ref, { password, pool });
    return pool;
  }

  async function build(services: Services, ref: string, project: ProjectRow, config: AuthConfig) {
    const pool = authPool(services, ref, project.api_role_password);
    await ensureSchema(ref, pool);
    const base = projectApiUrl(deps.publicHost, ref);
    const issuer = `${base}/auth/v1`;
    const hookUri = config.hook_custom_access_token_enabled ? config.hook_custom_access_token_uri : '';
    const keys = projectSigningKeys(project.jwt_secret, issuer, (claims) => runAccessTokenHook(pool, hookUri, claims), config.jwt_exp);
    // The service_role key, or (issue 16) a secret key of the project that is not revoked.
    const isServiceRole = async (given: string) =>
      opaqueKeyType(given)
        ? (await verifyProjectKey(services.pool, ref, given))?.role === 'service_role'
        : (await projectKeyRole(project.jwt_secret, ref, given)) === 'service_role';
    const service = await createAuthService({
      pool,
      issuer,
      dataDir: '',
      mode: 'platform',
      // Mail goes to the project's inbox (its auth.mail_outbox); links and codes are not printed to the platform log.
      log: (line) => {
        if (!line.startsWith('[auth] mail to')) console.log(line.replace('[auth]', `[auth ${ref}]`));
      },
      siteUrl: config.site_url,
      redirectUrls: allowList(config),
      redirectAllowList: allowList(config),
      autoconfirm: config.mailer_autoconfirm,
      emailEnabled: config.external_email_enabled,
      passwordMinLength: config.password_min_length,
      rateLimits: rateLimitsOf(config),
      sessionLimits: { timeboxSeconds: config.sessions_timebox, inactivitySeconds: config.sessions_inactivity_timeout },
      mfaTotp: { enroll: config.mfa_totp_enroll_enabled, verify: config.mfa_totp_verify_enabled },
      mailer: projectMailer(config),
      keys,
      isAdmin: isServiceRole,
      adminCredential: "the project's service_role key",
      isInboxReader: isServiceRole,
    });
    return { service, app: new Hono().route(`/p/${ref}/auth/v1`, service.app) };
  }

  async function serviceFor(services: Services, ref: string, project: ProjectRow) {
    const config = withDefaults(project.settings);
    // A rotated secret or changed settings give another stamp: the service is rebuilt with them.
    const stamp = `${project.jwt_secret}\u0000${JSON.stringify(config)}`;
    const current = mounted.get(ref);
    if (current && current.stamp === stamp) return current.service;
    const entry: Mounted = { stamp, service: build(services, ref, project, config) };
    mounted.set(ref, entry);
    entry.service.catch(() => {
      if (mounted.get(ref) === entry) mounted.delete(ref);
    });
    return entry.service;
  }

  const handle = async (c: { req: { raw: Request; param(name: 'ref'): string; path: string; method: string; header(name: string): string | undefined }; env: unknown }) => {
    const ref = c.req.param('ref');
    let services: Services;
    try {
      services = await deps.services();
    } catch {
      return failure(503, 'unexpected_failure', 'The platform database is not available; see the platform log');
    }
    const { rows } = await services.pool.query<ProjectRow>(
      `select p.id, p.status, s.jwt_secret, s.api_role_password, a.settings
         from projects p join project_secrets s on s.project_id = p.id
         left join project_auth_settings a on a.project_id = p.id
        where p.ref = $1 and p.deletion_requested_at is null`,
      [ref],
    );
    const project = rows[0];
    if (!project) return failure(404, 'not_found', 'Project not found');
    if (!KEYLESS(c.req.path, c.req.method)) {
      const apikey = c.req.header('apikey')?.trim();
      if (!apikey) return failure(401, 'no_api_key', 'No API key found in request');
      // A legacy anon/service_role JWT, or (issue 16) a publishable or secret key that is not revoked.
      const known = opaqueKeyType(apikey) ? await verifyProjectKey(services.pool, ref, apikey) : await projectKeyRole(project.jwt_secret, ref, apikey);
      if (!known) return failure(401, 'invalid_api_key', 'Invalid API key');
    }
    if (project.status !== 'ACTIVE_HEALTHY') {
      return failure(503, 'project_unavailable', project.status === 'INACTIVE' ? 'The project is paused: restore it to use its API' : `The project is not running (status ${project.status})`);
    }
    try {
      const { app } = await serviceFor(services, ref, project);
      return await app.fetch(c.req.raw, c.env);
    } catch (error) {
      logServerError(`project auth ${ref}`, error);
      return failure(503, 'unexpected_failure', "The project's auth is not available; see the platform log");
    }
  };

  const routes = new Hono();
  routes.all('/p/:ref/auth/v1', (c) => handle(c));
  routes.all('/p/:ref/auth/v1/*', (c) => handle(c));
  return routes;
}
