// Who calls the Data API (issue 17): the project's key (`apikey` header, else the bearer token) names the project;
// the bearer JWT, when one is sent, gives the role and the claims (anon, authenticated, service_role), verified
// with the project's JWT secret. One platform query per request reads the project's secret, status and settings.
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type pg from 'pg';
import { recordKeyUse } from '../project-api/keys.ts';
import { API_KEY_ROLES, OPAQUE_KEY_ROLE, opaqueKeyType, type ApiKeyRole } from '../projects/keys.ts';
import { ApiError } from './errors.ts';
import { DEFAULT_SETTINGS, type DataApiSettings } from './settings.ts';

export const REQUEST_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type RequestRole = (typeof REQUEST_ROLES)[number];

export interface Caller {
  projectId: number;
  role: RequestRole;
  claims: JWTPayload;
  settings: DataApiSettings;
}

interface ProjectRow {
  id: number;
  status: string;
  jwt_secret: string;
  db_schema: string[] | null;
  max_rows: number | null;
  /** The project's live publishable and secret keys (issue 16), as 'type key'. */
  opaque_keys: string[];
  /** Public halves of its asymmetric signing keys that still verify tokens (issue 16, spec A5). */
  signing_keys: JWK[];
}

const unauthorized = (message: string, code = 'PGRST301') => new ApiError(401, code, message, null, null);

/** Statuses in which the project's database is not served (a paused project answers 503 as the REST root does). */
function unavailable(status: string): ApiError {
  const message = status === 'INACTIVE' ? 'The project is paused: restore it to use its API' : `The project is not running (status ${status})`;
  return new ApiError(503, 'PGRST002', message);
}

/**
 * The project's row, kept for a second: under load the platform query was a third of each request's time
 * (bench/data-api.ts). So a pause, a rotated secret or changed settings reach the Data API within a second (a paused
 * project's database refuses connections meanwhile anyway); a restore is seen at once.
 */
export const PROJECT_CACHE_MS = 1_000;

interface CachedProject {
  row: Promise<ProjectRow | null>;
  /** When its query was sent: the row is at least this fresh. */
  at: number;
  /** A read of the row started ahead of the expiry (see projectRow). */
  next?: Promise<ProjectRow | null>;
}

const projects = new Map<string, CachedProject>();

function readProject(platform: Pick<pg.Pool, 'query'>, ref: string): Promise<ProjectRow | null> {
  return platform
    .query<ProjectRow>(
      `select p.id, p.status, s.jwt_secret, d.db_schema, d.max_rows,
              array(select k.type || ' ' || k.api_key from project_api_keys k
                     where k.project_id = p.id and k.revoked_at is null) as opaque_keys,
              coalesce((select jsonb_agg(g.public_jwk) from project_signing_keys g
                         where g.project_id = p.id and g.status <> 'revoked'), '[]'::jsonb) as signing_keys
         from projects p join project_secrets s on s.project_id = p.id
         left join data_api_settings d on d.project_id = p.id
        where p.ref = $1 and p.deletion_requested_at is null`,
      [ref],
    )
    .then((result) => result.rows[0] ?? null);
}

/**
 * Read ahead: a row older than half of PROJECT_CACHE_MS is read again in the background while requests keep using it,
 * and replaces it when the answer comes. Before, every request arriving while the expired row was read again waited
 * for that query (under load, once a second, every in-flight request at once: a stall the p99 showed). The bound is
 * unchanged: no request uses a row read more than PROJECT_CACHE_MS ago, and forgetProject drops a read in flight.
 */
function projectRow(platform: Pick<pg.Pool, 'query'>, ref: string): Promise<ProjectRow | null> {
  const cached = projects.get(ref);
  const now = Date.now();
  if (cached && now - cached.at < PROJECT_CACHE_MS) {
    if (now - cached.at >= PROJECT_CACHE_MS / 2 && !cached.next) {
      const next = readProject(platform, ref);
      cached.next = next;
      next.then(
        (found) => {
          if (projects.get(ref) !== cached) return; // forgotten (or replaced) meanwhile
          if (found?.status === 'ACTIVE_HEALTHY') projects.set(ref, { row: next, at: now });
          else projects.delete(ref); // paused or gone: the next request reads it again
        },
        () => {
          if (projects.get(ref) === cached) cached.next = undefined; // tried again by a later request
        },
      );
    }
    return cached.row;
  }
  const row = readProject(platform, ref);
  const entry: CachedProject = { row, at: now };
  projects.set(ref, entry);
  // Only a serving project is kept: a paused (or missing) one is read again at once, so a restore is seen at once.
  row.then(
    (found) => {
      if (found?.status !== 'ACTIVE_HEALTHY' && projects.get(ref) === entry) projects.delete(ref);
    },
    () => {
      if (projects.get(ref) === entry) projects.delete(ref);
    },
  );
  if (projects.size > 1000) projects.delete(projects.keys().next().value!);
  return row;
}

/** Drops this process's cached row of a project: a revoked key or a rotated secret is refused from the next request. */
export function forgetProject(ref: string): void {
  projects.delete(ref);
}

/** The role an opaque key of the project gives (publishable → anon, secret → service_role), or null. */
function opaqueKeyRole(project: ProjectRow, key: string): ApiKeyRole | null {
  const type = opaqueKeyType(key);
  if (!type || !project.opaque_keys.includes(`${type} ${key}`)) return null;
  return OPAQUE_KEY_ROLE[type];
}

/** Imported public keys by kid; the JWK text is part of the cache key, so a re-created kid cannot be confused. */
const importedKeys = new Map<string, Promise<CryptoKey | Uint8Array>>();

