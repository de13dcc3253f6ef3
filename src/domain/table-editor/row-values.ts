// The row panel's fields (spec B2.1 add/edit row): a typed input per column, each holding a value, NULL or DEFAULT,
// and the statements they become. Values travel as bind parameters in Postgres's text form (the column's type
// converts them), so nothing the user types is ever SQL.
import { ident, insertRowSql, qualified, type RowKey, type Statement } from './sql.ts';
import type { ColumnInfo, Row, TableMeta } from './types.ts';

export type FieldKind = 'boolean' | 'number' | 'json' | 'datetime' | 'date' | 'enum' | 'array' | 'text';

/** One field of the row panel. */
export type FieldValue = { mode: 'value'; text: string } | { mode: 'null' } | { mode: 'default' };
export type RowDraft = Record<string, FieldValue>;

const NUMBERS = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

export function fieldKind(column: Pick<ColumnInfo, 'data_type' | 'format' | 'enums'>): FieldKind {
  if (column.data_type === 'ARRAY') return 'array';
  if (column.enums.length > 0) return 'enum';
  if (column.format === 'bool') return 'boolean';
  if (NUMBERS.has(column.format)) return 'number';
  if (column.format === 'json' || column.format === 'jsonb') return 'json';
  if (column.format === 'timestamp' || column.format === 'timestamptz') return 'datetime';
  if (column.format === 'date') return 'date';
  return 'text';
}

/**
 * A value as the text of an input (issue 14.1). The edit panel reads every value as Postgres's own text
 * (`editRowStatement`), and that text is what the form shows and what is bound back: Postgres parses it with the
 * column's input function, so json keeps its exact text, jsonb stays an object, arrays, bytea, numerics, int8 and
 * timestamps with zones come back identical. Never JSON-encode a string: that turned a jsonb object into a string.
 * Values already parsed (an object from a json cell, a JS array) are written as JSON, which those columns accept.
 */
export function valueText(value: unknown, kind: FieldKind): string {
  if (value === null || value === undefined) return '';
  if (kind === 'boolean') {
    if (value === true || value === 't') return 'true';
    if (value === false || value === 'f') return 'false';
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value, null, kind === 'json' ? 2 : undefined);
  return String(value);
}

/**
 * JSON text laid out over lines, every token kept as written (issue 14.1): `JSON.parse` + `stringify` rounded numbers
 * beyond double precision (12345678901234567890 → 12345678901234567000) and the save wrote them back rounded.
 * Text that is not JSON is returned as it is.
 */
export function prettyJson(text: string): string {
  try {
    JSON.parse(text);
  } catch {
    return text;
  }
  let out = '';
  let depth = 0;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      continue;
    } else if (ch === '{' || ch === '[') {
      let k = i + 1;
      while (k < text.length && ' \t\n\r'.includes(text[k]!)) k += 1;
      if (text[k] === (ch === '{' ? '}' : ']')) {
        out += `${ch}${text[k]}`;
        i = k;
      } else {
        depth += 1;
        out += ch + newline();
      }
    } else if (ch === '}' || ch === ']') {
      depth -= 1;
      out += newline() + ch;
    } else if (ch === ',') out += `,${newline()}`;
    else if (ch === ':') out += ': ';
    else out += ch;
  }
  return out;
}

/** The expand panel's text of a whole cell (read `::text` by cellStatement): JSON laid out, anything else as it is. */
export function expandedText(value: unknown, json: boolean): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return valueText(value, json ? 'json' : 'text');
  return json ? prettyJson(value) : value;
}

/** A column's whole row, every value as Postgres's text (`::text`), by the row's key: what the edit panel shows. */
export function editRowStatement(table: Pick<TableMeta, 'schema' | 'name' | 'columns'>, key: RowKey): Statement {
  const parameters: unknown[] = [];
  const where = Object.entries(key).map(([name, value]) =>
    value === null ? `${ident(name)} is null` : `${ident(name)} = $${parameters.push(typeof value === 'object' ? JSON.stringify(value) : value)}`,
  );
  if (where.length === 0) throw new Error('A row needs a key to be read');
  // Positional aliases: no column name can clash with another or with the key.
  const cells = table.columns.map((column, i) => `${ident(column.name)}::text as ${ident(`c${i}`)}`).join(', ') || 'null as none';
  return { query: `select ${cells} from ${qualified(table.schema, table.name)} where ${where.join(' and ')} limit 1`, parameters };
}

