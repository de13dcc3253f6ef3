// Pure rules of the CSV import (issue 6, spec B2.1 "import CSV from a file"): column mapping, type hints, batch
// sizing, line numbering, the insert statement and how a refused batch is narrowed down to its bad rows.
import { ident, qualified, type Statement } from './sql.ts';
import type { ColumnInfo } from './types.ts';

/** Rows shown in the preview. */
export const CSV_PREVIEW_ROWS = 20;
/** A batch never holds more rows than this… */
export const CSV_BATCH_MAX_ROWS = 5000;
/** …nor, by the preview's estimate, much more JSON than this (one request each; the API takes 16 MB). */
export const CSV_BATCH_TARGET_BYTES = 2 * 1024 * 1024;
export const CSV_BATCH_MIN_ROWS = 50;
/** The import skips bad rows and goes on, until this many were refused; then it stops. */
export const CSV_MAX_REJECTED_ROWS = 100;

/** What the user is told before and after an import (the policy on bad rows, said once). */
export const CSV_IMPORT_POLICY =
  `Rows that cannot be read or that the database refuses are skipped and listed with their line numbers; the import stops after ${CSV_MAX_REJECTED_ROWS} of them. ` +
  `Rows are saved in batches as they go: rows imported before a stop or a cancel stay in the table.`;

/** A line of the file that was not imported, and why. */
export interface LineError {
  /** 1-based; the header row, when there is one, is line 1. A quoted value spanning lines counts as one line. */
  line: number;
  message: string;
}

/** Table columns a CSV column may be mapped to (generated columns cannot be written). */
export const importableColumns = (columns: readonly ColumnInfo[]): ColumnInfo[] =>
  columns.filter((column) => !column.is_generated);

/** The CSV's column names: its first row with a header, else column_1, column_2… */
export function csvHeaders(firstRow: readonly string[], header: boolean): string[] {
  return firstRow.map((name, index) => (header && name.trim() !== '' ? name : `column_${index + 1}`));
}

/**
 * For each CSV column, the table column it goes to (or null: skipped). Names match case-insensitively, ignoring
 * surrounding spaces; each table column takes at most one CSV column (the first that matches).
 */
export function autoMapping(headers: readonly string[], columns: readonly ColumnInfo[]): Array<string | null> {
  const byName = new Map<string, string>();
  for (const column of importableColumns(columns)) {
    const key = column.name.trim().toLowerCase();
    if (!byName.has(key)) byName.set(key, column.name);
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const column = byName.get(header.trim().toLowerCase());
    if (!column || taken.has(column)) return null;
    taken.add(column);
    return column;
  });
}

/** Why the mapping cannot be imported, or null when it can. */
export function mappingProblem(mapping: ReadonlyArray<string | null>): string | null {
  const targets = mapping.filter((column): column is string => column !== null);
  if (targets.length === 0) return 'Map at least one CSV column to a table column';
  const seen = new Set<string>();
  for (const target of targets) {
    if (seen.has(target)) return `Column ${target} is mapped more than once`;
    seen.add(target);
  }
  return null;
}

export type CsvValueType = 'empty' | 'integer' | 'number' | 'boolean' | 'date' | 'timestamp' | 'json' | 'text';

const PATTERNS: Array<[Exclude<CsvValueType, 'empty' | 'text' | 'json'>, RegExp]> = [
  ['integer', /^[-+]?\d+$/],
  ['number', /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/],
  ['boolean', /^(true|false|t|f|yes|no)$/i],
  ['date', /^\d{4}-\d{2}-\d{2}$/],
  ['timestamp', /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/],
];

