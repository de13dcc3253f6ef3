// The project API answers to the project's own keys (spec A2.13, issue "Organizations and projects"): an anon or
// service_role JWT signed with the project's JWT secret and naming the project, or (issue 16) one of its publishable
// or secret keys that is not revoked.
import { jwtVerify } from 'jose';
import type pg from 'pg';
import { API_KEY_ROLES, OPAQUE_KEY_ROLE, opaqueKeyType, type ApiKeyRole } from '../projects/keys.ts';

export interface ProjectKey {
  projectId: number;
  role: ApiKeyRole;
  /** An anon / service_role JWT (false: a publishable or secret key, whose use the 'Last request' line does not count). */
  legacy: boolean;
}

/** The key presented with a request: the `apikey` header, else a Bearer token. */
export function presentedKey(headers: { get(name: string): string | null | undefined }): string | null {
  const apikey = headers.get('apikey');
  if (apikey) return apikey.trim();
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.get('authorization') ?? '');
  return bearer?.[1]?.trim() ?? null;
}

/** Verifies `key` against the project's secret; null when it is not a valid key of this project. */
export async function verifyProjectKey(platform: Pick<pg.Pool, 'query'>, ref: string, key: string): Promise<ProjectKey | null> {
  const type = opaqueKeyType(key);
  if (type) {
    const { rows } = await platform.query<{ id: number }>(
      `select p.id from projects p join project_api_keys k on k.project_id = p.id
        where p.ref = $1 and k.api_key = $2 and k.type = $3 and k.revoked_at is null`,
      [ref, key, type],
    );
    return rows[0] ? { projectId: rows[0].id, role: OPAQUE_KEY_ROLE[type], legacy: false } : null;
  }
  const { rows } = await platform.query<{ id: number; jwt_secret: string }>(
    `select p.id, s.jwt_secret from projects p join project_secrets s on s.project_id = p.id where p.ref = $1`,
    [ref],
  );
  const project = rows[0];
  if (!project) return null;
  try {
    const { payload } = await jwtVerify(key, new TextEncoder().encode(project.jwt_secret), {
      issuer: 'strata',
      algorithms: ['HS256'],
    });
    const role = payload.role;
    if (payload.ref !== ref || typeof role !== 'string' || !(API_KEY_ROLES as readonly string[]).includes(role)) return null;
    return { projectId: project.id, role: role as ApiKeyRole, legacy: true };
  } catch {
    return null;
  }
}

/** spec A2.13: when each key was last presented (the 'Last request was … ago' line reads it). */
export async function recordKeyUse(platform: Pick<pg.Pool, 'query'>, key: ProjectKey): Promise<void> {
  await platform.query(
    `insert into key_usage (project_id, name, last_used_at) values ($1, $2, now())
     on conflict (project_id, name) do update set last_used_at = excluded.last_used_at`,
    [key.projectId, key.role],
  );
}
