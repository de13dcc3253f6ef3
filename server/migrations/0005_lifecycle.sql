-- Project lifecycle (spec A4.1–A4.3, issue 5): operations walked through the statuses by the platform, the
-- backups they take, the exit survey and the developer switches.

-- When the project was paused (spec A3 Pause status: remaining days are counted from here, max 90 on free plans).
ALTER TABLE projects ADD COLUMN paused_at timestamptz;
-- Developer switch (STRATA_DEV_SWITCHES=1): the next operation of this kind ends failed, data intact.
ALTER TABLE projects ADD COLUMN dev_fail_next text CHECK (dev_fail_next IN ('pause', 'restore', 'upgrade'));

-- One row per lifecycle operation. `step` is the last completed step; a platform restart resumes a running
-- operation after it. An upgrade's id is its tracking id and its steps are the progress values of spec A4.2.
CREATE TABLE project_operations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('pause', 'restore', 'restart', 'resize', 'upgrade')),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed')),
  step text,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  error text,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX project_operations_project_idx ON project_operations (project_id, kind, started_at DESC);
CREATE INDEX project_operations_running_idx ON project_operations (status) WHERE status = 'running';

-- Plain-SQL dumps of a project's database: files at {filesDir}/{path}, path = '{ref}/backups/{id}.sql'.
CREATE TABLE backups (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('pause', 'upgrade', 'manual')),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed', 'failed')),
  size_bytes bigint,
  path text,
  error text,
  inserted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX backups_project_idx ON backups (project_id, inserted_at DESC);

-- spec A3 Exit survey (POST /platform/feedback/downgrade). Kept when the project is deleted.
CREATE TABLE downgrade_feedback (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  profile_id uuid NOT NULL,
  project_ref text,
  org_slug text,
  reasons text NOT NULL,
  additional_feedback text NOT NULL DEFAULT '',
  exit_action text NOT NULL,
  inserted_at timestamptz NOT NULL DEFAULT now()
);

-- Platform-wide secrets kept in the platform database (shared by every platform process on it):
-- `file_url_key` signs the short-lived download URLs of backups and storage archives.
CREATE TABLE platform_keys (
  name text PRIMARY KEY,
  value text NOT NULL
);
-- gen_random_uuid draws from the server's strong random source; two of them hashed give 256 bits.
INSERT INTO platform_keys (name, value)
VALUES ('file_url_key', encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'));
