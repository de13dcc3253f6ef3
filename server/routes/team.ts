// The team of an organization: invitations, member roles and removal (spec A6 roles; /org/{slug}/team).
// Administrators and owners manage the team; only owners hand out or take away the owner role; an organization
// always keeps at least one owner. An invitation becomes membership when the invitee's profile is created or
// next fetched (acceptInvitations, called from ensureProfile), once the invitee's address is confirmed.
import { Hono } from 'hono';
import type pg from 'pg';
import {
  INVITATION_ID_PATTERN,
  PROFILE_ID_PATTERN,
  inviteMemberBody,
  updateMemberBody,
} from '../../src/api/schemas/team.ts';
import type { MemberRole } from '../../src/api/schemas/platformFields.ts';
import { TEAM_MESSAGES } from '../../src/domain/team.ts';
import { organizationAccess, type OrganizationRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';

type Queryable = Pick<pg.Pool, 'query'>;

interface InvitationRow {
  id: number;
  email: string;
  role: MemberRole;
  inserted_at: Date;
  invited_by_email: string | null;
}

function invitationJson(row: InvitationRow) {
  return {
    id: row.id,
    invited_email: row.email,
    role: row.role,
    invited_at: row.inserted_at.toISOString(),
    invited_by: row.invited_by_email,
  };
}

const INVITATION_SELECT = `select i.id, i.email, i.role, i.inserted_at, p.primary_email as invited_by_email
  from invitations i left join profiles p on p.id = i.invited_by`;

/**
 * Turns every pending invitation of this e-mail into membership (case-insensitive); returns how many.
 * Issue 13 finding 6: an invitation goes only to a user who proved the address. The token's e-mail claim is not
 * enough on its own: the auth user behind `profileId` must hold exactly this address, confirmed (a sign-up awaiting
 * its mailed link, an e-mail change not yet confirmed from the new address, or a user without an auth row — the
 * self-hosted local user — accept nothing).
 */
export async function acceptInvitations(db: Queryable, profileId: string, email: string | undefined): Promise<number> {
  const normalized = (email ?? '').trim().toLowerCase();
  if (!normalized) return 0;
  const { rowCount } = await db.query(
    `with proven as (
       select u.email from auth.users u
        where u.id = $1 and u.email = $2 and u.email_confirmed_at is not null and u.deleted_at is null
     ), accepted as (
       delete from invitations where email = $2 and exists (select 1 from proven) returning organization_id, role
     )
     insert into members (organization_id, profile_id, role)
     select organization_id, $1, role from accepted
     on conflict (organization_id, profile_id) do nothing`,
    [profileId, normalized],
  );
  return rowCount ?? 0;
}

const manage = (db: Queryable, slug: string, userId: string, action: string) =>
  organizationAccess(db, slug, userId, 'administrator', action);

/** Only an owner may give or take the owner role. */
function checkOwnerRole(org: OrganizationRow, ...roles: (MemberRole | undefined)[]): void {
  if (org.role !== 'owner' && roles.includes('owner')) {
    throw forbidden('Only an owner can add, change or remove an owner');
  }
}

/**
 * Runs a change to one member under a lock on the organization row, so that two concurrent changes cannot
 * together remove the last owner.
 */
async function withMemberLock<T>(
  pool: pg.Pool,
  org: OrganizationRow,
  profileId: string,
  change: (client: pg.PoolClient, current: MemberRole, owners: number) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select id from organizations where id = $1 for update', [org.id]);
    const { rows } = await client.query<{ role: MemberRole; owners: number }>(
      `select m.role, (select count(*)::int from members o where o.organization_id = $1 and o.role = 'owner') as owners
         from members m where m.organization_id = $1 and m.profile_id = $2`,
      [org.id, profileId],
    );
    if (!rows[0]) throw notFound('Member not found');
    const result = await change(client, rows[0].role, rows[0].owners);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

function profileIdParam(value: string): string {
  if (!PROFILE_ID_PATTERN.test(value)) throw notFound('Member not found');
  return value.toLowerCase();
}

export function teamRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/organizations/:slug/members/invitations', async (c) => {
    const { pool } = c.var.services;
    const org = await organizationAccess(pool, c.req.param('slug'), c.var.user.sub);
    const { rows } = await pool.query<InvitationRow>(
      `${INVITATION_SELECT} where i.organization_id = $1 order by i.inserted_at, i.id`,
      [org.id],
    );
    return c.json(rows.map(invitationJson));
  });

  routes.post('/organizations/:slug/members/invitations', async (c) => {
    const { pool } = c.var.services;
    const org = await manage(pool, c.req.param('slug'), c.var.user.sub, 'invite members');
    const body = await readBody(c, inviteMemberBody);
    checkOwnerRole(org, body.role);
    const member = await pool.query(
      `select 1 from members m join profiles p on p.id = m.profile_id
        where m.organization_id = $1 and lower(p.primary_email) = $2`,
      [org.id, body.email],
    );
    if (member.rowCount) throw conflict(TEAM_MESSAGES.alreadyMember);
    // Inviting the same e-mail again keeps one invitation, with the latest role.
    const { rows } = await pool.query<{ id: number }>(
      `insert into invitations (organization_id, email, role, invited_by) values ($1, $2, $3, $4)
       on conflict (organization_id, email) do update set role = excluded.role, invited_by = excluded.invited_by
       returning id`,
      [org.id, body.email, body.role, c.var.user.sub],
    );
    const created = await pool.query<InvitationRow>(`${INVITATION_SELECT} where i.id = $1`, [rows[0]!.id]);
    return c.json(invitationJson(created.rows[0]!), 201);
  });

  routes.delete('/organizations/:slug/members/invitations/:id', async (c) => {
    const { pool } = c.var.services;
    const org = await manage(pool, c.req.param('slug'), c.var.user.sub, 'revoke invitations');
    const id = c.req.param('id');
    if (!INVITATION_ID_PATTERN.test(id)) throw notFound('Invitation not found');
    const { rows } = await pool.query<InvitationRow>(
      `${INVITATION_SELECT} where i.id = $1 and i.organization_id = $2`,
      [Number(id), org.id],
    );
    if (!rows[0]) throw notFound('Invitation not found');
    checkOwnerRole(org, rows[0].role);
    await pool.query('delete from invitations where id = $1', [rows[0].id]);
    return c.json(invitationJson(rows[0]));
  });

  routes.patch('/organizations/:slug/members/:profileId', async (c) => {
    const { pool } = c.var.services;
    const org = await manage(pool, c.req.param('slug'), c.var.user.sub, 'change member roles');
    const profileId = profileIdParam(c.req.param('profileId'));
    const body = await readBody(c, updateMemberBody);
    await withMemberLock(pool, org, profileId, async (client, current, owners) => {
      checkOwnerRole(org, current, body.role);
      if (current === 'owner' && body.role !== 'owner' && owners <= 1) throw badRequest(TEAM_MESSAGES.lastOwner);
      await client.query('update members set role = $3 where organization_id = $1 and profile_id = $2', [
        org.id,
        profileId,
        body.role,
      ]);
    });
    return c.json({ gotrue_id: profileId, role: body.role });
  });

  routes.delete('/organizations/:slug/members/:profileId', async (c) => {
    const { pool } = c.var.services;
    const profileId = profileIdParam(c.req.param('profileId'));
    // Anyone may leave; removing someone else takes an administrator or owner.
    const leaving = profileId === c.var.user.sub.toLowerCase();
    const org = leaving
      ? await organizationAccess(pool, c.req.param('slug'), c.var.user.sub)
      : await manage(pool, c.req.param('slug'), c.var.user.sub, 'remove members');
    const removed = await withMemberLock(pool, org, profileId, async (client, current, owners) => {
      if (!leaving) checkOwnerRole(org, current);
      if (current === 'owner' && owners <= 1) throw badRequest(TEAM_MESSAGES.lastOwner);
      await client.query('delete from members where organization_id = $1 and profile_id = $2', [org.id, profileId]);
      return { gotrue_id: profileId, role: current };
    });
    return c.json(removed);
  });

  return routes;
}
