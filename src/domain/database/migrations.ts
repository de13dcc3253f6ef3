// Database → Migrations (spec A2.6 "Platform: Migrations", issue 19): the project's migration history. It lives in the
// project's own database (strata_migrations.schema_migrations, as Supabase keeps supabase_migrations.schema_migrations)
// so it travels with the data — a backup, a restore or a branch carries the history that built its schema. Every
// migration applied through the console (Save as migration in the SQL editor), the Management API
// (/v1/projects/{ref}/database/migrations) or the MCP server's apply_migration is recorded there with its SQL under a
// timestamp version, in the same transaction as its statements: both happen or neither does.

import { lexStatements } from '../sql-editor-destructive.ts';

export const MIGRATIONS_SCHEMA = 'strata_migrations';
export const MIGRATIONS_TABLE = 'schema_migrations';

/** One applied migration as the history lists it. */
export interface MigrationRow {
  /** UTC timestamp of the apply, YYYYMMDDHHMMSS followed by microseconds: sorts in apply order. */
  version: string;
  name: string;
  statements: string;
  applied_at: string;
}

export const MIGRATION_NAME_MAX = 200;

/** A readable reason a migration name is refused, or null. Names are free text but short and on one line. */
export function migrationNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Please provide a name for the migration';
  if (trimmed.length > MIGRATION_NAME_MAX) return `The name must be at most ${MIGRATION_NAME_MAX} characters`;
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return 'The name must be on one line, without control characters';
  return null;
}

const TRANSACTION_CONTROL = new Set(['begin', 'start', 'commit', 'end', 'rollback', 'abort', 'savepoint', 'release', 'prepare']);

/**
 * The first statement of `sql` that controls the transaction (COMMIT, ROLLBACK, BEGIN, SAVEPOINT, …), as its first
 * word, or null. A migration runs inside the transaction that records it: a COMMIT in its text would make the
 * statements before it permanent even when a later one fails, so such a migration is refused before anything runs.
 * Words inside strings, dollar-quoted bodies and comments do not count.
 */
export function transactionControlIn(sql: string): string | null {
  for (const statement of lexStatements(sql)) {
    const [first, second] = statement;
    if (first?.type !== 'word' || !TRANSACTION_CONTROL.has(first.value)) continue;
    // PREPARE name AS … is a prepared statement; only PREPARE TRANSACTION ends the transaction.
    if (first.value === 'prepare' && !(second?.type === 'word' && second.value === 'transaction')) continue;
    return first.value.toUpperCase();
  }
  return null;
}

/** 'Add orders total' → 'add_orders_total' (the suggestion the Save as migration dialog starts from). */
export function suggestMigrationName(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
}

/** '20261127193045123456' → '2026-11-27 19:30:45 UTC' (the version as a time; the raw version otherwise). */
export function versionAsTime(version: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(version);
  if (!match) return version;
  const [, y, mo, d, h, mi, s] = match;
  return `${y}-${mo}-${d} ${h}:${mi}:${s} UTC`;
}

/** The migrations whose name or version contains `search` (case-insensitive), newest first. */
export function filterMigrations(rows: readonly MigrationRow[], search: string): MigrationRow[] {
  const needle = search.trim().toLowerCase();
  return rows
    .filter((row) => needle === '' || row.name.toLowerCase().includes(needle) || row.version.includes(needle))
    .sort((a, b) => (a.version < b.version ? 1 : a.version > b.version ? -1 : 0));
}

export const MIGRATIONS_TEXT = {
  title: 'Migrations',
  subtitle: 'Every migration applied to this database from the SQL editor, the Management API or the MCP server, with its SQL.',
  search: 'Search for a migration',
  empty: 'No migrations',
  emptyDescription: 'Apply one from the SQL editor with “Save as migration”, or through the Management API.',
  notFound: 'No migrations found',
  saveAsMigration: 'Save as migration',
} as const;
