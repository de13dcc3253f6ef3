-- Notifications (spec A2.11, A3 Notification, A4.8; issue 21): one row per recipient, written by the platform when
-- something happens to a project or an organization the user belongs to (server/notifications/writer.ts). The
-- message is Markdown the console renders sanitised; action urls may hold [ref] / [slug], filled by the console.
CREATE TABLE IF NOT EXISTS notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'seen', 'archived')),
  priority text NOT NULL DEFAULT 'Info' CHECK (priority IN ('Info', 'Warning', 'Critical')),
  -- {title, message, project_ref, org_slug, actions: [{label, url, action_type}]}
  data jsonb NOT NULL,
  inserted_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS notifications_profile_idx ON notifications (profile_id, status, inserted_at DESC, id);
