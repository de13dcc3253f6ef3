-- Auth service of the local platform (server/auth): users, sessions, rotating refresh tokens, MFA factors,
-- one-time e-mail tokens, PKCE flow states, the local mail outbox and the JWT signing key.
-- Secrets that only need to be compared (refresh tokens, link tokens, codes, auth codes) are stored as SHA-256
-- hashes so a copy of the database does not hand out live credentials. Idempotent: safe to apply twice.

CREATE SCHEMA IF NOT EXISTS auth;

CREATE TABLE IF NOT EXISTS auth.users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- spec A3 User.identities[].identity_id: one e-mail identity a user, so its id lives on the user row.
  email_identity_id uuid NOT NULL DEFAULT gen_random_uuid(),
  email text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  raw_user_meta_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- E-mails are stored lower-cased; a soft-deleted user gives its address up (email set to NULL).
CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON auth.users (email) WHERE email IS NOT NULL;

CREATE TABLE IF NOT EXISTS auth.mfa_factors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  friendly_name text NOT NULL DEFAULT '',
  factor_type text NOT NULL CHECK (factor_type IN ('totp')),
  status text NOT NULL DEFAULT 'unverified' CHECK (status IN ('unverified', 'verified')),
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS mfa_factors_user_idx ON auth.mfa_factors (user_id);
CREATE UNIQUE INDEX IF NOT EXISTS mfa_factors_name_key ON auth.mfa_factors (user_id, friendly_name)
  WHERE friendly_name <> '';

CREATE TABLE IF NOT EXISTS auth.sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  aal text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2')),
  -- [{method, timestamp}] newest first, as the access token's amr claim (spec A3 Session claims).
  amr jsonb NOT NULL DEFAULT '[]'::jsonb,
  factor_id uuid REFERENCES auth.mfa_factors (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sessions_user_idx ON auth.sessions (user_id);

-- A session's refresh tokens form one rotation family; reuse of a revoked one ends the session.
CREATE TABLE IF NOT EXISTS auth.refresh_tokens (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  session_id uuid NOT NULL REFERENCES auth.sessions (id) ON DELETE CASCADE,
  revoked boolean NOT NULL DEFAULT false,
  -- Set when the token was exchanged for a child (not when revoked otherwise): starts the reuse grace window.
  rotated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS refresh_tokens_session_idx ON auth.refresh_tokens (session_id);

CREATE TABLE IF NOT EXISTS auth.mfa_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  factor_id uuid NOT NULL REFERENCES auth.mfa_factors (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz
);
CREATE INDEX IF NOT EXISTS mfa_challenges_factor_idx ON auth.mfa_challenges (factor_id);

-- One row per e-mailed link + code: the link carries token_hash, the mail shows a 6-digit code.
CREATE TABLE IF NOT EXISTS auth.one_time_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('login', 'recovery')),
  link_hash text NOT NULL UNIQUE,
  code_hash text NOT NULL,
  redirect_to text,
  code_challenge text,
  code_challenge_method text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS one_time_tokens_user_idx ON auth.one_time_tokens (user_id, purpose);

-- PKCE: an auth code handed to the redirect, exchanged once with its verifier (POST /token?grant_type=pkce).
CREATE TABLE IF NOT EXISTS auth.flow_states (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  auth_code_hash text NOT NULL UNIQUE,
  code_challenge text NOT NULL,
  code_challenge_method text NOT NULL CHECK (code_challenge_method IN ('s256', 'plain')),
  authentication_method text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- The local inbox: no mail server runs locally, every mail lands here (GET /auth/v1/local/inbox).
CREATE TABLE IF NOT EXISTS auth.mail_outbox (
  id bigserial PRIMARY KEY,
  to_email text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  link text,
  code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS mail_outbox_to_idx ON auth.mail_outbox (to_email, id DESC);

-- The ES256 key pair that signs access tokens, generated once. The oldest row is the active key.
CREATE TABLE IF NOT EXISTS auth.signing_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL DEFAULT 'ES256',
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Instance secrets generated once (the admin secret of /admin/*).
CREATE TABLE IF NOT EXISTS auth.instance_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

REVOKE ALL ON ALL TABLES IN SCHEMA auth FROM PUBLIC;
