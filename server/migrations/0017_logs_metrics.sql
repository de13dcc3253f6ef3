-- Issue 19: the platform's own log tables (API requests of every project, Postgres's server log) and the metric
-- samples behind Reports and the project Usage page. All three are capped: server/logs/limits.ts prunes them by
-- age and row count. A row never holds a key, a token, a password or a cookie (server/logs/requestLog.ts).

CREATE TABLE request_logs (
  id bigserial PRIMARY KEY,
  project_ref text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  duration_ms real NOT NULL,
  role text NOT NULL,
  response_bytes bigint,
  -- 'api' (the platform API and the project's Data API), 'storage', 'auth' (the project's auth endpoints)
  service text NOT NULL CHECK (service IN ('api', 'storage', 'auth'))
);
CREATE INDEX request_logs_project_at_idx ON request_logs (project_ref, at DESC);

CREATE TABLE postgres_logs (
  id bigserial PRIMARY KEY,
  project_ref text,
  at timestamptz NOT NULL,
  severity text NOT NULL,
  database text,
  message text NOT NULL
);
CREATE INDEX postgres_logs_project_at_idx ON postgres_logs (project_ref, at DESC);

-- One sample of a project's database per minute (server/metrics/sampler.ts).
CREATE TABLE metric_samples (
  project_ref text NOT NULL,
  at timestamptz NOT NULL,
  database_bytes bigint NOT NULL,
  storage_bytes bigint NOT NULL,
  connections jsonb NOT NULL,
  blks_hit bigint NOT NULL,
  blks_read bigint NOT NULL,
  xact_commit bigint NOT NULL,
  xact_rollback bigint NOT NULL,
  tup_returned bigint NOT NULL,
  tup_fetched bigint NOT NULL,
  tup_inserted bigint NOT NULL,
  tup_updated bigint NOT NULL,
  tup_deleted bigint NOT NULL,
  PRIMARY KEY (project_ref, at)
);
