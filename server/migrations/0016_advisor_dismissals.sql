-- Dismissed advisor findings (issue 19): a member hides one finding of one lint on one object. The fingerprint is a
-- hash of the object's catalog definition when it was dismissed (server/advisors/lints.ts): once the object changes,
-- the fingerprint no longer matches and the finding shows again.
CREATE TABLE IF NOT EXISTS advisor_dismissals (
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  lint_name text NOT NULL CHECK (length(lint_name) BETWEEN 1 AND 100),
  object_key text NOT NULL CHECK (length(object_key) BETWEEN 1 AND 1000),
  fingerprint text NOT NULL,
  dismissed_by uuid,
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, lint_name, object_key)
);
