// Database → Indexes (spec A2.6, issue 19): every index of a schema with its table, method, columns, size and usage
// (pg_stat_user_indexes.idx_scan); create one (table, columns, method, unique) and drop one. Identifiers quoted by
// pg-format's ident; an index that backs a constraint (primary key, unique constraint) is dropped with its constraint,
// not here.
import { ident, qualified, type Statement } from '../table-editor/sql.ts';
import { transaction, type Script } from '../table-editor/ddl.ts';

export const INDEX_METHODS = ['btree', 'hash', 'gin', 'gist', 'brin'] as const;
export type IndexMethod = (typeof INDEX_METHODS)[number];

export interface IndexRow {
  schema: string;
  table: string;
  name: string;
  method: string;
  columns: string[];
  definition: string;
  is_unique: boolean;
  is_primary: boolean;
  /** The constraint the index backs (primary key, unique, exclusion), or null. */
  constraint: string | null;
  size_bytes: number;
  scans: number;
}

export function indexesQuery(schema: string): Statement {
  return {
    query: `select n.nspname as schema, t.relname as "table", i.relname as name, am.amname as method,
  coalesce((select json_agg(pg_get_indexdef(x.indexrelid, k.n, true) order by k.n) from generate_series(1, x.indnkeyatts) as k(n)), '[]'::json) as columns,
  pg_get_indexdef(x.indexrelid) as definition, x.indisunique as is_unique, x.indisprimary as is_primary,
  (select con.conname from pg_constraint con where con.conindid = x.indexrelid and con.contype in ('p', 'u', 'x') limit 1) as constraint,
  pg_relation_size(x.indexrelid)::float8 as size_bytes,
  coalesce(s.idx_scan, 0)::float8 as scans
from pg_index x
join pg_class i on i.oid = x.indexrelid
join pg_class t on t.oid = x.indrelid
join pg_namespace n on n.oid = t.relnamespace
join pg_am am on am.oid = i.relam
left join pg_stat_user_indexes s on s.indexrelid = x.indexrelid
where n.nspname = $1
order by t.relname, i.relname`,
    parameters: [schema],
  };
}

export interface IndexTable {
  name: string;
  columns: string[];
}

/** The schema's tables and materialized views with their columns, for the create form. */
export function indexTablesQuery(schema: string): Statement {
  return {
    query: `select c.relname as name,
  coalesce((select json_agg(a.attname order by a.attnum) from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json) as columns
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'm')
order by c.relname`,
    parameters: [schema],
  };
}

export interface IndexDraft {
  schema: string;
  table: string;
  columns: string[];
  method: IndexMethod;
  unique: boolean;
  /** Empty: Postgres names it (table_column_idx). */
  name: string;
}

export const emptyIndexDraft = (schema: string): IndexDraft => ({ schema, table: '', columns: [], method: 'btree', unique: false, name: '' });

export function indexDraftProblem(draft: IndexDraft): string | null {
  if (draft.table === '') return 'Please select a table';
  if (draft.columns.length === 0) return 'Please select at least one column';
  // Postgres: only B-tree indexes can be unique, and a hash index has exactly one key column.
  if (draft.unique && draft.method !== 'btree') return 'Only btree indexes can be unique';
  if (draft.method === 'hash' && draft.columns.length > 1) return 'A hash index takes one column';
  if (draft.name.trim().length > 63) return 'An index name is at most 63 characters';
  return null;
}

/** create [unique] index ["name"] on "schema"."table" using method ("a", "b") */
export function createIndexScript(draft: IndexDraft): Script {
  const problem = indexDraftProblem(draft);
  if (problem) throw new Error(problem);
  const name = draft.name.trim() === '' ? '' : ` ${ident(draft.name.trim())}`;
  const columns = draft.columns.map((column) => ident(column)).join(', ');
  return transaction([`create ${draft.unique ? 'unique ' : ''}index${name} on ${qualified(draft.schema, draft.table)} using ${draft.method} (${columns})`]);
}

export const dropIndexScript = (schema: string, name: string): Script => transaction([`drop index ${qualified(schema, name)}`]);

/** Why an index cannot be dropped here, or null. */
export const indexDropBlocked = (index: IndexRow): string | null =>
  index.constraint ? `Backs the constraint ${index.constraint}: drop the constraint from the table instead` : null;

export const filterIndexes = (rows: readonly IndexRow[], search: string): IndexRow[] => {
  const needle = search.trim().toLowerCase();
  return needle === '' ? [...rows] : rows.filter((row) => row.name.toLowerCase().includes(needle) || row.table.toLowerCase().includes(needle));
};
