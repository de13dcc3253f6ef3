-- Each project's auth settings (issue 18), in the platform database rather than the project's: the platform API
-- (GET/PATCH /api/platform/projects/{ref}/config/auth) reads and changes them under session and membership checks
-- without opening the project's database, and a project's own SQL (its owner role owns its `auth` schema) cannot
-- rewrite the rules that guard its sign-in, such as the redirect allow-list or the rate limits.
-- Only the values changed from GoTrue's defaults are stored (server/project-auth/settings.ts has the defaults).
CREATE TABLE IF NOT EXISTS project_auth_settings (
  project_id integer PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
