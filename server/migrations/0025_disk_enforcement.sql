-- Disk record (issue 20, spec B2.9, B4, B5, A2.12). read_only_enforced_at: when the platform put the project's
-- database in read-only mode because its size reached 95 % of the disk (server/infrastructure/disk-enforcement.ts);
-- null while it has not. Only a read-only mode the platform set is lifted by it (one set by hand is left alone).
ALTER TABLE project_disks ADD COLUMN read_only_enforced_at timestamptz;
-- Every project has a disk record (older projects may predate provisioning's insert).
INSERT INTO project_disks (project_id) SELECT id FROM projects ON CONFLICT (project_id) DO NOTHING;
