-- A project's own auth (issue 18), in the project's database, on top of the platform's auth tables (the same
-- server/migrations/0002_auth.sql and 0008_auth_hardening.sql, applied first by schema.ts: one schema for one
-- implementation of auth). What only a project needs: GoTrue's identities and audit log, and the functions its
-- RLS policies call. Idempotent: applied at provisioning and again on first use of an existing project.

-- GoTrue's auth.identities: one e-mail identity per user, kept on the user row (email_identity_id), shown as rows.
CREATE OR REPLACE VIEW auth.identities AS
  SELECT u.email_identity_id AS id, u.id::text AS provider_id, u.id AS user_id,
         jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', u.email_confirmed_at IS NOT NULL,
                            'phone_verified', false) AS identity_data,
         'email'::text AS provider, u.last_sign_in_at, u.created_at, u.updated_at, u.email
    FROM auth.users u
   WHERE u.deleted_at IS NULL AND u.email IS NOT NULL;

-- GoTrue's audit log (the console's Authentication → Audit Logs reads it): one row per auth event.
CREATE TABLE IF NOT EXISTS auth.audit_log_entries (
  instance_id uuid,
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payload json,
  created_at timestamptz NOT NULL DEFAULT now(),
  ip_address varchar(64) NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS audit_logs_created_idx ON auth.audit_log_entries (created_at DESC);

-- The claims of the request, as the Data API and storage set them (set_config('request.jwt.claims', …, true)).
-- A claim that is missing or not of the right shape reads as NULL, never as an error inside a policy.
CREATE OR REPLACE FUNCTION auth.jwt() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT COALESCE(NULLIF(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;

CREATE OR REPLACE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN sub ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN sub::uuid END
    FROM (SELECT auth.jwt() ->> 'sub' AS sub) claims
$$;

CREATE OR REPLACE FUNCTION auth.role() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT auth.jwt() ->> 'role'
$$;

CREATE OR REPLACE FUNCTION auth.email() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT auth.jwt() ->> 'email'
$$;

-- The API roles call the functions in their policies; the tables stay closed to them (0002 revokes from PUBLIC).
GRANT USAGE ON SCHEMA auth TO anon, authenticated, service_role;
GRANT EXECUTE ON FUNCTION auth.jwt(), auth.uid(), auth.role(), auth.email() TO anon, authenticated, service_role;
REVOKE ALL ON ALL TABLES IN SCHEMA auth FROM PUBLIC;
