-- Several platform processes over one platform database (issue 23).
-- The SQL editor's running queries: a run id names the backend serving it, so a cancel sent to any process finds it
-- (pg_cancel_backend from that process). A row lives while its query runs; rows of a process that died are harmless
-- (a cancel of a pid that no longer serves the run is refused by the project check below, and old rows are swept).
CREATE TABLE IF NOT EXISTS query_runs (
  run_id text PRIMARY KEY,
  backend_pid int NOT NULL,
  ref text NOT NULL,
  profile_id text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now()
);

-- Lifecycle operations are run by one process at a time: the one holding the lease. A process renews its leases while
-- it runs them; one whose lease ran out (the process died) is taken over by another process, after its last step.
ALTER TABLE project_operations ADD COLUMN IF NOT EXISTS lease_owner text;
ALTER TABLE project_operations ADD COLUMN IF NOT EXISTS lease_expires_at timestamptz;
