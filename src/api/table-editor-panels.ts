// HTTP of the table editor's side panels (spec B2.1): catalog reads the forms need (enum types, columns a foreign
// key may point at, the constraint names an edit drops) and the runs of DDL/DML scripts. All SQL goes through the
// project query endpoint (`runSql`); identifiers and values are quoted by src/domain/table-editor/sql.ts only.
import { runSql } from './table-editor.ts';
import type { Script } from '../domain/table-editor/ddl.ts';
import { cellStatement, editRowStatement, readEditRow, reverseCountsStatement, type ReverseReference } from '../domain/table-editor/row-values.ts';
import type { RowKey, Statement } from '../domain/table-editor/sql.ts';
import type { Row, TableMeta } from '../domain/table-editor/types.ts';

const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'];

export interface EnumType {
  schema: string;
  name: string;
  values: string[];
}

/** The database's enum types, for the type picker. */
export const fetchEnumTypes = (ref: string) =>
  runSql<EnumType>(ref, {
    query: `select n.nspname as schema, t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as values
      from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
      where n.nspname <> all($1) group by 1, 2 order by 1, 2`,
    parameters: [SYSTEM_SCHEMAS],
  });

export interface ReferenceTarget {
  schema: string;
  table: string;
  column: string;
  /** pg_type name of the column, for the new column's type. */
  format: string;
}

/** Columns a foreign key may reference: those under a primary key or a unique constraint of one column. */
export const fetchReferenceTargets = (ref: string) =>
  runSql<ReferenceTarget>(ref, {
    query: `select n.nspname as schema, c.relname as table, a.attname as column, t.typname as format
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1] join pg_type t on t.oid = a.atttypid
      where k.contype in ('p', 'u') and cardinality(k.conkey) = 1 and n.nspname <> all($1) and n.nspname not like 'pg_%'
      order by 1, 2, 3`,
    parameters: [SYSTEM_SCHEMAS],
  });

/** The unique and foreign-key constraints on exactly one column (what an edit of that column may drop). */
export async function fetchColumnConstraints(ref: string, table: Pick<TableMeta, 'id'>, column: string) {
  const rows = await runSql<{ contype: string; conname: string }>(ref, {
    query: `select k.contype, k.conname from pg_constraint k
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
      where k.conrelid = $1 and cardinality(k.conkey) = 1 and a.attname = $2 and k.contype in ('u', 'f')`,
    parameters: [table.id, column],
  });
  return {
    unique: rows.find((r) => r.contype === 'u')?.conname ?? null,
    foreignKey: rows.find((r) => r.contype === 'f')?.conname ?? null,
  };
}

/** Runs a DDL script (one transaction) or one DML statement; rejects with Postgres's message. */
export const runScript = (ref: string, script: Script | Statement) => runSql<Row>(ref, script);

/** One cell's whole value by the row's key. */
export async function fetchCellValue(ref: string, table: Pick<TableMeta, 'schema' | 'name'>, column: string, key: RowKey): Promise<unknown> {
  const rows = await runSql<{ value: unknown }>(ref, cellStatement(table, column, key));
  if (rows.length === 0) throw new Error('The row no longer exists');
  return rows[0]!.value;
}

/** The whole row, every value as Postgres's text, for the edit-row panel (issue 14.1); rejects when it is gone. */
export async function fetchEditRow(ref: string, table: TableMeta, key: RowKey): Promise<Row> {
  return readEditRow(table, key, await runSql<Record<string, unknown>>(ref, editRowStatement(table, key)));
}

/** How many rows of each referencing table point at the row, with that table's id. */
export async function fetchReverseCounts(ref: string, references: readonly ReverseReference[]): Promise<Array<{ count: number; id: number }>> {
  if (references.length === 0) return [];
  const [row] = await runSql<Record<string, string | number>>(ref, reverseCountsStatement(references));
  return references.map((_, i) => ({ count: Number(row?.[`n${i}`] ?? 0), id: Number(row?.[`id${i}`] ?? 0) }));
}