const looksLikeJson = (value: string) => {
  if (!/^[[{]/.test(value)) return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
};

/** The type the preview's values of one CSV column suggest (shown beside the table column's type). */
export function inferCsvType(values: readonly string[]): CsvValueType {
  const present = values.filter((value) => value.trim() !== '').map((value) => value.trim());
  if (present.length === 0) return 'empty';
  for (const [type, pattern] of PATTERNS) if (present.every((value) => pattern.test(value))) return type;
  if (present.every(looksLikeJson)) return 'json';
  return 'text';
}

/** Rows per batch: about CSV_BATCH_TARGET_BYTES of JSON by the preview's average row, within the bounds. */
export function batchRows(averageRowBytes: number): number {
  if (!Number.isFinite(averageRowBytes) || averageRowBytes <= 0) return CSV_BATCH_MAX_ROWS;
  const rows = Math.floor(CSV_BATCH_TARGET_BYTES / averageRowBytes);
  return Math.max(CSV_BATCH_MIN_ROWS, Math.min(CSV_BATCH_MAX_ROWS, rows));
}

/** The line of the file of a data row (0-based among data rows). */
export const dataRowLine = (dataRowIndex: number, header: boolean): number => dataRowIndex + 1 + (header ? 1 : 0);

/** Progress in percent, 0–100, from what was read (or committed) out of the file size. */
export function progressPercent(bytes: number, size: number): number {
  if (size <= 0) return 100;
  return Math.max(0, Math.min(100, (bytes / size) * 100));
}

/** Column types whose CSV text is JSON: sent as the parsed value, so jsonb gets the object, not a string. */
export const isJsonColumn = (column: ColumnInfo) => column.format === 'json' || column.format === 'jsonb';

/**
 * One CSV row as the JSON object inserted: mapped columns only; an empty field is NULL (so defaults and nullable
 * columns behave as in the grid); JSON columns get the parsed value when it parses.
 */
export function rowObject(row: readonly string[], mapping: ReadonlyArray<string | null>, jsonColumns: ReadonlySet<string>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  mapping.forEach((column, index) => {
    if (column === null) return;
    const value = row[index];
    if (value === undefined || value === '') {
      object[column] = null;
    } else if (jsonColumns.has(column)) {
      try {
        object[column] = JSON.parse(value);
      } catch {
        object[column] = value;
      }
    } else object[column] = value;
  });
  return object;
}

/**
 * A batch insert with ONE parameter, the rows as a JSON array: Postgres converts each value with the column's own
 * input function, so '1.5', '{a,b}' or '2024-01-01' become numeric, text[] or date.
 */
export function insertBatchSql(schema: string, table: string, columns: readonly string[], overridingSystemValue: boolean): Statement {
  const list = columns.map((column) => ident(column)).join(', ');
  const target = qualified(schema, table);
  return {
    query: `insert into ${target} (${list})${overridingSystemValue ? ' overriding system value' : ''} select ${list} from json_populate_recordset(null::${target}, $1::json)`,
    parameters: [],
  };
}

/** Postgres error classes that belong to one row's values (data exception, integrity constraint). */
export const isRowError = (code: unknown): boolean => typeof code === 'string' && /^(22|23)/.test(code);

export interface BatchOutcome {
  inserted: number;
  rejected: LineError[];
}

/**
 * Inserts rows, and when the database refuses them, narrows the refusal down by halves to the bad rows, which are
 * reported with their lines while the good ones are inserted. Errors that are not about a row (a missing table, no
 * permission, a lost connection) are rethrown: every row would fail the same way. `stopAfter` bounds the search.
 */
export async function insertNarrowingErrors<T>(
  rows: readonly T[],
  lines: readonly number[],
  insert: (rows: readonly T[]) => Promise<void>,
  options: { errorCode: (error: unknown) => unknown; errorMessage: (error: unknown) => string; stopAfter: number },
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { inserted: 0, rejected: [] };
  const attempt = async (from: number, to: number): Promise<void> => {
    if (from >= to || outcome.rejected.length >= options.stopAfter) return;
    try {
      await insert(rows.slice(from, to));
      outcome.inserted += to - from;
    } catch (error) {
      if (!isRowError(options.errorCode(error))) throw error;
      if (to - from === 1) {
        outcome.rejected.push({ line: lines[from]!, message: options.errorMessage(error) });
        return;
      }
      const middle = from + Math.ceil((to - from) / 2);
      await attempt(from, middle);
      await attempt(middle, to);
    }
  };
  await attempt(0, rows.length);
  return outcome;
}