/** The row read by editRowStatement, by column name, with its key (a table without primary key keeps its ctid). */
export function readEditRow(table: Pick<TableMeta, 'columns'>, key: RowKey, raw: readonly Record<string, unknown>[]): Row {
  const record = raw[0];
  if (!record) throw new Error('The row no longer exists');
  const row: Row = {};
  table.columns.forEach((column, i) => (row[column.name] = record[`c${i}`] ?? null));
  return { ...row, ...key };
}

/** The field a column starts with: the row's value when editing; DEFAULT for columns with a default when adding. */
export function initialField(column: ColumnInfo, row: Row | null): FieldValue {
  if (row) {
    const value = row[column.name];
    return value === null || value === undefined ? { mode: 'null' } : { mode: 'value', text: valueText(value, fieldKind(column)) };
  }
  if (column.default_value !== null || column.is_identity || column.is_generated) return { mode: 'default' };
  // An empty input: NULL for every kind but text (see parameterOf), '' for text.
  return { mode: 'value', text: '' };
}

export function initialDraft(table: Pick<TableMeta, 'columns'>, row: Row | null): RowDraft {
  return Object.fromEntries(table.columns.map((column) => [column.name, initialField(column, row)]));
}

/** float and numeric take NaN and ±Infinity (Postgres's spelling, any case); integers do not. */
const specialNumber = (column: Pick<ColumnInfo, 'format'>, text: string) =>
  ['float4', 'float8', 'numeric'].includes(column.format) && /^\s*[+-]?(nan|inf|infinity)\s*$/i.test(text);

/** `[1, 2]` is JSON; `[0:1]={1,2}` is Postgres's literal of an array whose bounds are not 1 (as `::text` writes it). */
const isJsonArrayText = (text: string) => text.trim().startsWith('[') && !/^\s*(\[-?\d+:-?\d+\])+\s*=/.test(text);

/** An input's problem, or null. Postgres has the last word; this only catches what it would refuse anyway. */
export function fieldProblem(column: ColumnInfo, field: FieldValue): string | null {
  if (field.mode !== 'value') return null;
  const kind = fieldKind(column);
  if (kind === 'number' && field.text.trim() !== '' && !Number.isFinite(Number(field.text)) && !specialNumber(column, field.text)) return 'Enter a number';
  if (kind === 'json' && field.text.trim() !== '') {
    try {
      JSON.parse(field.text);
    } catch (error) {
      return `Invalid JSON: ${(error as Error).message}`;
    }
  }
  if (kind === 'array' && isJsonArrayText(field.text)) {
    try {
      if (!Array.isArray(JSON.parse(field.text))) return 'Enter a JSON array or a Postgres array literal';
    } catch {
      return 'Enter a JSON array or a Postgres array literal';
    }
  }
  return null;
}

/** The bind parameter of a value field: text in Postgres's input form; JSON arrays become arrays for array columns. */
export function parameterOf(column: ColumnInfo, text: string): unknown {
  const kind = fieldKind(column);
  // Only text can be empty; an empty number, date, JSON… input means no value.
  if (kind !== 'text' && text.trim() === '') return null;
  if (kind === 'array' && isJsonArrayText(text)) return JSON.parse(text) as unknown[];
  return text;
}

/** A row's key: its primary-key values, or every value when the table has none. */
export function rowKey(table: Pick<TableMeta, 'primary_keys'>, row: Row): RowKey {
  // Without a primary key the grid gives each row its ctid: that, not values cut on the wire, finds the row.
  if (table.primary_keys.length === 0 && typeof row.ctid === 'string') return { ctid: row.ctid };
  const names = table.primary_keys.length > 0 ? table.primary_keys : Object.keys(row);
  return Object.fromEntries(names.map((name) => [name, row[name] ?? null]));
}

