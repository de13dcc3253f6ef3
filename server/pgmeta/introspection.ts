// Catalog reads for the console's data tools (tables, columns, schemas, functions, types, extensions).
// Everything comes from pg_catalog with bind parameters; nothing from the request is spliced into SQL.

export interface SchemaFilter {
  included?: string[] | undefined;
  excluded?: string[] | undefined;
}

/** Postgres's own schemas are never listed unless asked for by name. */
const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'];

/**
 * A WHERE fragment filtering `column` (a schema name) and its two parameters, numbered from `first`.
 * Temporary and toast schemas are always hidden.
 */
export function schemaFilter(column: string, first: number, filter: SchemaFilter): { sql: string; params: unknown[] } {
  const included = filter.included?.length ? filter.included : null;
  const excluded = [...(included ? [] : SYSTEM_SCHEMAS), ...(filter.excluded ?? [])];
  return {
    sql: `${column} <> all($${first}::text[]) and ($${first + 1}::text[] is null or ${column} = any($${first + 1}::text[]))
      and ${column} !~ '^pg_(toast|temp_|toast_temp_)'`,
    params: [excluded, included],
  };
}

export function tablesSql(where: string, includeColumns: boolean, relkinds = "'r', 'p'"): string {
  return `
select c.oid::int as id, n.nspname as schema, c.relname as name, c.relkind::text as type,
       c.reltuples::float8 as estimated_rows,
       c.relrowsecurity as rls_enabled, c.relforcerowsecurity as rls_forced,
       case c.relreplident when 'd' then 'DEFAULT' when 'i' then 'INDEX' when 'f' then 'FULL' else 'NOTHING' end
         as replica_identity,
       pg_total_relation_size(c.oid)::float8 as bytes, pg_size_pretty(pg_total_relation_size(c.oid)) as size,
       pg_stat_get_live_tuples(c.oid)::float8 as live_rows_estimate,
       pg_stat_get_dead_tuples(c.oid)::float8 as dead_rows_estimate,
       obj_description(c.oid, 'pg_class') as comment,
       coalesce((select json_agg(json_build_object('schema', n.nspname, 'table_name', c.relname,
                                                   'name', a.attname, 'table_id', c.oid::int)
                                 order by array_position(i.indkey::int2[], a.attnum))
                   from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                  where i.indrelid = c.oid and i.indisprimary), '[]'::json) as primary_keys,
       coalesce((select json_agg(json_build_object(
                   'id', con.oid::int, 'constraint_name', con.conname,
                   'source_schema', sn.nspname, 'source_table_name', sc.relname, 'source_column_name', sa.attname,
                   'target_table_schema', tn.nspname, 'target_table_name', tc.relname,
                   'target_column_name', ta.attname))
                   from pg_constraint con
                   cross join lateral unnest(con.conkey, con.confkey) as k(source_attnum, target_attnum)
                   join pg_class sc on sc.oid = con.conrelid join pg_namespace sn on sn.oid = sc.relnamespace
                   join pg_attribute sa on sa.attrelid = con.conrelid and sa.attnum = k.source_attnum
                   join pg_class tc on tc.oid = con.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
                   join pg_attribute ta on ta.attrelid = con.confrelid and ta.attnum = k.target_attnum
                  where con.contype = 'f' and (con.conrelid = c.oid or con.confrelid = c.oid)), '[]'::json)
         as relationships
       ${includeColumns ? `, (${columnsJsonSql('c')}) as columns, (${indexedColumnsSql('c')}) as indexed_columns` : ''}
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where c.relkind in (${relkinds}) and ${where}
 order by n.nspname, c.relname`;
}

const ENTITY_KINDS = "'r', 'v', 'm', 'f', 'p'";

/** One relation of any kind the table editor opens (spec B3), with its columns, keys and relationships. */
export function entitySql(): string {
  return tablesSql('c.oid = $1::oid', true, ENTITY_KINDS);
}

/** The schema and name of a relation the table editor opens, by oid ($1). */
export const ENTITY_NAME_SQL = `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.oid = $1::oid and c.relkind in (${ENTITY_KINDS})`;

/** entitySql by schema ($1) and name ($2): the same relation in a read replica's database (its own oids). */
export function replicaEntitySql(): string {
  return tablesSql('n.nspname = $1::text and c.relname = $2::text', true, ENTITY_KINDS);
}

/**
 * The columns that lead a plain btree index of relation alias `rel` (no partial or expression index): the grid's
 * page query reads a nullable sorted column in two zones only when an index serves each (issue 25).
 */
function indexedColumnsSql(rel: string): string {
  return `select coalesce(json_agg(distinct a.attname), '[]'::json)
            from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_am am on am.oid = ic.relam
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
           where i.indrelid = ${rel}.oid and am.amname = 'btree' and i.indpred is null and i.indkey[0] > 0`;
}

