// The advisors' lints (issue 19; spec A2.4, A3 "Advisor lint"): each one SQL over the project's catalog, answering one
// row per affected object with the detail naming it, the SQL that fixes it (identifiers quoted by format('%I') in the
// query itself, from catalog names, never from request text) and a fingerprint: a hash of the catalog rows that
// define the object, so a dismissed finding comes back once the object changes. The only parameter is the exposed
// schemas (the Data API setting, $1).
import type pg from 'pg';
import { readRetryingDrops } from '../db/concurrentDrop.ts';
import type { AdvisorCategory, AdvisorLevel, AdvisorLintName } from '../../src/domain/advisors.ts';

export interface LintDefinition {
  name: AdvisorLintName;
  title: string;
  level: AdvisorLevel;
  categories: AdvisorCategory[];
  description: string;
  /** Rows: schema, name, type, object_key, detail, fix_sql, fingerprint. */
  sql: string;
}

export interface LintRow {
  schema: string;
  name: string;
  type: string;
  object_key: string;
  detail: string;
  fix_sql: string;
  fingerprint: string;
}

/** Schemas that belong to Postgres or the platform, never linted. */
const userSchema = (column: string) =>
  `(${column} not in ('information_schema', 'auth', 'storage', 'extensions', 'graphql', 'graphql_public', 'realtime', 'vault', 'net', 'cron')
    and ${column} !~ '^(pg_|strata_)')`;

/** Not created by an extension (its objects are the extension's business). */
const notFromExtension = (oid: string, catalog: string) =>
  `not exists (select 1 from pg_depend dep where dep.classid = '${catalog}'::regclass and dep.objid = ${oid} and dep.deptype = 'e')`;

/** A hash of a table's definition: name, kind, RLS flags and its columns with their types. */
const tableFingerprint = (c: string) => `md5(concat_ws('|', ${c}.oid, ${c}.relname, ${c}.relkind, ${c}.relrowsecurity, ${c}.relforcerowsecurity,
  (select string_agg(a.attname || ':' || format_type(a.atttypid, a.atttypmod), ',' order by a.attnum)
     from pg_attribute a where a.attrelid = ${c}.oid and a.attnum > 0 and not a.attisdropped)))`;