const writable = (column: ColumnInfo) => column.is_updatable && !column.is_generated && column.identity_generation !== 'ALWAYS';

/** insert … returning *: DEFAULT fields are left out, NULL fields bind null. */
export function insertStatement(table: TableMeta, draft: RowDraft): Statement {
  const values: Row = {};
  for (const column of table.columns) {
    const field = draft[column.name];
    if (!field || field.mode === 'default' || !writable(column)) continue;
    values[column.name] = field.mode === 'null' ? null : parameterOf(column, field.text);
  }
  return insertRowSql(table.schema, table.name, values);
}

/** update … set only the changed fields (DEFAULT as `= default`) where the row's key; null when nothing changed. */
export function updateStatement(table: TableMeta, row: Row, draft: RowDraft): Statement | null {
  const before = initialDraft(table, row);
  const parameters: unknown[] = [];
  const sets: string[] = [];
  for (const column of table.columns) {
    const field = draft[column.name];
    if (!field || !writable(column) || JSON.stringify(field) === JSON.stringify(before[column.name])) continue;
    if (field.mode === 'default') sets.push(`${ident(column.name)} = default`);
    else sets.push(`${ident(column.name)} = $${parameters.push(field.mode === 'null' ? null : parameterOf(column, field.text))}`);
  }
  if (sets.length === 0) return null;
  const key = rowKey(table, row);
  const where = Object.entries(key).map(([name, value]) =>
    value === null ? `${ident(name)} is null` : `${ident(name)} = $${parameters.push(typeof value === 'object' ? JSON.stringify(value) : value)}`,
  );
  return { query: `update ${qualified(table.schema, table.name)} set ${sets.join(', ')} where ${where.join(' and ')} returning *`, parameters };
}

/** One column's whole value by the row's key (the grid cuts large cells on the wire). */
export function cellStatement(table: Pick<TableMeta, 'schema' | 'name'>, column: string, key: RowKey): Statement {
  const parameters: unknown[] = [];
  const where = Object.entries(key).map(([name, value]) =>
    value === null ? `${ident(name)} is null` : `${ident(name)} = $${parameters.push(value)}`,
  );
  if (where.length === 0) throw new Error('A row needs a key to be read');
  // As text: a JSON null stays 'null' (not SQL NULL), and numbers keep every digit.
  return { query: `select ${ident(column)}::text as value from ${qualified(table.schema, table.name)} where ${where.join(' and ')} limit 1`, parameters };
}

/** For the edit-row panel's 'Referenced by': how many rows of each referencing table point at this row. */
export interface ReverseReference {
  constraint: string;
  schema: string;
  table: string;
  column: string;
  value: unknown;
}

export function reverseReferences(table: TableMeta, row: Row): ReverseReference[] {
  return table.relationships
    .filter((r) => r.target_table_schema === table.schema && r.target_table_name === table.name && row[r.target_column_name] != null)
    .map((r) => ({ constraint: r.constraint_name, schema: r.source_schema, table: r.source_table_name, column: r.source_column_name, value: row[r.target_column_name] }));
}

/** One statement counting the rows of every reverse reference, with each table's id: a row {n0, id0, n1, id1, …}. */
export function reverseCountsStatement(references: readonly ReverseReference[]): Statement {
  const parameters: unknown[] = [];
  const counts = references.map((r, i) => {
    const count = `(select count(*) from ${qualified(r.schema, r.table)} where ${ident(r.column)}::text = $${parameters.push(String(r.value))}) as ${ident(`n${i}`)}`;
    // The table's id for the link, from its quoted name passed as a value (regclass parses it).
    const id = `$${parameters.push(qualified(r.schema, r.table))}::regclass::oid::int as ${ident(`id${i}`)}`;
    return `${count}, ${id}`;
  });
  return { query: `select ${counts.join(', ') || '1 as none'}`, parameters };
}

