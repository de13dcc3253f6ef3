-- The last warning level the platform saw for each project's measured resource (issue 21): a notification is written
-- once when a level rises (none -> warning -> critical), not on every poll of the resource warnings. A row exists only
-- once a metric has left 'none'; falling back to none keeps the row with level null, so the next rise notifies again.
CREATE TABLE IF NOT EXISTS project_resource_levels (
  project_id int NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  metric text NOT NULL,
  level text CHECK (level IN ('warning', 'critical')),
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, metric)
);
