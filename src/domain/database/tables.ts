// Database → Tables (spec A2.6, issue 19): the schema's tables with their row estimate, size, column count and RLS
// state, and one table's columns (type, default, nullable, primary key), read from the catalog with bind parameters.
import type { Statement } from '../table-editor/sql.ts';

export interface DatabaseTable {
  id: number;
  schema: string;
  name: string;
  /** pg_class.reltuples: -1 (never analyzed) shows as 0. */
  rows_estimate: number;
  bytes: number;
  size: string;
  columns: number;
  rls_enabled: boolean;
  comment: string | null;
}

export interface DatabaseColumn {
  position: number;
  name: string;
  type: string;
  default: string | null;
  nullable: boolean;
  primary_key: boolean;
}

export const tablesQuery = (schema: string): Statement => ({
  query: `select c.oid::int as id, n.nspname as schema, c.relname as name, greatest(c.reltuples, 0)::float8 as rows_estimate,
  pg_total_relation_size(c.oid)::float8 as bytes, pg_size_pretty(pg_total_relation_size(c.oid)) as size,
  (select count(*)::int from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
  c.relrowsecurity as rls_enabled, obj_description(c.oid, 'pg_class') as comment
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p')
order by c.relname`,
  parameters: [schema],
});

export const tableColumnsQuery = (schema: string, table: string): Statement => ({
  query: `select a.attnum::int as position, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
  pg_get_expr(d.adbin, d.adrelid) as "default", not a.attnotnull as nullable,
  coalesce(a.attnum = any(i.indkey), false) as primary_key
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
left join pg_index i on i.indrelid = a.attrelid and i.indisprimary
where n.nspname = $1 and c.relname = $2 and a.attnum > 0 and not a.attisdropped
order by a.attnum`,
  parameters: [schema, table],
});

/** "1,234" style counts for the rows estimate. */
export const formatCount = (n: number): string => Math.round(n).toLocaleString('en-US');
