// Entities of the platform the console works with (spec A3): the shapes machines and src/domain reason about. They
// live here, not in src/api, so that machines/ and src/domain import nothing from the API layer (DESIGN §2);
// src/api/types.ts re-exports them for the response shapes that contain them.
export type ProjectStatus =
  | 'ACTIVE_HEALTHY'
  | 'COMING_UP'
  | 'UNKNOWN'
  | 'INACTIVE'
  | 'RESTARTING'
  | 'RESIZING'
  | 'UPGRADING'
  | 'RESTORING'
  | 'RESTORE_FAILED'
  | 'GOING_DOWN'
  | 'PAUSING'
  | 'PAUSE_FAILED';

export type PlanId = 'free' | 'pro' | 'team' | 'enterprise';

export interface Organization {
  id: number | string;
  slug: string;
  name: string;
  plan: { id: PlanId; name: string };
  managed_by?: string | null;
  organization_requires_mfa?: boolean;
  usage_billing_enabled?: boolean;
}

export interface ProjectDatabase {
  identifier: string;
  infra_compute_size?: string;
  region?: string;
  status?: string;
}

export interface Project {
  id: number | string;
  ref: string;
  name: string;
  status: ProjectStatus;
  region: string;
  cloud_provider?: string;
  dbVersion?: string;
  organization_id: number | string;
  organization_slug?: string;
  parent_project_ref?: string | null;
  is_branch_enabled?: boolean;
  postgrestStatus?: 'ONLINE' | 'OFFLINE';
  databases?: ProjectDatabase[];
  inserted_at?: string;
}
