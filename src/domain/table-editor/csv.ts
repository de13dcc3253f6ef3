// Pure rules of the CSV import (issue 6, spec B2.1 "import CSV from a file"): column mapping, type hints, batch
// sizing, line numbering, the CSV each batch is copied from (issue 15: `COPY … FROM STDIN` on the platform) and how
// a refused batch is copied again without its bad rows.
import type { ColumnInfo } from './types.ts';

/** Rows shown in the preview. */
export const CSV_PREVIEW_ROWS = 20;
/** A batch never holds more rows than this… */
export const CSV_BATCH_MAX_ROWS = 100_000;
/**
 * …nor, by the preview's estimate, much more CSV than this: one request each (the API takes 16 MB), big enough that
 * a request's fixed cost (session, membership, a transaction) is small beside its COPY, small enough to stay flat.
 */
export const CSV_BATCH_TARGET_BYTES = 8 * 1024 * 1024;
/**
 * A batch's CSV never passes this many characters, whatever the estimate said (rows may grow further into the
 * file): at most 3 UTF-8 bytes each, it stays under the API's 16 MB body limit.
 */
export const CSV_BATCH_MAX_CHARS = 5 * 1024 * 1024;
/** The first batch's cap; each next batch may be twice as big, up to CSV_BATCH_MAX_CHARS. */
export const CSV_FIRST_BATCH_CHARS = 256 * 1024;
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

const NEEDS_QUOTES = /[",\r\n\\]/;

/**
 * One value as COPY reads it (FORMAT csv): an empty value is written unquoted, which COPY reads as NULL (so defaults
 * and nullable columns behave as in the grid); a value holding a quote, comma, line break or backslash is quoted
 * (a backslash only matters in `\.`, COPY's end-of-data line, but quoting is harmless).
 */
export function csvValue(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const isJson = (value: string) => {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * One CSV row as the line copied: the mapped columns only, in mapping order, ending in a newline. A JSON column's
 * value goes as it is when it is JSON, else as a JSON string, so text that is not JSON still imports (as before).
 */
export function csvRecord(row: readonly string[], mapping: ReadonlyArray<string | null>, jsonColumns: ReadonlySet<string>): string {
  let line = '';
  let first = true;
  for (let index = 0; index < mapping.length; index++) {
    const column = mapping[index];
    if (column === null || column === undefined) continue;
    let value = row[index];
    if (value !== undefined && value !== '' && jsonColumns.has(column) && !isJson(value)) value = JSON.stringify(value);
    line += first ? csvValue(value) : `,${csvValue(value)}`;
    first = false;
  }
  return `${line}\n`;
}

/** The records of CSV written by csvRecord, each with its newline (a quoted value may hold line breaks). */
export function splitCsvRecords(csv: string): string[] {
  const records: string[] = [];
  let quoted = false;
  let start = 0;
  for (let index = 0; index < csv.length; index++) {
    const char = csv.charCodeAt(index);
    if (char === 34) quoted = !quoted; // '"' (a doubled quote toggles twice)
    else if (char === 10 && !quoted) {
      records.push(csv.slice(start, index + 1));
      start = index + 1;
    }
  }
  if (start < csv.length) records.push(csv.slice(start));
  return records;
}

/** Postgres error classes that belong to one row's values (data exception, integrity constraint). */
export const isRowError = (code: unknown): boolean => typeof code === 'string' && /^(22|23)/.test(code);

export interface BatchOutcome {
  inserted: number;
  rejected: LineError[];
}

/**
 * Copies a batch (CSV from csvRecord, one line number per record). The platform copies a batch whole or not at all
 * and names the row it refused; that row is reported with its line and the rest is sent again, until it goes in.
 * Errors that are not about a row (a missing table, no permission, a lost connection) are rethrown: every row would
 * fail the same way. After `stopAfter` refused rows the import stops (CSV_IMPORT_POLICY): the rows before the last
 * refused one are copied, the rest is left. Refused rows are reported in line order (COPY finds a duplicate key
 * only when it writes its buffered rows, so it may name a later row first).
 */
export async function copySkippingRefusedRows<Body extends string | Blob>(
  csv: Body,
  lines: readonly number[],
  /** Sends `csv` itself first; after a refusal, the records left as text. */
  copy: (csv: Body | string) => Promise<void>,
  options: {
    /** The 1-based row of the batch the refusal names, or null when it is not about a row. */
    refusedRow: (error: unknown) => number | null;
    errorMessage: (error: unknown) => string;
    stopAfter: number;
  },
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { inserted: 0, rejected: [] };
  let records: string[] | null = null;
  let recordLines: number[] = [];
  let stopping = false;
  for (;;) {
    const count = records ? records.length : lines.length;
    if (count === 0) break;
    try {
      await copy(records ? records.join('') : csv);
      outcome.inserted += count;
      break;
    } catch (error) {
      const row = options.refusedRow(error);
      if (row === null || row < 1 || row > count) throw error;
      // The rare path: the batch is cut into records only when something was refused.
      if (!records) {
        records = splitCsvRecords(typeof csv === 'string' ? csv : await csv.text());
        recordLines = [...lines];
      }
      if (stopping) {
        // Past the limit: nothing more is reported; the stop comes earlier instead.
        records.length = row - 1;
        continue;
      }
      outcome.rejected.push({ line: recordLines[row - 1]!, message: options.errorMessage(error) });
      if (outcome.rejected.length >= options.stopAfter) {
        stopping = true;
        records.length = row - 1;
        continue;
      }
      records.splice(row - 1, 1);
      recordLines.splice(row - 1, 1);
    }
  }
  outcome.rejected.sort((a, b) => a.line - b.line);
  return outcome;
}
