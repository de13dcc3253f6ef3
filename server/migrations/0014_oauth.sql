-- spec C§9, A2.14, A7 (issue 16): the platform as an OAuth 2.1 authorization server for its MCP server (/mcp), with
-- dynamic client registration (RFC 7591), and personal access tokens. Secrets are stored as SHA-256 hashes only.

-- Clients registered through POST /oauth/register. Public clients (token_endpoint_auth_method 'none') have no secret.
CREATE TABLE oauth_clients (
  client_id text PRIMARY KEY,
  client_secret_hash text,
  client_name text,
  client_uri text,
  redirect_uris text[] NOT NULL CHECK (cardinality(redirect_uris) BETWEEN 1 AND 10),
  token_endpoint_auth_method text NOT NULL CHECK (token_endpoint_auth_method IN ('none', 'client_secret_post', 'client_secret_basic')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One /oauth/authorize request: pending until the signed-in user approves or denies it on the consent screen;
-- approval binds it to that user and issues a one-time code (its hash) for /oauth/token.
CREATE TABLE oauth_authorizations (
  id uuid PRIMARY KEY,
  client_id text NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  state text,
  scope text NOT NULL DEFAULT '',
  resource text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied')),
  profile_id uuid REFERENCES profiles (id) ON DELETE CASCADE,
  code_hash text UNIQUE,
  code_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Access and refresh tokens of a grant; a refresh rotates (the old one is marked used), and a used refresh token
-- presented again revokes the whole grant (OAuth 2.1 §4.3.1 refresh token rotation).
CREATE TABLE oauth_tokens (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
  token_hash text NOT NULL UNIQUE,
  grant_id uuid NOT NULL,
  client_id text NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  scope text NOT NULL DEFAULT '',
  resource text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX oauth_tokens_grant_idx ON oauth_tokens (grant_id);

-- /account/tokens: shown once at creation, then only the name, a short prefix and dates.
CREATE TABLE personal_access_tokens (
  id uuid PRIMARY KEY,
  profile_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  token_hash text NOT NULL UNIQUE,
  token_prefix text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX personal_access_tokens_profile_idx ON personal_access_tokens (profile_id) WHERE revoked_at IS NULL;
