// Response shapes of the platform API, shared by the platform (server/) and the console (issue 15). The server's
// JSON builders declare these as their return types and the console's calls read them, so a field renamed or retyped
// on one side fails the type-check of the other instead of drifting silently. Types only: nothing here runs, and
// importing it (with `import type`) costs neither bundle any byte.
import type { Organization, PlanId, Project, ProjectStatus } from '../domain/entities.ts';
import type { MemberRole } from './schemas/platformFields.ts';

/** spec A3 Organization, as GET /platform/organizations answers it for the signed-in member. */
export interface OrganizationJson extends Organization {
  id: number;
  plan: { id: PlanId; name: string };
  managed_by: string;
  organization_requires_mfa: boolean;
  usage_billing_enabled: boolean;
  is_owner: boolean;
  role: MemberRole;
  inserted_at: string;
}

/** spec A3 Database / read replica, in a project's `databases`. */
export interface DatabaseJson {
  identifier: string;
  infra_compute_size: string;
  region: string;
  status: string;
}

/** spec A3 Project, as the project and project-list endpoints answer it. */
export interface ProjectJson extends Project {
  id: number;
  status: ProjectStatus;
  cloud_provider: string;
  dbVersion: string;
  organization_id: number;
  organization_slug: string;
  parent_project_ref: string | null;
  is_branch_enabled: boolean;
  postgrestStatus: 'ONLINE' | 'OFFLINE';
  inserted_at: string;
  restUrl: string;
  /** With the password placeholder '[YOUR_PASSWORD]' (spec A3). */
  connectionString: string;
  databases?: DatabaseJson[];
}

/** spec A6 Team: a member of an organization. */
export interface Member {
  gotrue_id: string;
  username: string;
  primary_email: string;
  role: MemberRole;
  inserted_at: string;
}

/** spec A6 Team: a pending invitation. */
export interface Invitation {
  id: number;
  invited_email: string;
  role: MemberRole;
  invited_at: string;
  invited_by: string | null;
}

/** spec A3 Organization usage, one metric of GET /platform/organizations/{slug}/usage. */
export interface UsageItem {
  metric: string;
  usage: number;
  pricing_free_units: number | null;
  capped: boolean;
  available_in_plan: boolean;
  unlimited: boolean;
}
