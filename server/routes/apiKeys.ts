// API keys and JWT settings of a project (spec A2.13, A4.9, A6 READ on service_api_keys; issue 16):
//   GET    /projects/{ref}/api-keys                     legacy anon/service_role + publishable/secret keys
//   GET    /projects/{ref}/api-keys/{id}?reveal=true    one key, a secret one in full (developers and up)
//   POST   /projects/{ref}/api-keys                     {type, name, description?} a new publishable or secret key
//   DELETE /projects/{ref}/api-keys/{id}                revokes it: the project API refuses it from then on
//   GET    /projects/{ref}/config/secrets/update-status {update_status}
//   PATCH  /projects/{ref}/config/secrets               {jwt_secret?} rotates the legacy JWT secret
//   GET/POST /projects/{ref}/config/auth/signing-keys, PATCH/DELETE …/{id}  asymmetric signing keys
// Read-only members see the anon and publishable keys only; secrets and every change need a developer or more.
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { forgetProject, PROJECT_CACHE_MS } from '../data-api/auth.ts';
import { hasRole, projectAccess } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, errorResponse, notFound } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { jwtSecretUpdateStatus, startJwtSecretUpdate } from '../projects/jwtSecret.ts';
import { maskOpaqueKey, newOpaqueKey, OPAQUE_KEY_TYPES } from '../projects/keys.ts';
import { createSigningKey, deleteSigningKey, listSigningKeys, setSigningKeyStatus, SIGNING_KEY_ALGORITHMS, SIGNING_KEY_STATUSES } from '../projects/signingKeys.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY_NAME = /^[a-z_][a-z0-9_]*$/;

const newKeyBody = z
  .object({
    type: z.enum(OPAQUE_KEY_TYPES),
    name: z.string().trim().min(4, 'Name must be at least 4 characters').max(64, 'Name must be at most 64 characters')
      .regex(KEY_NAME, 'Name must start with a letter or underscore and contain only lowercase letters, digits and underscores'),
    description: z.string().max(256).optional().nullable(),
  })
  .strict();
const secretBody = z
  .object({ jwt_secret: z.string().min(32, 'The JWT secret must be at least 32 characters long').max(512).optional() })
  .strict();
const signingKeyBody = z.object({ algorithm: z.enum(SIGNING_KEY_ALGORITHMS).default('ES256') }).strict();
const signingKeyStatusBody = z.object({ status: z.enum(SIGNING_KEY_STATUSES) }).strict();

interface KeyRow {
  id: string;
  type: 'legacy' | 'publishable' | 'secret';
  name: string;
  description: string | null;
  api_key: string;
  inserted_at: Date;
}

export interface ApiKeyJson {
  id: string;
  type: 'legacy' | 'publishable' | 'secret';
  name: string;
  description: string | null;
  /** Null when the caller may not read it; a secret key is masked unless revealed. */
  api_key: string | null;
  inserted_at: string;
}

function keyJson(row: KeyRow, canReadSecrets: boolean, reveal: boolean): ApiKeyJson {
  const secret = row.type === 'secret' || row.name === 'service_role';
  let api_key: string | null = row.api_key;
  if (secret && !canReadSecrets) api_key = null;
  else if (row.type === 'secret' && !reveal) api_key = maskOpaqueKey(row.api_key);
  return { id: row.id, type: row.type, name: row.name, description: row.description, api_key, inserted_at: row.inserted_at.toISOString() };
}

/** The legacy keys carry their name as id ('anon', 'service_role'); the others a uuid. */
const KEYS_SQL = `
  select name as id, 'legacy' as type, name, null as description, api_key, inserted_at from api_keys where project_id = $1
  union all
  select id::text, type, name, description, api_key, inserted_at from project_api_keys where project_id = $1 and revoked_at is null
  order by 2, 6`;

