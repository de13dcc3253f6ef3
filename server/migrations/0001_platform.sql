-- Platform metadata (DESIGN §5): who the users are, their organizations, the projects in them and what the
-- console reads about each project. A project's own data lives in its own database `project_<ref>`.
-- Secrets: project database passwords are never stored here (Postgres keeps their SCRAM verifier on the
-- project's role); the per-project JWT secret and the platform's own connection password are, like the keys
-- they sign, platform secrets.

-- spec A3 Organization.plan: free, pro, team, enterprise.
CREATE TABLE plans (
  id text PRIMARY KEY,
  name text NOT NULL,
  sort_order integer NOT NULL
);
INSERT INTO plans (id, name, sort_order) VALUES
  ('free', 'Free', 0), ('pro', 'Pro', 1), ('team', 'Team', 2), ('enterprise', 'Enterprise', 3);

-- One row per signed-in user; id is the auth user's id (auth.users.id), not a foreign key so that the
-- platform schema does not depend on the auth schema's migration order.
CREATE TABLE profiles (
  id uuid PRIMARY KEY,
  username text NOT NULL,
  primary_email text NOT NULL,
  first_name text,
  last_name text,
  -- spec A2.9 / A6: the free project limit applies to administrators and owners.
  free_project_limit integer NOT NULL DEFAULT 2 CHECK (free_project_limit >= 0),
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organizations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 256),
  plan_id text NOT NULL DEFAULT 'free' REFERENCES plans (id),
  -- spec A3: {PARTNER}_MARKETPLACE values or the product itself.
  managed_by text NOT NULL DEFAULT 'strata',
  organization_requires_mfa boolean NOT NULL DEFAULT false,
  usage_billing_enabled boolean NOT NULL DEFAULT false,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE members (
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'administrator', 'developer', 'read_only')),
  inserted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, profile_id)
);
CREATE INDEX members_profile_idx ON members (profile_id);

CREATE TABLE projects (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ref text NOT NULL UNIQUE CHECK (ref ~ '^[a-z]{20}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 256),
  organization_id integer NOT NULL REFERENCES organizations (id),
  -- spec A4.1 statuses.
  status text NOT NULL DEFAULT 'COMING_UP' CHECK (status IN (
    'ACTIVE_HEALTHY', 'COMING_UP', 'UNKNOWN', 'INACTIVE', 'RESTARTING', 'RESIZING', 'UPGRADING', 'RESTORING',
    'RESTORE_FAILED', 'GOING_DOWN', 'PAUSING', 'PAUSE_FAILED')),
  region text NOT NULL,
  cloud_provider text NOT NULL DEFAULT 'AWS',
  -- spec A3 Postgres version: product-prefixed, e.g. 'strata-postgres-15.18'.
  db_version text NOT NULL,
  -- A branch's parent; deleting a project deletes its branch projects first (their databases too).
  parent_project_ref text REFERENCES projects (ref),
  is_branch_enabled boolean NOT NULL DEFAULT false,
  -- Set first when a project is deleted, so an interrupted deletion is finished at the next start.
  deletion_requested_at timestamptz,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_organization_idx ON projects (organization_id);
CREATE INDEX projects_pending_idx ON projects (status) WHERE status = 'COMING_UP' OR deletion_requested_at IS NOT NULL;

-- Platform-generated secrets of a project: the JWT secret signing its API keys, and the password of the
-- `strata_<ref>_api` role through which the platform's SQL endpoint reaches the project database.
CREATE TABLE project_secrets (
  project_id integer PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  jwt_secret text NOT NULL,
  api_role_password text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- spec A3 Database / read replica; the primary's identifier is the project ref.
CREATE TABLE databases (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  identifier text NOT NULL UNIQUE,
  database_type text NOT NULL DEFAULT 'PRIMARY' CHECK (database_type IN ('PRIMARY', 'READ_REPLICA')),
  region text NOT NULL,
  status text NOT NULL DEFAULT 'COMING_UP',
  infra_compute_size text NOT NULL DEFAULT 'ci_micro',
  db_host text NOT NULL,
  db_port integer NOT NULL,
  db_name text NOT NULL,
  db_user text NOT NULL,
  inserted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX databases_project_idx ON databases (project_id);

-- spec A3 Branch; a branch is itself a project whose parent_project_ref is set.
CREATE TABLE branches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id integer NOT NULL UNIQUE REFERENCES projects (id) ON DELETE CASCADE,
  parent_project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  persistent boolean NOT NULL DEFAULT false,
  git_branch text,
  review_requested_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (parent_project_id, name)
);

-- spec A3 Notification.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'seen', 'archived')),
  priority text NOT NULL DEFAULT 'Info' CHECK (priority IN ('Info', 'Warning', 'Critical')),
  -- {title, message, project_ref, org_slug, actions[] {label, url, action_type}}
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  inserted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_profile_idx ON notifications (profile_id, inserted_at DESC);

-- spec A3 Project add-ons.
CREATE TABLE project_addons (
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  addon_type text NOT NULL CHECK (addon_type IN ('compute_instance', 'pitr', 'custom_domain', 'ipv4')),
  variant_identifier text NOT NULL,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, addon_type)
);