/** Columns of relation alias `rel` as a JSON array (same shape as the /columns endpoint). */
function columnsJsonSql(rel: string): string {
  return `select coalesce(json_agg(col order by col.ordinal_position), '[]'::json)
            from (${columnsSql(`a.attrelid = ${rel}.oid`)}) col`;
}

/** Column rows; aliases rc (relation) and rn (its schema) are free for `where`. */
export function columnsSql(where: string): string {
  return `
select rc.oid::int as table_id, rn.nspname as schema, rc.relname as table, rc.oid::int || '.' || a.attnum as id,
       a.attnum::int as ordinal_position, a.attname as name,
       pg_get_expr(ad.adbin, ad.adrelid) as default_value,
       case when t.typtype = 'e' or (t.typtype in ('b', 'c', 'd') and tn.nspname not in ('pg_catalog', 'information_schema'))
            then 'USER-DEFINED' when t.typcategory = 'A' then 'ARRAY' else format_type(a.atttypid, null) end as data_type,
       t.typname as format,
       a.attidentity <> '' as is_identity,
       case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity_generation,
       a.attgenerated <> '' as is_generated,
       not a.attnotnull as is_nullable,
       (rc.relkind in ('r', 'p', 'f') and a.attgenerated = '') or pg_column_is_updatable(rc.oid, a.attnum, false)
         as is_updatable,
       exists (select 1 from pg_index i where i.indrelid = rc.oid and i.indisunique and i.indnatts = 1
                 and i.indkey[0] = a.attnum) as is_unique,
       array_to_json(array(select e.enumlabel from pg_enum e where e.enumtypid = a.atttypid
                            order by e.enumsortorder)) as enums,
       (select pg_get_constraintdef(con.oid) from pg_constraint con
         where con.conrelid = rc.oid and con.contype = 'c' and con.conkey = array[a.attnum] limit 1) as "check",
       col_description(rc.oid, a.attnum) as comment
  from pg_attribute a
  join pg_class rc on rc.oid = a.attrelid join pg_namespace rn on rn.oid = rc.relnamespace
  join pg_type t on t.oid = a.atttypid join pg_namespace tn on tn.oid = t.typnamespace
  left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
 where a.attnum > 0 and not a.attisdropped and rc.relkind in ('r', 'p', 'v', 'm', 'f') and ${where}`;
}

export function schemasSql(where: string): string {
  return `select n.oid::int as id, n.nspname as name, pg_get_userbyid(n.nspowner) as owner
            from pg_namespace n where ${where} order by n.nspname`;
}

export function functionsSql(where: string): string {
  return `
select p.oid::int as id, n.nspname as schema, p.proname as name, l.lanname as language,
       case when l.lanname = 'internal' then '' else p.prosrc end as definition,
       pg_get_functiondef(p.oid) as complete_statement,
       pg_get_function_arguments(p.oid) as argument_types,
       pg_get_function_identity_arguments(p.oid) as identity_argument_types,
       pg_get_function_result(p.oid) as return_type,
       p.prorettype::int as return_type_id,
       p.proretset as is_set_returning_function,
       case p.provolatile when 'i' then 'IMMUTABLE' when 's' then 'STABLE' else 'VOLATILE' end as behavior,
       p.prosecdef as security_definer,
       coalesce((select json_agg(json_build_object(
                   'mode', case x.mode when 'o' then 'out' when 'b' then 'inout' when 'v' then 'variadic'
                                       when 't' then 'table' else 'in' end,
                   'name', coalesce(x.name, ''), 'type_id', x.type_id::int,
                   'has_default', p.proallargtypes is null and x.ord > p.pronargs - p.pronargdefaults)
                   order by x.ord)
                   from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes, p.proargnames)
                        with ordinality as x(type_id, mode, name, ord)
                  where x.type_id is not null), '[]'::json) as args
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
 where p.prokind in ('f', 'p') and ${where}
   -- Functions that belong to an extension are the extension's, not the project's.
   and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
 order by n.nspname, p.proname, p.oid`;
}

export function typesSql(where: string): string {
  return `
select t.oid::int as id, t.typname as name, n.nspname as schema, format_type(t.oid, null) as format,
       array_to_json(array(select e.enumlabel from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder))
         as enums,
       coalesce((select json_agg(json_build_object('name', a.attname, 'type_id', a.atttypid::int) order by a.attnum)
                   from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped),
                '[]'::json) as attributes,
       obj_description(t.oid, 'pg_type') as comment
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
 where (t.typrelid = 0 or exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind = 'c'))
   and not exists (select 1 from pg_type el where el.oid = t.typelem and el.typarray = t.oid)
   and ${where}
 order by n.nspname, t.typname`;
}

export const EXTENSIONS_SQL = `
select e.name, n.nspname as schema, e.default_version, x.extversion as installed_version, e.comment
  from pg_available_extensions e
  left join pg_extension x on x.extname = e.name
  left join pg_namespace n on n.oid = x.extnamespace
 order by e.name`;
