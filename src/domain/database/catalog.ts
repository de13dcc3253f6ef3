// Shared rules of the Database pages (spec A2.6, issue 19): which schemas a member may pick, and the search every
// list applies. The pages' own SQL builders live beside this file (tables.ts, functions.ts, triggers.ts, types.ts);
// identifiers and literals are quoted only by pg-format's helpers (../table-editor/sql.ts).
import type { MemberRole } from '../shared-constants.ts';
import { can } from '../permissions.ts';
import type { Statement } from '../table-editor/sql.ts';

export const DEFAULT_DATABASE_SCHEMA = 'public';

/** Schemas the Database pages list: Postgres's own catalogs and temporary schemas are left out. */
export const databaseSchemasQuery: Statement = {
  query: `select nspname as name from pg_namespace
where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'
order by nspname`,
  parameters: [],
};

/**
 * The rows whose text fields contain every word of the search (case-insensitive). `fields` names what a row is
 * searched by (its name, its arguments…); an empty search keeps every row.
 */
export function searchRows<T>(rows: readonly T[], search: string, fields: (row: T) => readonly (string | null | undefined)[]): T[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = fields(row)
      .filter((v): v is string => typeof v === 'string')
      .join('\u0000')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * Whether a member may change the database from these pages: the same rule as the policy editor's (developers and
 * up; read-only members see the lists and the SQL, not the buttons that run it).
 */
export const canWriteDatabase = (role: MemberRole | null | undefined): boolean => can(role, 'READ', 'service_api_keys');
export const DATABASE_WRITE_REFUSED = 'You need additional permissions to change the database';
