// Object-level merge conflicts (issue 20, spec A4.4): a fingerprint of every user object of a project's database —
// tables (columns, defaults, constraints, indexes, policies, triggers, RLS), views, materialized views, sequences,
// functions and procedures, enum / composite / domain types — so a merge can tell which objects changed on each side
// since the branch was made. The branch's copy of the parent right after the clone IS the parent at the branch point:
// its fingerprints are stored in the branch database (strata_migrations.branch_base, server/branches/clone.ts).
// A conflict is an object whose fingerprint changed on the branch AND on the parent, to different definitions.
import type pg from 'pg';
import { readRetryingDrops } from '../db/concurrentDrop.ts';
import { MIGRATIONS_SCHEMA } from '../../src/domain/database/migrations.ts';
import type { MergeConflict } from '../../src/domain/branches/merge.ts';

export const BRANCH_BASE_TABLE = `${MIGRATIONS_SCHEMA}.branch_base`;

interface Queryable {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

// Objects of extensions and of the platform's schemas are not the user's: left out.
const USER_NAMESPACE = `n.nspname not in ('pg_catalog', 'information_schema', 'auth', '${MIGRATIONS_SCHEMA}')
  and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;
const notExtension = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

const FINGERPRINTS = `
select kind, name, md5(definition) as fingerprint from (
  select case c.relkind when 'r' then 'table' when 'p' then 'table' when 'v' then 'view' when 'm' then 'materialized view'
           when 'S' then 'sequence' when 'f' then 'foreign table' when 'c' then 'type' end as kind,
         format('%I.%I', n.nspname, c.relname) as name,
         concat_ws(E'\\n',
           c.relrowsecurity::text,
           (select string_agg(format('%s %s %s %s %s', a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attidentity,
                     pg_get_expr(ad.adbin, ad.adrelid)), ', ' order by a.attnum)
              from pg_attribute a left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
           (select string_agg(format('%s %s', co.conname, pg_get_constraintdef(co.oid)), ', ' order by co.conname) from pg_constraint co where co.conrelid = c.oid),
           (select string_agg(pg_get_indexdef(i.indexrelid), ', ' order by 1) from pg_index i where i.indrelid = c.oid),
           (select string_agg(format('%s %s %s %s %s', p.polname, p.polcmd, p.polpermissive, pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid)), ', ' order by p.polname)
              from pg_policy p where p.polrelid = c.oid),
           (select string_agg(pg_get_triggerdef(t.oid), ', ' order by t.tgname) from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal),
           case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end,
           (select format('%s %s %s', format_type(s.seqtypid, null), s.seqincrement, s.seqcycle) from pg_sequence s where s.seqrelid = c.oid)
         ) as definition
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'c') and ${USER_NAMESPACE} and ${notExtension('pg_class', 'c.oid')}
     and not (c.relkind = 'c' and exists (select 1 from pg_type t where t.typrelid = c.oid and t.typtype <> 'c'))
  union all
  select case p.prokind when 'p' then 'procedure' else 'function' end,
         format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
         pg_get_functiondef(p.oid)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where p.prokind in ('f', 'p') and ${USER_NAMESPACE} and ${notExtension('pg_proc', 'p.oid')}
  union all
  select 'type', format('%I.%I', n.nspname, t.typname),
         case t.typtype
           when 'e' then (select string_agg(e.enumlabel, ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)
           else concat_ws(' ', format_type(t.typbasetype, t.typtypmod), t.typnotnull::text,
                  (select string_agg(pg_get_constraintdef(co.oid), ', ' order by co.conname) from pg_constraint co where co.contypid = t.oid))
         end
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
   where t.typtype in ('e', 'd') and ${USER_NAMESPACE} and ${notExtension('pg_type', 't.oid')}
) objects where kind is not null`;

export type Fingerprints = Map<string, string>;
// kind|name: a kind never holds '|' (a quoted name may).
const keyOf = (kind: string, name: string) => `${kind}|${name}`;

/** Every object's fingerprint, read again when one is dropped during the read (server/db/concurrentDrop.ts). */
export async function catalogFingerprints(db: Queryable): Promise<Fingerprints> {
  const { rows } = await readRetryingDrops(() => db.query<{ kind: string; name: string; fingerprint: string }>(FINGERPRINTS));
  return new Map(rows.map((row) => [keyOf(row.kind, row.name), row.fingerprint]));
}

/**
 * Stores the branch point's fingerprints in the (just cloned) branch database, as the platform (the table is not the
 * tenant's). The migrations schema, when the parent had none, is made the branch owner's: its migrations go there.
 * Idempotent.
 */
export async function storeBranchBase(db: Queryable & { escapeIdentifier(name: string): string }, owner: string): Promise<void> {
  await db.query(`create schema if not exists ${MIGRATIONS_SCHEMA} authorization ${db.escapeIdentifier(owner)}`);
  await db.query(`create table if not exists ${BRANCH_BASE_TABLE} (object text primary key, fingerprint text not null)`);
  await db.query(`truncate ${BRANCH_BASE_TABLE}`);
  const base = await catalogFingerprints(db);
  if (base.size === 0) return;
  await db.query(`insert into ${BRANCH_BASE_TABLE} (object, fingerprint) select * from unnest($1::text[], $2::text[])`, [[...base.keys()], [...base.values()]]);
}

/** The branch point's fingerprints, or null for a branch made before they were stored. */
export async function readBranchBase(db: Queryable): Promise<Fingerprints | null> {
  const exists = await db.query<{ t: boolean }>('select to_regclass($1) is not null as t', [BRANCH_BASE_TABLE]);
  if (!exists.rows[0]?.t) return null;
  const { rows } = await db.query<{ object: string; fingerprint: string }>(`select object, fingerprint from ${BRANCH_BASE_TABLE}`);
  return new Map(rows.map((row) => [row.object, row.fingerprint]));
}

/** Objects changed (made, altered or dropped) on both sides since the base, to different definitions. */
export function bothSidesChanged(base: Fingerprints, branch: Fingerprints, parent: Fingerprints): MergeConflict[] {
  const keys = new Set([...base.keys(), ...branch.keys(), ...parent.keys()]);
  const conflicts: MergeConflict[] = [];
  for (const key of keys) {
    const was = base.get(key);
    const mine = branch.get(key);
    const theirs = parent.get(key);
    if (mine !== was && theirs !== was && mine !== theirs) {
      const bar = key.indexOf('|');
      conflicts.push({ kind: key.slice(0, bar), name: key.slice(bar + 1) });
    }
  }
  return conflicts.sort((a, b) => a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind));
}
