// The project's storage config (spec B3 Storage config: fileSizeLimit, the global upload limit), kept in the
// platform database (migration 0006_storage_settings.sql).
import type pg from 'pg';
import { DEFAULT_FILE_SIZE_LIMIT } from '../../src/api/schemas/storage.ts';

type Queryable = Pick<pg.Pool, 'query'>;

export async function globalFileSizeLimit(platform: Queryable, projectId: number): Promise<number> {
  const { rows } = await platform.query<{ file_size_limit: string }>(
    'select file_size_limit from storage_settings where project_id = $1',
    [projectId],
  );
  return rows[0] ? Number(rows[0].file_size_limit) : DEFAULT_FILE_SIZE_LIMIT;
}

export async function setGlobalFileSizeLimit(platform: Queryable, projectId: number, bytes: number): Promise<void> {
  await platform.query(
    `insert into storage_settings (project_id, file_size_limit) values ($1, $2)
     on conflict (project_id) do update set file_size_limit = excluded.file_size_limit, updated_at = now()`,
    [projectId, bytes],
  );
}