-- spec A3 Disk attributes; B9 disk change cooldown reads last_modified_at.
CREATE TABLE project_disks (
  project_id integer PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  type text NOT NULL DEFAULT 'gp3' CHECK (type IN ('gp3', 'io2')),
  size_gb integer NOT NULL DEFAULT 8 CHECK (size_gb > 0),
  iops integer NOT NULL DEFAULT 3000 CHECK (iops > 0),
  throughput_mbps integer DEFAULT 125,
  last_modified_at timestamptz
);

-- spec A3 Organization usage: what each plan includes, per metric.
CREATE TABLE usage_metrics (
  metric text PRIMARY KEY,
  -- gauge: the latest value counts (sizes); counter: values add up over the period (egress, invocations).
  kind text NOT NULL CHECK (kind IN ('gauge', 'counter')),
  sort_order integer NOT NULL
);
INSERT INTO usage_metrics (metric, kind, sort_order) VALUES
  ('DB_SIZE', 'gauge', 0), ('STORAGE_SIZE', 'gauge', 1), ('EGRESS', 'counter', 2),
  ('MONTHLY_ACTIVE_USERS', 'counter', 3), ('MONTHLY_ACTIVE_SSO_USERS', 'counter', 4),
  ('FUNCTION_INVOCATIONS', 'counter', 5), ('STORAGE_IMAGES_TRANSFORMED', 'counter', 6),
  ('REALTIME_MESSAGE_COUNT', 'counter', 7), ('REALTIME_PEAK_CONNECTIONS', 'gauge', 8);

CREATE TABLE usage_limits (
  plan_id text NOT NULL REFERENCES plans (id),
  metric text NOT NULL REFERENCES usage_metrics (metric),
  pricing_free_units numeric,
  available_in_plan boolean NOT NULL DEFAULT true,
  unlimited boolean NOT NULL DEFAULT false,
  PRIMARY KEY (plan_id, metric)
);
INSERT INTO usage_limits (plan_id, metric, pricing_free_units, available_in_plan)
SELECT p.plan_id, m.metric, m.units[p.idx], NOT (m.metric IN ('MONTHLY_ACTIVE_SSO_USERS', 'STORAGE_IMAGES_TRANSFORMED') AND p.plan_id = 'free')
FROM (VALUES ('free', 1), ('pro', 2), ('team', 3), ('enterprise', 4)) AS p (plan_id, idx)
CROSS JOIN (VALUES
  ('DB_SIZE', ARRAY[524288000, 8589934592, 8589934592, 8589934592]::numeric[]),
  ('STORAGE_SIZE', ARRAY[1073741824, 107374182400, 107374182400, 107374182400]::numeric[]),
  ('EGRESS', ARRAY[5368709120, 268435456000, 268435456000, 268435456000]::numeric[]),
  ('MONTHLY_ACTIVE_USERS', ARRAY[50000, 100000, 100000, 100000]::numeric[]),
  ('MONTHLY_ACTIVE_SSO_USERS', ARRAY[0, 50, 50, 50]::numeric[]),
  ('FUNCTION_INVOCATIONS', ARRAY[500000, 2000000, 2000000, 2000000]::numeric[]),
  ('STORAGE_IMAGES_TRANSFORMED', ARRAY[0, 100, 100, 100]::numeric[]),
  ('REALTIME_MESSAGE_COUNT', ARRAY[2000000, 5000000, 5000000, 5000000]::numeric[]),
  ('REALTIME_PEAK_CONNECTIONS', ARRAY[200, 500, 500, 500]::numeric[])
) AS m (metric, units);

-- Measured usage reported by platform services (storage, functions, realtime); DB_SIZE is measured live.
CREATE TABLE usage_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  project_id integer REFERENCES projects (id) ON DELETE CASCADE,
  metric text NOT NULL REFERENCES usage_metrics (metric),
  amount numeric NOT NULL CHECK (amount >= 0),
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX usage_events_org_idx ON usage_events (organization_id, metric, recorded_at);

-- spec A2.13 / A4.9: the project's anon and service_role keys (JWTs signed with project_secrets.jwt_secret).
CREATE TABLE api_keys (
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name IN ('anon', 'service_role')),
  api_key text NOT NULL,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, name)
);

-- spec A9: key last-used window 24 h; the project API records when each key was last presented.
CREATE TABLE key_usage (
  project_id integer NOT NULL,
  name text NOT NULL,
  last_used_at timestamptz NOT NULL,
  PRIMARY KEY (project_id, name),
  FOREIGN KEY (project_id, name) REFERENCES api_keys (project_id, name) ON DELETE CASCADE
);