export const LINTS: readonly LintDefinition[] = [
  {
    name: 'rls_disabled_in_public',
    title: 'RLS Disabled in Public',
    level: 'ERROR',
    categories: ['SECURITY'],
    description:
      'Detects tables in a schema exposed through the Data API that do not have Row Level Security enabled: anyone with the anon key can read and write every row.',
    sql: `select n.nspname as schema, c.relname as name, 'table' as type, format('%I.%I', n.nspname, c.relname) as object_key,
        format('Table %I.%I is public, but RLS has not been enabled.', n.nspname, c.relname) as detail,
        format('alter table %I.%I enable row level security;', n.nspname, c.relname) as fix_sql,
        ${tableFingerprint('c')} as fingerprint
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relrowsecurity and n.nspname = any($1::text[])
       and ${notFromExtension('c.oid', 'pg_class')}`,
  },
  {
    name: 'policy_exists_rls_disabled',
    title: 'Policy Exists RLS Disabled',
    level: 'ERROR',
    categories: ['SECURITY'],
    description: 'Detects tables that have Row Level Security policies while RLS is disabled on the table: the policies are not applied.',
    sql: `select n.nspname as schema, c.relname as name, 'table' as type, format('%I.%I', n.nspname, c.relname) as object_key,
        format('Table %I.%I has RLS policies but RLS is not enabled on the table. Policies include %s.', n.nspname, c.relname,
          (select string_agg(quote_ident(p.polname), ', ' order by p.polname) from pg_policy p where p.polrelid = c.oid)) as detail,
        format('alter table %I.%I enable row level security;', n.nspname, c.relname) as fix_sql,
        md5(${tableFingerprint('c')} || (select string_agg(p.polname || coalesce(pg_get_expr(p.polqual, p.polrelid), ''), ',' order by p.polname)
          from pg_policy p where p.polrelid = c.oid)) as fingerprint
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relrowsecurity and ${userSchema('n.nspname')}
       and exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
  },
  {
    name: 'security_definer_view',
    title: 'Security Definer View',
    level: 'ERROR',
    categories: ['SECURITY'],
    description:
      "Detects views in an exposed schema that run with their owner's permissions (without security_invoker): they bypass the Row Level Security policies of the querying user.",
    sql: `select n.nspname as schema, c.relname as name, 'view' as type, format('%I.%I', n.nspname, c.relname) as object_key,
        format('View %I.%I is defined with the SECURITY DEFINER property.', n.nspname, c.relname) as detail,
        format('alter view %I.%I set (security_invoker = on);', n.nspname, c.relname) as fix_sql,
        md5(concat_ws('|', c.oid, c.relname, c.reloptions::text, pg_get_viewdef(c.oid))) as fingerprint
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'v' and n.nspname = any($1::text[]) and ${notFromExtension('c.oid', 'pg_class')}
       and not exists (select 1 from unnest(coalesce(c.reloptions, '{}')) o where lower(o) ~ '^security_invoker=(true|on|yes|1)$')`,
  },
  {
    name: 'function_search_path_mutable',
    title: 'Function Search Path Mutable',
    level: 'WARN',
    categories: ['SECURITY'],
    description:
      'Detects functions whose search_path is not set: a caller can place objects earlier on the search path and change what the function runs.',
    sql: `select n.nspname as schema, p.proname as name, 'function' as type,
        format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as object_key,
        format('Function %I.%I has a role mutable search_path.', n.nspname, p.proname) as detail,
        format('alter %s %I.%I(%s) set search_path = '''';', case p.prokind when 'p' then 'procedure' else 'function' end,
          n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as fix_sql,
        md5(concat_ws('|', p.oid, p.proname, p.prosrc, p.prosecdef, p.proconfig::text, pg_get_function_identity_arguments(p.oid))) as fingerprint
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where p.prokind in ('f', 'p') and ${userSchema('n.nspname')} and ${notFromExtension('p.oid', 'pg_proc')}
       and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,
  },
  {
    name: 'extension_in_public',
    title: 'Extension in Public',
    level: 'WARN',
    categories: ['SECURITY'],
    description: 'Detects extensions installed in the public schema, where their objects are exposed through the Data API.',
    sql: `select 'public' as schema, e.extname as name, 'extension' as type, e.extname as object_key,
        format('Extension %I is installed in the public schema. Move it to another schema.', e.extname) as detail,
        -- Dropped and created again rather than ALTER EXTENSION … SET SCHEMA, which needs ownership of every member
        -- object (a trusted extension's belong to the superuser). No CASCADE: objects using it make the fix fail, visibly.
        format(E'create schema if not exists extensions;\\ndrop extension %I;\\ncreate extension %I with schema extensions;', e.extname, e.extname) as fix_sql,
        md5(concat_ws('|', e.oid, e.extname, e.extversion, e.extnamespace)) as fingerprint
      from pg_extension e
     where e.extnamespace = 'public'::regnamespace`,
  },
  {
    name: 'auth_users_exposed',
    title: 'Exposed Auth Users',
    level: 'ERROR',
    categories: ['SECURITY'],
    description:
      "Detects views in an exposed schema that read auth.users and that the anon or authenticated role may select: they can expose the project's users' personal data.",
    sql: `select n.nspname as schema, c.relname as name, case c.relkind when 'm' then 'materialized view' else 'view' end as type,
        format('%I.%I', n.nspname, c.relname) as object_key,
        format('View %I.%I may expose auth.users data to the anon or authenticated roles.', n.nspname, c.relname) as detail,
        format('revoke all on %I.%I from anon, authenticated, public;', n.nspname, c.relname) as fix_sql,
        md5(concat_ws('|', c.oid, c.relname, c.relacl::text, pg_get_viewdef(c.oid))) as fingerprint
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('v', 'm') and n.nspname = any($1::text[])
       and exists (
         select 1 from pg_rewrite r join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid
          where r.ev_class = c.oid and d.refclassid = 'pg_class'::regclass and d.refobjid = to_regclass('auth.users'))
       and exists (
         select 1 from pg_roles ro where ro.rolname in ('anon', 'authenticated') and has_table_privilege(ro.oid, c.oid, 'SELECT'))`,
  },
  {
    name: 'no_primary_key',
    title: 'No Primary Key',
    level: 'INFO',
    categories: ['PERFORMANCE'],
    description: 'Detects tables without a primary key: rows cannot be told apart efficiently, and replication and the table editor need one.',
    sql: `select n.nspname as schema, c.relname as name, 'table' as type, format('%I.%I', n.nspname, c.relname) as object_key,
        format('Table %I.%I does not have a primary key.', n.nspname, c.relname) as detail,
        case when exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped)
          then format('alter table %I.%I add primary key (id);', n.nspname, c.relname)
          else format('alter table %I.%I add column id bigint generated always as identity primary key;', n.nspname, c.relname) end as fix_sql,
        ${tableFingerprint('c')} as fingerprint
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and ${userSchema('n.nspname')} and ${notFromExtension('c.oid', 'pg_class')}
       and not exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'p')`,
  },
  {
    name: 'unindexed_foreign_keys',
    title: 'Unindexed foreign keys',
    level: 'INFO',
    categories: ['PERFORMANCE'],
    description: 'Detects foreign keys without an index on their columns: joins and deletes of the referenced rows scan the whole table.',
    sql: `select n.nspname as schema, c.relname as name, 'table' as type,
        format('%I.%I.%I', n.nspname, c.relname, k.conname) as object_key,
        format('Table %I.%I has a foreign key %I without a covering index.', n.nspname, c.relname, k.conname) as detail,
        format('create index on %I.%I (%s);', n.nspname, c.relname,
          (select string_agg(quote_ident(a.attname), ', ' order by u.ord)
             from unnest(k.conkey) with ordinality u(attnum, ord) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum)) as fix_sql,
        md5(concat_ws('|', k.oid, k.conname, pg_get_constraintdef(k.oid))) as fingerprint
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and ${userSchema('n.nspname')} and ${notFromExtension('c.oid', 'pg_class')}
       and not exists (
         select 1 from pg_index i
          where i.indrelid = k.conrelid
            and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(k.conkey)] @> k.conkey
            and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(k.conkey)] <@ k.conkey)`,
  },
  {
    name: 'unused_index',
    title: 'Unused Index',
    level: 'INFO',
    categories: ['PERFORMANCE'],
    description: 'Detects indexes that have never been used since statistics were last reset: they slow down writes and take space.',
    sql: `select n.nspname as schema, ic.relname as name, 'index' as type, format('%I.%I', n.nspname, ic.relname) as object_key,
        format('Index %I on table %I.%I has not been used.', ic.relname, n.nspname, c.relname) as detail,
        format('drop index %I.%I;', n.nspname, ic.relname) as fix_sql,
        md5(concat_ws('|', ic.oid, ic.relname, pg_get_indexdef(ic.oid))) as fingerprint
      from pg_stat_user_indexes s
      join pg_index i on i.indexrelid = s.indexrelid
      join pg_class ic on ic.oid = i.indexrelid
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
     where s.idx_scan = 0 and not i.indisunique and not i.indisprimary and ${userSchema('n.nspname')}
       and ${notFromExtension('c.oid', 'pg_class')}
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  },
  {
    name: 'duplicate_index',
    title: 'Duplicate Index',
    level: 'WARN',
    categories: ['PERFORMANCE'],
    description: 'Detects identical indexes on the same table: one is enough, the others slow down writes and take space.',
    sql: `with idx as (
        select n.nspname, c.relname as table_name, ic.relname as index_name, i.indisprimary, i.indisunique,
          exists (select 1 from pg_constraint k where k.conindid = i.indexrelid) as backs_constraint,
          concat_ws('|', i.indrelid, i.indkey::text, i.indclass::text, i.indcollation::text, am.amname,
            coalesce(pg_get_expr(i.indexprs, i.indrelid), ''), coalesce(pg_get_expr(i.indpred, i.indrelid), '')) as signature,
          pg_get_indexdef(i.indexrelid) as def
          from pg_index i
          join pg_class ic on ic.oid = i.indexrelid
          join pg_am am on am.oid = ic.relam
          join pg_class c on c.oid = i.indrelid
          join pg_namespace n on n.oid = c.relnamespace
         where ${userSchema('n.nspname')} and ${notFromExtension('c.oid', 'pg_class')}
      ), ranked as (
        select *, row_number() over (partition by signature order by backs_constraint desc, indisprimary desc, indisunique desc, index_name) as rank,
          count(*) over (partition by signature) as copies
          from idx
      )
      select nspname as schema, table_name as name, 'table' as type,
        format('%I.%I(%s)', nspname, table_name, string_agg(quote_ident(index_name), ',' order by index_name)) as object_key,
        format('Table %I.%I has identical indexes %s.', nspname, table_name, string_agg(quote_ident(index_name), ', ' order by index_name)) as detail,
        string_agg(format('drop index %I.%I;', nspname, index_name), E'\\n' order by index_name) filter (where rank > 1) as fix_sql,
        md5(string_agg(def, '|' order by index_name)) as fingerprint
        from ranked where copies > 1
       group by nspname, table_name, signature`,
  },
];

export interface Finding extends LintRow {
  lint: LintDefinition;
}

/**
 * Runs every lint in one read-only transaction on `client` (a connection to the project's database), again from the
 * start when an object the lints were reading was dropped meanwhile (server/db/concurrentDrop.ts).
 */
export async function runLints(client: pg.ClientBase, exposedSchemas: string[]): Promise<Finding[]> {
  return readRetryingDrops(() => runLintsOnce(client, exposedSchemas));
}

async function runLintsOnce(client: pg.ClientBase, exposedSchemas: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  await client.query('begin read only');
  try {
    await client.query("set local statement_timeout = '20s'");
    for (const lint of LINTS) {
      const params = lint.sql.includes('$1') ? [exposedSchemas] : [];
      const { rows } = await client.query<LintRow>(lint.sql, params);
      for (const row of rows) findings.push({ ...row, lint });
    }
  } finally {
    await client.query('rollback').catch(() => {});
  }
  return findings;
}
