-- Organization invitations (team page): an administrator or owner invites an e-mail with a role; the invitation
-- turns into membership when a profile with that e-mail (case-insensitive) is created or next fetched.
CREATE TABLE invitations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- Stored lower-cased: e-mail matching is case-insensitive.
  email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 320),
  role text NOT NULL CHECK (role IN ('owner', 'administrator', 'developer', 'read_only')),
  invited_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  -- One pending invitation per e-mail and organization; a new invitation replaces the role of the old one.
  UNIQUE (organization_id, email)
);
CREATE INDEX invitations_email_idx ON invitations (email);