export function apiKeyRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => errorResponse(error, c));

  routes.get('/projects/:ref/api-keys', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub);
    const { rows } = await c.var.services.pool.query<KeyRow>(KEYS_SQL, [project.id]);
    return c.json(rows.map((row) => keyJson(row, hasRole(project.role, 'developer'), false)));
  });

  routes.get('/projects/:ref/api-keys/:id', async (c) => {
    const reveal = c.req.query('reveal') === 'true';
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub, reveal ? 'developer' : 'read_only', 'view API keys');
    const { rows } = await c.var.services.pool.query<KeyRow>(KEYS_SQL, [project.id]);
    const row = rows.find((key) => key.id === c.req.param('id'));
    if (!row) throw notFound('API key not found');
    return c.json(keyJson(row, hasRole(project.role, 'developer'), reveal));
  });

  routes.post('/projects/:ref/api-keys', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub, 'developer', 'create API keys');
    const body = await readBody(c, newKeyBody);
    const { rows } = await c.var.services.pool.query<KeyRow>(
      `insert into project_api_keys (id, project_id, type, name, description, api_key)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing
       returning id::text, type, name, description, api_key, inserted_at`,
      [randomUUID(), project.id, body.type, body.name, body.description ?? null, newOpaqueKey(body.type)],
    );
    if (!rows[0]) throw badRequest(`An API key named ${body.name} already exists`);
    forgetProject(project.ref);
    return c.json(keyJson(rows[0], true, true), 201);
  });

  routes.delete('/projects/:ref/api-keys/:id', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub, 'developer', 'revoke API keys');
    const id = c.req.param('id');
    if (id === 'anon' || id === 'service_role') throw badRequest('The legacy anon and service_role keys are replaced by rotating the JWT secret, not revoked');
    if (!UUID.test(id)) throw notFound('API key not found');
    const { rows } = await c.var.services.pool.query<KeyRow>(
      `update project_api_keys set revoked_at = now() where project_id = $1 and id = $2 and revoked_at is null
       returning id::text, type, name, description, api_key, inserted_at`,
      [project.id, id],
    );
    if (!rows[0]) throw notFound('API key not found');
    forgetProject(project.ref);
    return c.json(keyJson(rows[0], true, false));
  });

  routes.get('/projects/:ref/config/secrets/update-status', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub);
    return c.json({ update_status: await jwtSecretUpdateStatus(c.var.services.pool, project.id) });
  });

  routes.patch('/projects/:ref/config/secrets', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub, 'administrator', 'update the JWT secret');
    const body = await readBody(c, secretBody);
    const update = await startJwtSecretUpdate(
      { pool: c.var.services.pool, settleMs: PROJECT_CACHE_MS + 100, forget: forgetProject },
      project,
      body.jwt_secret,
    );
    return c.json({ update_status: update }, 202);
  });

  routes.get('/projects/:ref/config/auth/signing-keys', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub);
    return c.json({ keys: await listSigningKeys(c.var.services.pool, project.id) });
  });

  routes.post('/projects/:ref/config/auth/signing-keys', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub, 'administrator', 'manage JWT signing keys');
    const body = await readBody(c, signingKeyBody);
    const key = await createSigningKey(c.var.services.pool, project.id, body.algorithm);
    forgetProject(project.ref);
    return c.json(key, 201);
  });

  routes.patch('/projects/:ref/config/auth/signing-keys/:id', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub, 'administrator', 'manage JWT signing keys');
    const id = c.req.param('id');
    if (!UUID.test(id)) throw notFound('Signing key not found');
    const body = await readBody(c, signingKeyStatusBody);
    const key = await setSigningKeyStatus(c.var.services.pool, project.id, id, body.status);
    forgetProject(project.ref);
    return c.json(key);
  });

  routes.delete('/projects/:ref/config/auth/signing-keys/:id', async (c) => {
    const project = await projectAccess(c.var.services.pool, c.req.param('ref'), c.var.user.sub, 'administrator', 'manage JWT signing keys');
    const id = c.req.param('id');
    if (!UUID.test(id)) throw notFound('Signing key not found');
    await deleteSigningKey(c.var.services.pool, project.id, id);
    forgetProject(project.ref);
    return c.body(null, 204);
  });

  return routes;
}
