-- The project's Data API settings (issue 17; GET /platform/projects/{ref}/config/postgrest, spec A §"Connection and
-- keys"): the schemas it exposes (default public) and the most rows one request returns. A project without a row has
-- the defaults (server/data-api/settings.ts).
CREATE TABLE IF NOT EXISTS data_api_settings (
  project_id integer PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  db_schema text[] NOT NULL DEFAULT ARRAY['public'] CHECK (cardinality(db_schema) BETWEEN 1 AND 20),
  max_rows integer NOT NULL DEFAULT 1000 CHECK (max_rows BETWEEN 1 AND 1000000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
