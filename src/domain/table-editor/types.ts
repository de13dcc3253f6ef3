// Shapes shared by the table editor's parts (spec B2.1, B3): the table list, the grid, the side panels, CSV import
// and export. The catalog shapes are those of the platform's pg-meta endpoints (server/pgmeta/introspection.ts).
import type { TableTabType } from '../editor-tabs.ts';

/** A table list entry. spec B3 */
export interface TableEntity {
  id: number;
  schema: string;
  name: string;
  /** relkind: r table, v view, m materialized view, f foreign table, p partitioned table. spec B3 */
  type: TableTabType;
  comment: string | null;
  rls_enabled: boolean;
}

/** The table list response: one page and the count for the query. spec B3, B7 */
export interface TableListPage {
  entities: TableEntity[];
  count: number;
}

/** A column as GET /pg-meta/{ref}/columns returns it. */
export interface ColumnInfo {
  table_id: number;
  schema: string;
  table: string;
  /** `${table_id}.${attnum}` */
  id: string;
  ordinal_position: number;
  name: string;
  default_value: string | null;
  /** format_type(), 'ARRAY' or 'USER-DEFINED' */
  data_type: string;
  /** pg_type.typname: int8, text, jsonb, _int4 (arrays), the enum's name… */
  format: string;
  is_identity: boolean;
  identity_generation: 'ALWAYS' | 'BY DEFAULT' | null;
  is_generated: boolean;
  is_nullable: boolean;
  is_updatable: boolean;
  is_unique: boolean;
  enums: string[];
  check: string | null;
  comment: string | null;
}

/** One column pair of a foreign key, seen from either end. */
export interface Relationship {
  id: number;
  constraint_name: string;
  source_schema: string;
  source_table_name: string;
  source_column_name: string;
  target_table_schema: string;
  target_table_name: string;
  target_column_name: string;
}

/** Everything the grid and the panels need about one relation: GET /pg-meta/{ref}/entities/{id}. */
export interface TableMeta extends TableEntity {
  /** Primary key columns in key order (empty for views and tables without one). */
  primary_keys: string[];
  /** Foreign keys from this relation and to it (reverse references). */
  relationships: Relationship[];
  columns: ColumnInfo[];
  /** pg_class.reltuples (-1 when never analysed). */
  estimated_rows: number;
  /** Columns leading a plain btree index (the page query's plan depends on it: rows.ts `pageSql`). */
  indexed_columns?: string[];
}

/** Row filter operators (URL and SQL). */
export const FILTER_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** `is` takes one of these words instead of a value. */
export const IS_VALUES = ['null', 'not null', 'true', 'false'] as const;

export interface RowFilter {
  column: string;
  operator: FilterOperator;
  /** The value as typed; for `in` a comma-separated list; for `is` one of IS_VALUES. */
  value: string;
}

export interface RowSort {
  column: string;
  ascending: boolean;
}

/** A row as the grid holds it: column name → value as JSON gives it (text for big values cut on the wire). */
export type Row = Record<string, unknown>;
