// The team of an organization: invitations, member roles and removal (spec A6 roles; /org/{slug}/team).
// Administrators and owners manage the team; only owners hand out or take away the owner role; an organization
// always keeps at least one owner. An invitation becomes membership when the invitee's profile is created or
// next fetched (acceptInvitations, called from ensureProfile), once the invitee's address is confirmed.
import { Hono } from 'hono';
import type { Invitation } from '../../src/api/contracts.ts';
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
import {
  deleteInvitation,
  findInvitation,
  isMemberEmail,
  listInvitations,
  upsertInvitation,
  withMemberLock,
  type InvitationRow,
} from '../organizations/team.ts';

type Queryable = Pick<pg.Pool, 'query'>;

function invitationJson(row: InvitationRow): Invitation {
  return {
    id: row.id,
    invited_email: row.email,
    role: row.role,
    invited_at: row.inserted_at.toISOString(),
    invited_by: row.invited_by_email,
  };
}

const manage = (db: Queryable, slug: string, userId: string, action: string) =>
  organizationAccess(db, slug, userId, 'administrator', action);

/** Only an owner may give or take the owner role. */
function checkOwnerRole(org: OrganizationRow, ...roles: (MemberRole | undefined)[]): void {
  if (org.role !== 'owner' && roles.includes('owner')) {
    throw forbidden('Only an owner can add, change or remove an owner');
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
    return c.json((await listInvitations(pool, org.id)).map(invitationJson));
  });

  routes.post('/organizations/:slug/members/invitations', async (c) => {
    const { pool } = c.var.services;
    const org = await manage(pool, c.req.param('slug'), c.var.user.sub, 'invite members');
    const body = await readBody(c, inviteMemberBody);
    checkOwnerRole(org, body.role);
    if (await isMemberEmail(pool, org.id, body.email)) throw conflict(TEAM_MESSAGES.alreadyMember);
    const created = await upsertInvitation(pool, org.id, body.email, body.role, c.var.user.sub);
    return c.json(invitationJson(created), 201);
  });

  routes.delete('/organizations/:slug/members/invitations/:id', async (c) => {
    const { pool } = c.var.services;
    const org = await manage(pool, c.req.param('slug'), c.var.user.sub, 'revoke invitations');
    const id = c.req.param('id');
    if (!INVITATION_ID_PATTERN.test(id)) throw notFound('Invitation not found');
    const invitation = await findInvitation(pool, org.id, Number(id));
    if (!invitation) throw notFound('Invitation not found');
    checkOwnerRole(org, invitation.role);
    await deleteInvitation(pool, invitation.id);
    return c.json(invitationJson(invitation));
  });

  routes.patch('/organizations/:slug/members/:profileId', async (c) => {
    const { pool } = c.var.services;
    const org = await manage(pool, c.req.param('slug'), c.var.user.sub, 'change member roles');
    const profileId = profileIdParam(c.req.param('profileId'));
    const body = await readBody(c, updateMemberBody);
    await withMemberLock(pool, org.id, profileId, async (member, current, owners) => {
      checkOwnerRole(org, current, body.role);
      if (current === 'owner' && body.role !== 'owner' && owners <= 1) throw badRequest(TEAM_MESSAGES.lastOwner);
      await member.setRole(body.role);
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
    const removed = await withMemberLock(pool, org.id, profileId, async (member, current, owners) => {
      if (!leaving) checkOwnerRole(org, current);
      if (current === 'owner' && owners <= 1) throw badRequest(TEAM_MESSAGES.lastOwner);
      await member.remove();
      return { gotrue_id: profileId, role: current };
    });
    return c.json(removed);
  });

  return routes;
}
