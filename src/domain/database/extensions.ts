// Database → Extensions (spec A2.6, issue 19): what the server ships (pg_available_extensions) with the installed
// version and schema; enable one into a chosen schema (created if missing), disable one (drop; its dependents are
// listed first, and CASCADE is added only when the member ticks it). Identifiers and literals quoted by pg-format.
import { ident, literal, type Statement } from '../table-editor/sql.ts';
import { transaction, type Script } from '../table-editor/ddl.ts';

export interface ExtensionRow {
  name: string;
  comment: string | null;
  default_version: string | null;
  /** Null when not enabled. */
  installed_version: string | null;
  schema: string | null;
}

export const extensionsQuery: Statement = {
  query: `select a.name, a.comment, a.default_version, e.extversion as installed_version, n.nspname as schema
from pg_available_extensions a
left join pg_extension e on e.extname = a.name
left join pg_namespace n on n.oid = e.extnamespace
order by a.name`,
  parameters: [],
};

/**
 * What would go with the extension: objects outside it that depend on its members (a column of its type, a view
 * using its function…) and extensions that require it. Described by Postgres (pg_describe_object), at most 50.
 */
export function extensionDependentsQuery(name: string): Statement {
  return {
    query: `with ext as (select oid from pg_extension where extname = $1),
members as (select m.classid, m.objid from pg_depend m, ext where m.refclassid = 'pg_extension'::regclass and m.refobjid = ext.oid and m.deptype = 'e')
select distinct pg_describe_object(d.classid, d.objid, d.objsubid) as object
from pg_depend d join members m on d.refclassid = m.classid and d.refobjid = m.objid
where d.deptype = 'n' and not exists (select 1 from members x where x.classid = d.classid and x.objid = d.objid)
union
select 'extension ' || e.extname from pg_depend d join pg_extension e on e.oid = d.objid, ext
where d.classid = 'pg_extension'::regclass and d.refclassid = 'pg_extension'::regclass and d.refobjid = ext.oid and d.deptype = 'n'
order by 1
limit 50`,
    parameters: [name],
  };
}

export interface EnableExtensionDraft {
  name: string;
  schema: string;
  /** Empty: the default version. */
  version: string;
}

/** Why the draft cannot run yet, or null. */
export function enableExtensionProblem(draft: EnableExtensionDraft): string | null {
  if (draft.schema.trim() === '') return 'Please choose or name a schema';
  if (draft.schema.trim().length > 63) return 'A schema name is at most 63 characters';
  return null;
}

/**
 * create schema if not exists "s"; create extension "name" with schema "s" [version 'v'] cascade — CASCADE here
 * installs the extensions it requires (earthdistance needs cube), it drops nothing.
 */
export function enableExtensionScript(draft: EnableExtensionDraft): Script {
  const problem = enableExtensionProblem(draft);
  if (problem) throw new Error(problem);
  const schema = draft.schema.trim();
  const version = draft.version.trim() === '' ? '' : ` version ${literal(draft.version.trim())}`;
  return transaction([
    `create schema if not exists ${ident(schema)}`,
    `create extension if not exists ${ident(draft.name)} with schema ${ident(schema)}${version} cascade`,
  ]);
}

/** drop extension "name" — with CASCADE only when asked: it drops every dependent object too. */
export const disableExtensionScript = (name: string, cascade: boolean): Script =>
  transaction([`drop extension if exists ${ident(name)}${cascade ? ' cascade' : ''}`]);

export type ExtensionFilter = 'all' | 'enabled' | 'disabled';

export const filterExtensions = (rows: readonly ExtensionRow[], search: string, filter: ExtensionFilter): ExtensionRow[] => {
  const needle = search.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (filter === 'all' || (filter === 'enabled') === (row.installed_version !== null)) &&
      (needle === '' || row.name.toLowerCase().includes(needle) || (row.comment ?? '').toLowerCase().includes(needle)),
  );
};

/** The schema the enable dialog proposes: `extensions` (keeps public clean; the advisor flags extensions in public). */
export const DEFAULT_EXTENSION_SCHEMA = 'extensions';
