-- The project's storage config (spec B3 Storage config: fileSizeLimit, the project's global upload limit).
-- A project without a row has the default (src/api/schemas/storage.ts DEFAULT_FILE_SIZE_LIMIT).
CREATE TABLE IF NOT EXISTS storage_settings (
  project_id integer PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  file_size_limit bigint NOT NULL CHECK (file_size_limit > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
