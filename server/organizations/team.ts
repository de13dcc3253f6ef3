// The platform database's SQL for an organization's team: invitations, member roles and removal (spec A6 roles),
// kept out of the route handlers (issue 15). The rules on who may do what stay with the routes; the lock that keeps
// an organization from losing its last owner lives here, with the transaction it needs.
import type pg from 'pg';
import type { MemberRole } from '../../src/api/schemas/platformFields.ts';
import { withTransaction } from '../db/transaction.ts';
import { notFound } from '../http/errors.ts';
import { joinedOrganizationNotification } from '../notifications/messages.ts';
import { notifyProfile } from '../notifications/writer.ts';

type Queryable = Pick<pg.Pool, 'query'>;

export interface InvitationRow {
  id: number;
  email: string;
  role: MemberRole;
  inserted_at: Date;
  invited_by_email: string | null;
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
  const { rows } = await db.query<{ slug: string; name: string; role: string }>(
    `with proven as (
       select u.email from auth.users u
        where u.id = $1 and u.email = $2 and u.email_confirmed_at is not null and u.deleted_at is null
     ), accepted as (
       delete from invitations where email = $2 and exists (select 1 from proven) returning organization_id, role
     ), joined as (
       insert into members (organization_id, profile_id, role)
       select organization_id, $1, role from accepted
       on conflict (organization_id, profile_id) do nothing
       returning organization_id, role
     )
     select o.slug, o.name, j.role from joined j join organizations o on o.id = j.organization_id`,
    [profileId, normalized],
  );
  // Issue 21: the new member is told (only now, once the address is proven and the membership exists).
  for (const org of rows) await notifyProfile(db, profileId, joinedOrganizationNotification(org, org.role));
  return rows.length;
}

export async function listInvitations(db: Queryable, organizationId: number): Promise<InvitationRow[]> {
  const { rows } = await db.query<InvitationRow>(
    `${INVITATION_SELECT} where i.organization_id = $1 order by i.inserted_at, i.id`,
    [organizationId],
  );
  return rows;
}

export async function findInvitation(db: Queryable, organizationId: number, id: number): Promise<InvitationRow | undefined> {
  const { rows } = await db.query<InvitationRow>(`${INVITATION_SELECT} where i.id = $1 and i.organization_id = $2`, [
    id,
    organizationId,
  ]);
  return rows[0];
}

/** Whether someone with this e-mail (lower-cased) is a member already. */
export async function isMemberEmail(db: Queryable, organizationId: number, email: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `select 1 from members m join profiles p on p.id = m.profile_id
      where m.organization_id = $1 and lower(p.primary_email) = $2`,
    [organizationId, email],
  );
  return Boolean(rowCount);
}

/** Invites the e-mail; inviting the same e-mail again keeps one invitation, with the latest role. */
export async function upsertInvitation(
  db: Queryable,
  organizationId: number,
  email: string,
  role: MemberRole,
  invitedBy: string,
): Promise<InvitationRow> {
  const { rows } = await db.query<{ id: number }>(
    `insert into invitations (organization_id, email, role, invited_by) values ($1, $2, $3, $4)
     on conflict (organization_id, email) do update set role = excluded.role, invited_by = excluded.invited_by
     returning id`,
    [organizationId, email, role, invitedBy],
  );
  const created = await db.query<InvitationRow>(`${INVITATION_SELECT} where i.id = $1`, [rows[0]!.id]);
  return created.rows[0]!;
}

export async function deleteInvitation(db: Queryable, id: number): Promise<void> {
  await db.query('delete from invitations where id = $1', [id]);
}

/** What a change to one member may do, inside the member lock. */
export interface MemberChange {
  setRole(role: MemberRole): Promise<void>;
  remove(): Promise<void>;
}

/**
 * Runs a change to one member under a lock on the organization row, so that two concurrent changes cannot
 * together remove the last owner. `change` sees the member's current role and the organization's owner count.
 */
export async function withMemberLock<T>(
  pool: pg.Pool,
  organizationId: number,
  profileId: string,
  change: (member: MemberChange, current: MemberRole, owners: number) => Promise<T>,
): Promise<T> {
  return withTransaction(pool, async (client) => {
    await client.query('select id from organizations where id = $1 for update', [organizationId]);
    const { rows } = await client.query<{ role: MemberRole; owners: number }>(
      `select m.role, (select count(*)::int from members o where o.organization_id = $1 and o.role = 'owner') as owners
         from members m where m.organization_id = $1 and m.profile_id = $2`,
      [organizationId, profileId],
    );
    if (!rows[0]) throw notFound('Member not found');
    const member: MemberChange = {
      async setRole(role) {
        await client.query('update members set role = $3 where organization_id = $1 and profile_id = $2', [
          organizationId,
          profileId,
          role,
        ]);
      },
      async remove() {
        await client.query('delete from members where organization_id = $1 and profile_id = $2', [organizationId, profileId]);
      },
    };
    return change(member, rows[0].role, rows[0].owners);
  });
}
