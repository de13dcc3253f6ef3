-- Branches as real projects (issue 20, spec A4.4, B2.8). A branch row exists for the default branch (the project
-- itself, project_id = parent_project_id, once branching is enabled) and for each preview or persistent branch (a
-- project of its own whose parent_project_ref names the default branch's project).
-- with_data: the branch was created with the parent's rows. cloned_at: its database was filled from the parent's
-- (set in the same run that activates it; a branch still COMING_UP without it is cloned again at the next start).
ALTER TABLE branches ADD COLUMN with_data boolean NOT NULL DEFAULT false;
ALTER TABLE branches ADD COLUMN cloned_at timestamptz;
CREATE INDEX branches_parent_created_idx ON branches (parent_project_id, created_at DESC);
