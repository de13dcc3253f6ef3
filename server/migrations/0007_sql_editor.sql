-- The SQL editor's saved snippets and query history (spec B2.2; issue 7). Both belong to one member in one project:
-- a snippet is private to its author (like a hosted console's default 'user' visibility), and so is history.
CREATE TABLE IF NOT EXISTS sql_snippets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  name text NOT NULL,
  sql text NOT NULL DEFAULT '',
  favorite boolean NOT NULL DEFAULT false,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sql_snippets_owner ON sql_snippets (project_id, owner_id, updated_at DESC);

CREATE TABLE IF NOT EXISTS sql_history (
  id bigserial PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  query text NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms double precision NOT NULL,
  row_count integer,
  status text NOT NULL CHECK (status IN ('success', 'error', 'cancelled')),
  error text
);
CREATE INDEX IF NOT EXISTS sql_history_recent ON sql_history (project_id, profile_id, started_at DESC);
