// The table editor's export formats (issue 14): CSV, JSON and SQL inserts of a table, of the rows its filters
// select, or of the rows whose keys the grid names. What each file is called and typed, and the SQL whose rows are
// the file's content. Pure: the platform runs these statements (server/pgmeta/export.ts).
//
// Identifiers and literals are quoted by sql.ts's `ident` and `literal` (@scaleleap/pg-format) only. Values are
// inlined as literals: COPY takes no parameters, and a cursor's statement is planned once as it is.
import { filterCondition, ident, inlineBinder, literal, orderBySql, qualified, type RowKey } from './sql.ts';
import type { RowFilter, RowSort } from './types.ts';

export const EXPORT_FORMATS = ['csv', 'json', 'sql'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The most row keys one export may name (the grid's selected rows); more is refused with a 400. */
export const EXPORT_MAX_KEYS = 10_000;

export interface ExportFileType {
  extension: string;
  contentType: string;
  /** As the menu says it: 'Export table as CSV'. */
  label: string;
}

export const EXPORT_FILE_TYPES: Readonly<Record<ExportFormat, ExportFileType>> = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8', label: 'CSV' },
  json: { extension: 'json', contentType: 'application/json; charset=utf-8', label: 'JSON' },
  sql: { extension: 'sql', contentType: 'application/sql; charset=utf-8', label: 'SQL' },
};

/** `items.json`: the download's name. */
export const exportFileName = (table: string, format: ExportFormat): string => `${table}.${EXPORT_FILE_TYPES[format].extension}`;

/** Which rows of which table an export reads, in which order. */
export interface ExportRowsTarget {
  schema: string;
  table: string;
  filters: readonly RowFilter[];
  sorts: readonly RowSort[];
  /** Only the rows with these keys (primary key → value; ctid for a table without one); absent: every row. */
  keys?: readonly RowKey[] | undefined;
}

/** A Postgres array's text form of a JSON array (a key of an array column), every element quoted. */
function arrayText(values: readonly unknown[]): string {
  const element = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayText(value);
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  };
  return `{${values.map(element).join(',')}}`;
}

/**
 * A key value as a quoted literal of unknown type, which Postgres reads with the column's own input function: a
 * number compares with an int8, numeric or text key alike, a string with a uuid or a timestamptz.
 */
export function keyValueLiteral(value: unknown): string {
  if (Array.isArray(value)) return literal(arrayText(value));
  if (typeof value === 'object' && value !== null) return literal(JSON.stringify(value));
  return literal(String(value));
}

/** The rows whose keys are listed, as one boolean expression ('false' for no keys: no row). */
export function keysCondition(keys: readonly RowKey[]): string {
  if (keys.length === 0) return 'false';
  const columns = Object.keys(keys[0]!);
  const single = columns.length === 1 ? columns[0]! : null;
  // One key column and no null: an `in` list, which Postgres turns into `= any(array)` and reads from the key's index.
  if (single !== null && keys.every((key) => Object.keys(key).length === 1 && key[single] !== null && key[single] !== undefined)) {
    return `${ident(single)} in (${keys.map((key) => keyValueLiteral(key[single])).join(', ')})`;
  }
  return keys
    .map((key) => {
      const names = Object.keys(key);
      if (names.length === 0) throw new Error('A row key needs at least one column');
      const parts = names.map((name) => {
        const value = key[name];
        return value === null || value === undefined ? `${ident(name)} is null` : `${ident(name)} = ${keyValueLiteral(value)}`;
      });
      return `(${parts.join(' and ')})`;
    })
    .join(' or ');
}

/** ' where …' (with its leading space) of the filters and keys, or '' when every row is exported. */
export function exportWhereSql(filters: readonly RowFilter[], keys?: readonly RowKey[]): string {
  const conditions = filters.map((filter) => filterCondition(filter, inlineBinder));
  // Parenthesised: the keys' `or` list is one condition beside the filters'.
  if (keys) conditions.push(`(${keysCondition(keys)})`);
  return conditions.length === 0 ? '' : ` where ${conditions.join(' and ')}`;
}

const fromSql = (target: ExportRowsTarget, alias?: string) =>
  `${qualified(target.schema, target.table)}${alias ? ` as ${alias}` : ''}${exportWhereSql(target.filters, target.keys)}${orderBySql(target.sorts)}`;

/** CSV: `select * from t where … order by …`, copied out by COPY (with no keys, exactly sql.ts's exportSelectSql). */
export function exportRowsSql(target: ExportRowsTarget): string {
  return `select * from ${fromSql(target)}`;
}

/**
 * JSON: one row of text per table row, the row's JSON object as Postgres writes it: numbers, int8, numeric, jsonb
 * and arrays keep their exact values, timestamps are ISO 8601 whatever the DateStyle. `to_json`, whose values are
 * those of `to_jsonb` (a test compares them), because it keeps the table's column order (jsonb orders keys by
 * length). The whole-row reference `alias.*` names the relation even when a column has the alias's name.
 */
export function jsonRowsSql(target: ExportRowsTarget): string {
  return `select to_json(export_row.*)::text from ${fromSql(target, 'export_row')}`;
}

/** A column as the SQL export sees it (pg_attribute: attgenerated, attidentity). */
export interface ExportColumn {
  name: string;
  /** A generated (stored) column: left out of the inserts, Postgres computes it again. */
  generated: boolean;
  /** `generated always as identity`: its values are kept with OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

/** `INSERT INTO s.t ("a", "b") [OVERRIDING SYSTEM VALUE] VALUES (` — the part every row's statement shares. */
export function insertPrefix(schema: string, table: string, columns: readonly ExportColumn[]): string {
  const written = columns.filter((column) => !column.generated);
  const overriding = written.some((column) => column.identityAlways) ? ' OVERRIDING SYSTEM VALUE' : '';
  return `INSERT INTO ${qualified(schema, table)} (${written.map((column) => ident(column.name)).join(', ')})${overriding} VALUES (`;
}

/**
 * SQL: one row of text per table row, its `INSERT … VALUES (…);`. Postgres writes each value as its text form
 * quoted by `quote_nullable` (NULL stays NULL, '' stays ''), and an untyped literal is read back by the column's
 * input function: an exact round trip for every type whose text output is its identity (numeric digits, int8,
 * jsonb, arrays, bytea hex, timestamptz with its offset) — the session pins DateStyle, IntervalStyle and float
 * digits (server/pgmeta/export.ts). `array[…]` rather than concat_ws: a function takes at most 100 arguments.
 */
export function insertRowsSql(target: ExportRowsTarget, columns: readonly ExportColumn[]): string {
  const written = columns.filter((column) => !column.generated);
  if (written.length === 0) {
    return `select ${literal(`INSERT INTO ${qualified(target.schema, target.table)} DEFAULT VALUES;`)} from ${fromSql(target)}`;
  }
  const values = written.map((column) => `quote_nullable(${ident(column.name)}::text)`).join(', ');
  const prefix = literal(insertPrefix(target.schema, target.table, columns));
  return `select ${prefix} || array_to_string(array[${values}], ', ') || ');' from ${fromSql(target)}`;
}
