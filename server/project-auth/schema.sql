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

-- The console's Users list (src/domain/auth-users.ts, authUsersPageQuery) pages by keyset in three sorts, each a
-- total order on (sort key, id) over users not deleted. These indexes match those keys exactly, so any page — the
-- 2,000th as the first — reads its 51 rows by index instead of sorting every user.
CREATE INDEX IF NOT EXISTS users_list_created_idx ON auth.users (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS users_list_last_sign_in_idx
  ON auth.users ((coalesce(last_sign_in_at, '-infinity'::timestamptz)), id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS users_list_email_idx ON auth.users ((coalesce(email, '')), id) WHERE deleted_at IS NULL;

-- The entries are written by triggers on the tables the auth code writes, so every way in (password, code, link,
-- admin) is logged without a second code path: sign-ups, sign-ins, refreshes, sign-outs and deletions.
CREATE OR REPLACE FUNCTION auth.audit_event(action text, user_id uuid, log_type text, traits jsonb DEFAULT '{}')
RETURNS void LANGUAGE sql AS $$
  INSERT INTO auth.audit_log_entries (payload)
  SELECT json_build_object('action', action, 'actor_id', user_id, 'actor_username', COALESCE(u.email, ''),
                           'actor_via_sso', false, 'log_type', log_type, 'traits', traits)
    FROM (SELECT 1) one LEFT JOIN auth.users u ON u.id = user_id
$$;

CREATE OR REPLACE FUNCTION auth.audit_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows restored from a downloaded backup (server/lifecycle/dump.ts) are not new events.
  IF current_setting('strata.auth_restore', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'users' AND TG_OP = 'INSERT' THEN
    PERFORM auth.audit_event('user_signedup', NEW.id, 'team', jsonb_build_object('provider', 'email'));
  ELSIF TG_TABLE_NAME = 'users' AND TG_OP = 'DELETE' THEN
    PERFORM auth.audit_event('user_deleted', OLD.id, 'team', jsonb_build_object('user_email', OLD.email));
  ELSIF TG_TABLE_NAME = 'sessions' AND TG_OP = 'INSERT' THEN
    PERFORM auth.audit_event('login', NEW.user_id, 'account',
      jsonb_build_object('provider', 'email', 'method', NEW.amr -> 0 ->> 'method'));
  ELSIF TG_TABLE_NAME = 'sessions' AND TG_OP = 'DELETE' THEN
    PERFORM auth.audit_event('logout', OLD.user_id, 'account');
  ELSIF TG_TABLE_NAME = 'refresh_tokens' AND TG_OP = 'UPDATE' AND NEW.rotated_at IS NOT NULL AND OLD.rotated_at IS NULL THEN
    PERFORM auth.audit_event('token_refreshed', (SELECT s.user_id FROM auth.sessions s WHERE s.id = NEW.session_id), 'token');
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS audit_users ON auth.users;
CREATE TRIGGER audit_users AFTER INSERT OR DELETE ON auth.users FOR EACH ROW EXECUTE FUNCTION auth.audit_trigger();
DROP TRIGGER IF EXISTS audit_sessions ON auth.sessions;
CREATE TRIGGER audit_sessions AFTER INSERT OR DELETE ON auth.sessions FOR EACH ROW EXECUTE FUNCTION auth.audit_trigger();
DROP TRIGGER IF EXISTS audit_refresh_tokens ON auth.refresh_tokens;
CREATE TRIGGER audit_refresh_tokens AFTER UPDATE ON auth.refresh_tokens FOR EACH ROW EXECUTE FUNCTION auth.audit_trigger();

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
