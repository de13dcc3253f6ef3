// The platform database's SQL for organizations and their members (spec A3 Organization, A7), kept out of the
// route handlers (issue 15) so the handlers only check access, read the body and shape the answer.
import type pg from 'pg';
import type { MemberRole } from '../../src/api/schemas/platformFields.ts';
import { withTransaction } from '../db/transaction.ts';
import { ORGANIZATION_COLUMNS, type OrganizationRow } from '../http/access.ts';
import { randomLetters } from '../projects/names.ts';

type Queryable = Pick<pg.Pool, 'query'>;

/** A readable slug from the name: 'Acme Corp' → 'acme-corp'. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return base || 'org';
}

/** The caller's organizations, by name. */
export async function listOrganizations(db: Queryable, userId: string): Promise<OrganizationRow[]> {
  const { rows } = await db.query<OrganizationRow>(
    `select ${ORGANIZATION_COLUMNS}, m.role from organizations o join plans pl on pl.id = o.plan_id
       join members m on m.organization_id = o.id and m.profile_id = $1 order by lower(o.name), o.id`,
    [userId],
  );
  return rows;
}

/** One organization as seen by a member (its role included). */
export async function selectOrganization(db: Queryable, id: number, userId: string): Promise<OrganizationRow> {
  const { rows } = await db.query<OrganizationRow>(
    `select ${ORGANIZATION_COLUMNS}, m.role from organizations o join plans pl on pl.id = o.plan_id
       join members m on m.organization_id = o.id and m.profile_id = $2 where o.id = $1`,
    [id, userId],
  );
  return rows[0]!;
}

/** Creates the organization with its creator as owner, in one transaction; returns its id. */
export async function insertOrganization(pool: pg.Pool, name: string, plan: string, ownerId: string): Promise<number> {
  const base = slugFromName(name);
  for (let attempt = 0; ; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomLetters(attempt < 3 ? 4 : 8)}`;
    try {
      return await withTransaction(pool, async (client) => {
        const { rows } = await client.query<{ id: number }>(
          'insert into organizations (slug, name, plan_id) values ($1, $2, $3) returning id',
          [slug, name, plan],
        );
        const id = rows[0]!.id;
        await client.query(`insert into members (organization_id, profile_id, role) values ($1, $2, 'owner')`, [id, ownerId]);
        return id;
      });
    } catch (error) {
      // Slug taken: try with a random suffix (unique index on organizations.slug).
      if ((error as { code?: string }).code === '23505' && attempt < 6) continue;
      throw error;
    }
  }
}

export interface OrganizationChanges {
  name?: string | null;
  plan?: string | null;
  organization_requires_mfa?: boolean | null;
  usage_billing_enabled?: boolean | null;
}

/** Changes the given settings; a missing one keeps its value. */
export async function updateOrganization(db: Queryable, id: number, changes: OrganizationChanges): Promise<void> {
  await db.query(
    `update organizations set name = coalesce($2, name), plan_id = coalesce($3, plan_id),
       organization_requires_mfa = coalesce($4, organization_requires_mfa),
       usage_billing_enabled = coalesce($5, usage_billing_enabled), updated_at = now() where id = $1`,
    [
      id,
      changes.name ?? null,
      changes.plan ?? null,
      changes.organization_requires_mfa ?? null,
      changes.usage_billing_enabled ?? null,
    ],
  );
}

export async function organizationHasProjects(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from projects where organization_id = $1 limit 1', [id]);
  return Boolean(rowCount);
}

export async function deleteOrganization(db: Queryable, id: number): Promise<void> {
  await db.query('delete from organizations where id = $1', [id]);
}

/** The members of an organization, oldest first, in the shape of the members endpoint. */
export async function listMembers(db: Queryable, organizationId: number) {
  const { rows } = await db.query<{
    gotrue_id: string;
    username: string;
    primary_email: string;
    role: MemberRole;
    inserted_at: Date;
  }>(
    `select pr.id as gotrue_id, pr.username, pr.primary_email, m.role, m.inserted_at
       from members m join profiles pr on pr.id = m.profile_id
      where m.organization_id = $1 order by m.inserted_at, pr.username`,
    [organizationId],
  );
  return rows;
}

/**
 * spec A2.9, A6: the organization's administrators and owners whose active free-plan projects (across every
 * organization they administer) reach their free project limit. Resuming a free project is refused while any.
 */
export async function membersAtFreeProjectLimit(db: Queryable, organizationId: number) {
  const { rows } = await db.query<{ username: string; primary_email: string; free_project_limit: number }>(
    `select pr.username, pr.primary_email, pr.free_project_limit
       from members m join profiles pr on pr.id = m.profile_id
      where m.organization_id = $1 and m.role in ('owner', 'administrator')
        and (select count(*) from projects p
               join organizations fo on fo.id = p.organization_id and fo.plan_id = 'free'
               join members fm on fm.organization_id = fo.id and fm.profile_id = pr.id
                              and fm.role in ('owner', 'administrator')
              where p.status <> 'INACTIVE' and p.deletion_requested_at is null
                and p.parent_project_ref is null) >= pr.free_project_limit
      order by pr.username`,
    [organizationId],
  );
  return rows;
}
