// Database → Schema Visualizer (spec A2.6, issue 19): one schema's tables with their columns and keys, and its
// foreign keys, read in one query; and the schema's DDL (tables, then foreign keys) for "Export as SQL". Names are
// quoted by pg-format's ident(); types and defaults are Postgres's own text (format_type, pg_get_expr).
import { ident, qualified, type Statement } from '../table-editor/sql.ts';

export interface GraphColumn {
  name: string;
  type: string;
  nullable: boolean;
  default: string | null;
  primary_key: boolean;
}

export interface GraphTable {
  name: string;
  columns: GraphColumn[];
}

export interface GraphForeignKey {
  name: string;
  source: string;
  source_columns: string[];
  target_schema: string;
  target: string;
  target_columns: string[];
}

export interface SchemaGraph {
  schema: string;
  tables: GraphTable[];
  foreign_keys: GraphForeignKey[];
}

export const schemaGraphQuery = (schema: string): Statement => ({
  query: `select
  coalesce((select json_agg(json_build_object('name', c.relname, 'columns', coalesce((
      select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'nullable', not a.attnotnull,
        'default', pg_get_expr(d.adbin, d.adrelid), 'primary_key', coalesce(a.attnum = any(i.indkey), false)) order by a.attnum)
      from pg_attribute a
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      left join pg_index i on i.indrelid = a.attrelid and i.indisprimary
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json)) order by c.relname)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind in ('r', 'p')), '[]'::json) as tables,
  coalesce((select json_agg(json_build_object('name', con.conname, 'source', c.relname,
      'source_columns', (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(num, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num),
      'target_schema', tn.nspname, 'target', tc.relname,
      'target_columns', (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(num, ord)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num)) order by c.relname, con.conname)
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_class tc on tc.oid = con.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
    where con.contype = 'f' and n.nspname = $1), '[]'::json) as foreign_keys`,
  parameters: [schema],
});

const columnList = (names: readonly string[]): string => names.map((n) => ident(n)).join(', ');

/** The schema's DDL: every table (columns, defaults, not null, primary key), then every foreign key. */
export function schemaDdl(graph: SchemaGraph): string {
  const parts: string[] = [`-- Schema ${graph.schema}: ${graph.tables.length} tables, ${graph.foreign_keys.length} foreign keys`];
  if (graph.schema !== 'public') parts.push(`create schema if not exists ${ident(graph.schema)};`);
  for (const table of graph.tables) {
    const lines = table.columns.map((column) => {
      const bits = [`  ${ident(column.name)} ${column.type}`];
      if (column.default !== null) bits.push(`default ${column.default}`);
      if (!column.nullable) bits.push('not null');
      return bits.join(' ');
    });
    const key = table.columns.filter((c) => c.primary_key).map((c) => c.name);
    if (key.length > 0) lines.push(`  primary key (${columnList(key)})`);
    parts.push(`create table ${qualified(graph.schema, table.name)} (\n${lines.join(',\n')}\n);`);
  }
  for (const fk of graph.foreign_keys) {
    parts.push(
      `alter table ${qualified(graph.schema, fk.source)} add constraint ${ident(fk.name)} foreign key (${columnList(fk.source_columns)}) references ${qualified(fk.target_schema, fk.target)} (${columnList(fk.target_columns)});`,
    );
  }
  return `${parts.join('\n\n')}\n`;
}

/** The key markers of a table's column: 'PK', 'FK', both, or none ('' ). */
export function keyMarker(table: GraphTable, column: GraphColumn, fks: readonly GraphForeignKey[]): string {
  const fk = fks.some((k) => k.source === table.name && k.source_columns.includes(column.name));
  return [column.primary_key ? 'PK' : '', fk ? 'FK' : ''].filter(Boolean).join(' ');
}
