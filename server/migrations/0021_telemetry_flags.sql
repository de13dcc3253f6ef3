-- Issue 21: the platform's flag service and its telemetry collector.
-- Remote flags (spec A4.12 source 'cc') and analytics flags (source 'ph'), changed by platform admins.
CREATE TABLE platform_flags (
  source text NOT NULL CHECK (source IN ('remote', 'analytics')),
  key text NOT NULL CHECK (key ~ '^[A-Za-z0-9_:.-]{1,100}$'),
  -- boolean, string, number or null (spec A3: feature-flag state)
  value jsonb NOT NULL CHECK (jsonb_typeof(value) IN ('boolean', 'string', 'number', 'null')),
  updated_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, key)
);

-- What the console sends (spec A4.13): page views and leaves, identify, groups, events, flag tracks, client errors.
-- Payloads are scrubbed before they are stored (no tokens, keys, e-mails or passwords).
CREATE TABLE telemetry_events (
  id bigserial PRIMARY KEY,
  profile_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('page', 'page_leave', 'identify', 'groups', 'event', 'flag_track', 'client_error')),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX telemetry_events_profile ON telemetry_events (profile_id, id DESC);