/** A bearer token signed by one of the project's asymmetric keys (ES256 / RS256, found by kid in its JWKS). */
async function verifiedAsymmetric(token: string, project: ProjectRow): Promise<JWTPayload> {
  const header = decodeProtectedHeader(token);
  const jwk = project.signing_keys.find((key) => key.kid === header.kid && key.alg === header.alg);
  if (!jwk || (header.alg !== 'ES256' && header.alg !== 'RS256')) throw new Error('no such signing key');
  const cacheKey = JSON.stringify(jwk);
  let key = importedKeys.get(cacheKey);
  if (!key) {
    key = importJWK(jwk, header.alg);
    if (importedKeys.size > 1000) importedKeys.clear();
    importedKeys.set(cacheKey, key);
  }
  return (await jwtVerify(token, await key, { algorithms: [header.alg] })).payload;
}

/**
 * Tokens already verified with a secret: verifying an HS256 signature through WebCrypto was the largest share of a
 * request's CPU in a profile (bench/data-api.ts). An entry is keyed by token and secret (a rotated secret misses) and
 * ends with the token's expiry, at most a minute after it was checked.
 */
const verifiedTokens = new Map<string, { payload: JWTPayload; until: number }>();
const VERIFIED_MS = 60_000;
const VERIFIED_MAX = 10_000;

async function verified(token: string, secretText: string, secret: Uint8Array, issuer?: string): Promise<JWTPayload> {
  const cacheKey = `${issuer ?? ''}\u0000${secretText}\u0000${token}`;
  const hit = verifiedTokens.get(cacheKey);
  const now = Date.now();
  if (hit && now < hit.until) return hit.payload;
  if (hit) verifiedTokens.delete(cacheKey);
  const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], ...(issuer ? { issuer } : {}) });
  const until = Math.min(now + VERIFIED_MS, typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity);
  if (verifiedTokens.size >= VERIFIED_MAX) verifiedTokens.delete(verifiedTokens.keys().next().value!);
  verifiedTokens.set(cacheKey, { payload, until });
  return payload;
}

/**
 * When each key was last recorded, per platform database (its pool): key use is written at most once a minute per
 * key. Kept per platform, not per process, because project ids are only unique within one platform database (a test
 * worker runs several platforms, one database each, and project 1 of one is not project 1 of the next).
 */
const lastRecordedBy = new WeakMap<object, Map<string, number>>();
const RECORD_EVERY_MS = 60_000;

export async function authenticate(platform: Pick<pg.Pool, 'query'>, ref: string, headers: Headers): Promise<Caller> {
  const apikey = headers.get('apikey')?.trim() || null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1] ?? null;
  if (!apikey && !bearer) throw unauthorized('No API key found in request', 'PGRST302');
  const project = await projectRow(platform, ref);
  if (!project) throw unauthorized('Invalid API key');
  const secret = new TextEncoder().encode(project.jwt_secret);

  // The key: one of the project's own (anon or service_role, issued by the platform for this ref).
  const projectKey = apikey ?? bearer!;
  let keyRole: ApiKeyRole;
  let keyPayload: JWTPayload;
  const opaque = opaqueKeyType(projectKey) !== null;
  const opaqueRole = opaque ? opaqueKeyRole(project, projectKey) : null;
  if (opaque) {
    // A publishable or secret key (issue 16): known and not revoked, else refused like any invalid key.
    if (!opaqueRole) throw unauthorized('Invalid API key');
    keyRole = opaqueRole;
    keyPayload = { role: opaqueRole };
  } else {
    try {
      const payload = await verified(projectKey, project.jwt_secret, secret, 'strata');
      if (payload.ref !== ref || typeof payload.role !== 'string' || !(API_KEY_ROLES as readonly string[]).includes(payload.role)) {
        throw new Error('not a key of this project');
      }
      keyRole = payload.role as ApiKeyRole;
      keyPayload = payload;
    } catch {
      throw unauthorized('Invalid API key');
    }
  }

  // The bearer token: any JWT signed with the project's secret whose role is one the API serves (a user's session).
  let claims = keyPayload;
  if (bearer && bearer !== projectKey) {
    try {
      const alg = project.signing_keys.length > 0 ? decodeProtectedHeader(bearer).alg : 'HS256';
      claims = alg === 'HS256' ? await verified(bearer, project.jwt_secret, secret) : await verifiedAsymmetric(bearer, project);
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw unauthorized(expired ? 'JWT expired' : 'JWT could not be verified', expired ? 'PGRST303' : 'PGRST301');
    }
  }
  const role = claims.role;
  if (typeof role !== 'string' || !(REQUEST_ROLES as readonly string[]).includes(role)) {
    throw unauthorized(`The JWT role ${typeof role === 'string' ? `"${role}" ` : ''}is not one the Data API serves (anon, authenticated, service_role)`);
  }

  if (project.status !== 'ACTIVE_HEALTHY') throw unavailable(project.status);

  const recordKey = `${project.id}:${keyRole}`;
  const now = Date.now();
  // spec A2.13's 'Last request' line is about the anon and service_role keys: opaque keys are not recorded there.
  let lastRecorded = lastRecordedBy.get(platform);
  if (!lastRecorded) lastRecordedBy.set(platform, (lastRecorded = new Map()));
  if (!opaqueRole && now - (lastRecorded.get(recordKey) ?? 0) > RECORD_EVERY_MS) {
    lastRecorded.set(recordKey, now);
    const recorded = lastRecorded;
    await recordKeyUse(platform, { projectId: project.id, role: keyRole, legacy: true }).catch(() => recorded.delete(recordKey));
  }
  return {
    projectId: project.id,
    role: role as RequestRole,
    claims,
    settings: {
      schemas: project.db_schema ?? DEFAULT_SETTINGS.schemas,
      maxRows: project.max_rows ?? DEFAULT_SETTINGS.maxRows,
    },
  };
}
