-- Self-hosted mode (spec A2.2: the home is /project/default): the project the platform creates for the local
-- user has the fixed ref 'default'; every other project keeps its 20 random lowercase letters.
ALTER TABLE projects DROP CONSTRAINT projects_ref_check;
ALTER TABLE projects ADD CONSTRAINT projects_ref_check CHECK (ref ~ '^[a-z]{20}$' OR ref = 'default');
