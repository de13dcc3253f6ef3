// GET/POST /api/platform/profile: the caller's profile, created on first use from the token's e-mail.
import { Hono } from 'hono';
import type pg from 'pg';
import type { AppEnv } from '../http/env.ts';
import type { AccessClaims } from '../http/session.ts';
import { acceptInvitations } from '../organizations/team.ts';

export interface ProfileRow {
  id: string;
  username: string;
  primary_email: string;
  first_name: string | null;
  last_name: string | null;
  free_project_limit: number;
}

function usernameFor(claims: AccessClaims): string {
  const local = (claims.email ?? '').split('@')[0] ?? '';
  const cleaned = local.toLowerCase().replace(/[^a-z0-9_.-]+/g, '');
  return cleaned || `user-${claims.sub.slice(0, 8)}`;
}

/** Returns the caller's profile, creating it when missing; `created` tells which happened. */
export async function ensureProfile(
  db: Pick<pg.Pool, 'query'>,
  claims: AccessClaims,
): Promise<{ profile: ProfileRow; created: boolean }> {
  const columns = 'id, username, primary_email, first_name, last_name, free_project_limit';
  const inserted = await db.query<ProfileRow>(
    `insert into profiles (id, username, primary_email) values ($1, $2, $3)
     on conflict (id) do nothing returning ${columns}`,
    [claims.sub, usernameFor(claims), (claims.email ?? '').toLowerCase()],
  );
  // Pending invitations for this e-mail become memberships (on sign-up, and for existing users on next fetch).
  await acceptInvitations(db, claims.sub, claims.email);
  if (inserted.rows[0]) return { profile: inserted.rows[0], created: true };
  const { rows } = await db.query<ProfileRow>(`select ${columns} from profiles where id = $1`, [claims.sub]);
  return { profile: rows[0]!, created: false };
}

export function profileJson(profile: ProfileRow) {
  return {
    id: profile.id,
    gotrue_id: profile.id,
    username: profile.username,
    primary_email: profile.primary_email,
    first_name: profile.first_name,
    last_name: profile.last_name,
    free_project_limit: profile.free_project_limit,
    disabled_features: [] as string[],
  };
}

export function profileRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/profile', async (c) => {
    const { profile } = await ensureProfile(c.var.services.pool, c.var.user);
    return c.json(profileJson(profile));
  });
  routes.post('/profile', async (c) => {
    const { profile, created } = await ensureProfile(c.var.services.pool, c.var.user);
    return c.json(profileJson(profile), created ? 201 : 200);
  });
  return routes;
}
