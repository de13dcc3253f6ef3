// The project's Data API settings (issue 17): the exposed schemas (default public) and the row cap of one request.
// Stored in the platform database (migration 0010); a project without a row has the defaults.
import type pg from 'pg';
import { badRequest } from '../http/errors.ts';

export interface DataApiSettings {
  /** The schemas requests may name (Accept-Profile / Content-Profile); the first is the default. */
  schemas: string[];
  /** The most rows one request returns (PostgREST's db-max-rows). */
  maxRows: number;
}

export const DEFAULT_SETTINGS: DataApiSettings = { schemas: ['public'], maxRows: 1000 };

/** Schemas that are never served: the catalog and the platform's own. */
const NEVER_EXPOSED = /^(pg_.*|information_schema|auth|storage|strata_.*)$/;

export function validateSettings(input: { db_schema?: unknown; max_rows?: unknown }): Partial<DataApiSettings> {
  const out: Partial<DataApiSettings> = {};
  if (input.db_schema !== undefined) {
    const list = typeof input.db_schema === 'string' ? input.db_schema.split(',').map((s) => s.trim()).filter(Boolean) : input.db_schema;
    if (!Array.isArray(list) || list.length === 0 || list.length > 20 || !list.every((s) => typeof s === 'string' && s.length > 0 && s.length <= 63)) {
      throw badRequest('db_schema is a comma-separated list of 1 to 20 schema names');
    }
    const refused = (list as string[]).find((s) => NEVER_EXPOSED.test(s));
    if (refused) throw badRequest(`The schema ${refused} cannot be exposed`);
    out.schemas = [...new Set(list as string[])];
  }
  if (input.max_rows !== undefined) {
    if (!Number.isInteger(input.max_rows) || (input.max_rows as number) < 1 || (input.max_rows as number) > 1_000_000) {
      throw badRequest('max_rows is a whole number from 1 to 1000000');
    }
    out.maxRows = input.max_rows as number;
  }
  return out;
}

export async function saveSettings(platform: Pick<pg.Pool, 'query'>, projectId: number, input: { db_schema?: unknown; max_rows?: unknown }): Promise<void> {
  const valid = validateSettings(input);
  await platform.query(
    `insert into data_api_settings (project_id, db_schema, max_rows) values ($1, coalesce($2, array['public']), coalesce($3, 1000))
     on conflict (project_id) do update set db_schema = coalesce($2, data_api_settings.db_schema),
       max_rows = coalesce($3, data_api_settings.max_rows), updated_at = now()`,
    [projectId, valid.schemas ?? null, valid.maxRows ?? null],
  );
}
