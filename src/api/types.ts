// Response shapes of the platform API the console reads (spec A3).
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

export interface ProjectsPage {
  projects: Project[];
  pagination: { count: number; limit: number; offset: number };
}

export interface Profile {
  id: string;
  username: string;
  primary_email: string;
}
