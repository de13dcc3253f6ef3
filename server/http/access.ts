// Membership checks (DESIGN §5): a resource of an organization the caller is not a member of is answered 404,
// so its existence does not leak; a member whose role is too low gets 403.
import type pg from 'pg';
import type { PlanId, ProjectStatus } from '../../src/domain/entities.ts';
import { forbidden, notFound } from './errors.ts';
import { DEFAULT_PROJECT_REF } from '../projects/names.ts';
import { MEMBER_ROLES, ORG_SLUG_PATTERN, PROJECT_REF_PATTERN, type MemberRole } from '../../src/api/schemas/platformFields.ts';

type Queryable = Pick<pg.Pool, 'query'>;

const rank = (role: MemberRole) => MEMBER_ROLES.length - MEMBER_ROLES.indexOf(role);

export function hasRole(role: MemberRole, least: MemberRole): boolean {
  return rank(role) >= rank(least);
}

function requireRole(role: MemberRole, least: MemberRole, action: string): void {
  if (!hasRole(role, least)) throw forbidden(`You need additional permissions to ${action}`);
}

export interface OrganizationRow {
  id: number;
  slug: string;
  name: string;
  /** A row of `plans` (fixed ids: free, pro, team, enterprise). */
  plan_id: PlanId;
  plan_name: string;
  managed_by: string;
  organization_requires_mfa: boolean;
  usage_billing_enabled: boolean;
  inserted_at: Date;
  role: MemberRole;
}

export const ORGANIZATION_COLUMNS = `o.id, o.slug, o.name, o.plan_id, pl.name as plan_name, o.managed_by,
  o.organization_requires_mfa, o.usage_billing_enabled, o.inserted_at`;

export async function organizationAccess(
  db: Queryable,
  slug: string,
  userId: string,
  least: MemberRole = 'read_only',
  action = 'do this',
): Promise<OrganizationRow> {
  if (!ORG_SLUG_PATTERN.test(slug)) throw notFound('Organization not found');
  const { rows } = await db.query<OrganizationRow>(
    `select ${ORGANIZATION_COLUMNS}, m.role
       from organizations o
       join plans pl on pl.id = o.plan_id
       join members m on m.organization_id = o.id and m.profile_id = $2
      where o.slug = $1`,
    [slug, userId],
  );
  const row = rows[0];
  if (!row) throw notFound('Organization not found');
  requireRole(row.role, least, action);
  return row;
}

export interface ProjectRow {
  id: number;
  ref: string;
  name: string;
  /** The CHECK of projects.status keeps it one of spec A4.1's statuses. */
  status: ProjectStatus;
  region: string;
  cloud_provider: string;
  db_version: string;
  organization_id: number;
  organization_slug: string;
  plan_id: string;
  parent_project_ref: string | null;
  is_branch_enabled: boolean;
  inserted_at: Date;
  role: MemberRole;
}

export const PROJECT_COLUMNS = `p.id, p.ref, p.name, p.status, p.region, p.cloud_provider, p.db_version,
  p.organization_id, o.slug as organization_slug, o.plan_id, p.parent_project_ref, p.is_branch_enabled, p.inserted_at`;

export async function projectAccess(
  db: Queryable,
  ref: string,
  userId: string,
  least: MemberRole = 'read_only',
  action = 'do this',
): Promise<ProjectRow> {
  if (!PROJECT_REF_PATTERN.test(ref) && ref !== DEFAULT_PROJECT_REF) throw notFound('Project not found');
  const { rows } = await db.query<ProjectRow>(
    `select ${PROJECT_COLUMNS}, m.role
       from projects p
       join organizations o on o.id = p.organization_id
       join members m on m.organization_id = o.id and m.profile_id = $2
      where p.ref = $1 and p.deletion_requested_at is null`,
    [ref, userId],
  );
  const row = rows[0];
  if (!row) throw notFound('Project not found');
  requireRole(row.role, least, action);
  return row;
}
