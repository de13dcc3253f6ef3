-- Auth hardening (issue 13): rate-limit counters (finding 3), a cap on wrong tries per mailed code (finding 3)
-- and GoTrue's secure e-mail change (finding 6). Idempotent: safe to apply twice.

-- One row per (limit, key): a fixed window opened at the first counted request (server/auth/rate-limits.ts).
-- In the platform database so that several platform processes count together.
CREATE TABLE IF NOT EXISTS auth.rate_limit_counters (
  name text NOT NULL,
  -- A client address, a lower-cased e-mail address or a user id, depending on the limit.
  key text NOT NULL,
  window_start timestamptz NOT NULL DEFAULT now(),
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (name, key)
);
CREATE INDEX IF NOT EXISTS rate_limit_counters_window_idx ON auth.rate_limit_counters (window_start);

-- Codes tried against a mailed token; after MAX_CODE_ATTEMPTS wrong ones the token (code and link) is deleted.
ALTER TABLE auth.one_time_tokens ADD COLUMN IF NOT EXISTS code_attempts integer NOT NULL DEFAULT 0;
-- An e-mail change token is sent to the new address and names it, so only that address can confirm it.
ALTER TABLE auth.one_time_tokens ADD COLUMN IF NOT EXISTS new_email text;
ALTER TABLE auth.one_time_tokens DROP CONSTRAINT IF EXISTS one_time_tokens_purpose_check;
ALTER TABLE auth.one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check
  CHECK (purpose IN ('login', 'recovery', 'email_change'));

-- A requested, not yet confirmed new address (GoTrue's email_change / email_change_sent_at): the user keeps the
-- old one, and the tokens that name it, until the new one is proven.
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS email_change text;
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS email_change_sent_at timestamptz;

REVOKE ALL ON ALL TABLES IN SCHEMA auth FROM PUBLIC;
