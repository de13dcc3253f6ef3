-- spec A2.13, A4.9 (issue 16): the legacy JWT secret's update status, the publishable / secret API keys, and the
-- project's asymmetric JWT signing keys.

-- One row a project: its last JWT secret update (GET …/config/secrets/update-status).
CREATE TABLE jwt_secret_updates (
  project_id integer PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  change_tracking_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('Updating', 'Updated', 'Failed')),
  progress text,
  error text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Opaque keys next to the legacy JWTs: a publishable key acts as anon, a secret key as service_role.
CREATE TABLE project_api_keys (
  id uuid PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('publishable', 'secret')),
  name text NOT NULL,
  description text,
  api_key text NOT NULL UNIQUE,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE UNIQUE INDEX project_api_keys_name ON project_api_keys (project_id, name) WHERE revoked_at IS NULL;

-- Asymmetric signing keys: standby → in_use → previously_used → revoked. Public halves are published at the
-- project's JWKS URL until revoked.
CREATE TABLE project_signing_keys (
  id uuid PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  algorithm text NOT NULL CHECK (algorithm IN ('ES256', 'RS256')),
  status text NOT NULL CHECK (status IN ('standby', 'in_use', 'previously_used', 'revoked')),
  public_jwk jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- At most one key in use; deferred, so a rotation swaps two keys in one statement.
  CONSTRAINT project_signing_keys_one_in_use EXCLUDE USING btree (project_id WITH =) WHERE (status = 'in_use')
    DEFERRABLE INITIALLY DEFERRED
);
