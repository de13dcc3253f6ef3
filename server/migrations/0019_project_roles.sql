-- Database roles a project's members created through Database → Roles (issue 19). Roles are cluster-wide on the
-- shared cluster: this record, which only the platform writes, is what ties a role to one project. Only roles
-- listed here for a project can be altered, renamed, granted or dropped through that project
-- (server/pgmeta/roles.ts); a name is unique across the cluster, so it belongs to at most one project.
CREATE TABLE IF NOT EXISTS project_roles (
  name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 63),
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS project_roles_project_idx ON project_roles (project_id);
