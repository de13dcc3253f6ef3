-- Issue 21. The console's feedback widget (spec A1 "a feedback widget (text plus screenshot)"): what a signed-in
-- user sent, with the page it came from and an optional image; read by the platform's admins only
-- (STRATA_PLATFORM_ADMINS, server/feedback/routes.ts).
CREATE TABLE console_feedback (
  id bigserial PRIMARY KEY,
  profile_id uuid NOT NULL,
  message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  page_path text NOT NULL DEFAULT '' CHECK (length(page_path) <= 2000),
  project_ref text,
  org_slug text,
  screenshot_type text CHECK (screenshot_type IN ('image/png', 'image/jpeg', 'image/webp')),
  screenshot bytea CHECK (screenshot IS NULL OR octet_length(screenshot) <= 2 * 1024 * 1024),
  inserted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX console_feedback_inserted_idx ON console_feedback (inserted_at DESC);

-- The resource exhaustion banner (spec A2.12) measures disk use against the disk size. The developer switch
-- (STRATA_DEV_SWITCHES=1) may give a project a smaller disk in bytes, so a test can fill it for real.
ALTER TABLE project_disks ADD COLUMN dev_size_bytes bigint CHECK (dev_size_bytes IS NULL OR dev_size_bytes > 0);
