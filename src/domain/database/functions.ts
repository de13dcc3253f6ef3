// Database → Functions (spec A2.6, issue 19): the schema's functions from pg_proc, and the DDL that creates, edits
// and drops one. Names are quoted by pg-format's ident(); types are checked against a strict shape (sql-names.ts);
// the body is the member's own SQL by design, dollar-quoted with a tag it does not contain.
import { ident, qualified, type Statement } from '../table-editor/sql.ts';
import { transaction, type Script } from '../table-editor/ddl.ts';
import { dollarQuote, name, typeName } from './sql-names.ts';

export const FUNCTION_LANGUAGES = ['sql', 'plpgsql'] as const;
export type FunctionLanguage = (typeof FUNCTION_LANGUAGES)[number];

export interface DatabaseFunction {
  id: number;
  schema: string;
  name: string;
  /** pg_get_function_arguments: with names and defaults. */
  arguments: string;
  /** pg_get_function_identity_arguments: what DROP FUNCTION needs. */
  identity_arguments: string;
  return_type: string;
  language: string;
  security_definer: boolean;
  body: string;
  /** The function's own search_path setting, or null. */
  search_path: string | null;
  /** Arguments as name/type pairs (for the editor). */
  argument_list: FunctionArgument[];
}

export interface FunctionArgument {
  name: string;
  type: string;
}

export interface FunctionDraft {
  schema: string;
  name: string;
  language: FunctionLanguage;
  arguments: FunctionArgument[];
  returnType: string;
  body: string;
  securityDefiner: boolean;
  /** Comma-separated schemas; blank: no SET search_path. */
  searchPath: string;
}

/** The schema's own functions (not aggregates or procedures, not an extension's). */
export const functionsQuery = (schema: string): Statement => ({
  query: `select p.oid::int as id, n.nspname as schema, p.proname as name,
  pg_get_function_arguments(p.oid) as arguments, pg_get_function_identity_arguments(p.oid) as identity_arguments,
  pg_get_function_result(p.oid) as return_type, l.lanname as language, p.prosecdef as security_definer, p.prosrc as body,
  (select substr(c, 13) from unnest(p.proconfig) c where c like 'search\\_path=%' limit 1) as search_path,
  coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[i], ''), 'type', format_type(p.proargtypes[i - 1], null)) order by i)
    from generate_series(1, p.pronargs) i), '[]'::json) as argument_list
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_language l on l.oid = p.prolang
where n.nspname = $1 and p.prokind = 'f'
  and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
order by p.proname, p.oid`,
  parameters: [schema],
});

export const emptyFunctionDraft = (schema: string): FunctionDraft => ({
  schema,
  name: '',
  language: 'plpgsql',
  arguments: [],
  returnType: 'void',
  body: 'begin\n\nend;',
  securityDefiner: false,
  searchPath: '',
});

export const draftFromFunction = (fn: DatabaseFunction): FunctionDraft => ({
  schema: fn.schema,
  name: fn.name,
  language: fn.language === 'sql' ? 'sql' : 'plpgsql',
  arguments: fn.argument_list.map((arg) => ({ ...arg })),
  returnType: fn.return_type,
  body: fn.body.replace(/^\n+|\s+$/g, ''),
  securityDefiner: fn.security_definer,
  searchPath: fn.search_path ?? '',
});

/** `a integer, b text` (names optional). */
export function argumentsSql(args: readonly FunctionArgument[]): string {
  return args
    .map((arg, index) => {
      const type = typeName(arg.type, `type for argument ${index + 1}`);
      return arg.name.trim() === '' ? type : `${name(arg.name, 'argument name')} ${type}`;
    })
    .join(', ');
}

/** `set search_path = a, b`, `set search_path = ''` for the empty path (written as ''), or null. */
export function searchPathSql(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (trimmed === "''" || trimmed === '""') return "set search_path = ''";
  return `set search_path = ${trimmed.split(',').map((s) => name(s, 'schema in the search path')).join(', ')}`;
}

function createStatement(draft: FunctionDraft, replace: boolean): string {
  const target = `${ident(draft.schema)}.${name(draft.name, 'name for your function')}`;
  if (!(FUNCTION_LANGUAGES as readonly string[]).includes(draft.language)) throw new Error(`Unknown language ${draft.language}`);
  const lines = [
    `create ${replace ? 'or replace ' : ''}function ${target}(${argumentsSql(draft.arguments)})`,
    `returns ${typeName(draft.returnType, 'return type')}`,
    `language ${draft.language}`,
    draft.securityDefiner ? 'security definer' : 'security invoker',
  ];
  const path = searchPathSql(draft.searchPath);
  if (path) lines.push(path);
  if (draft.body.trim() === '') throw new Error('Please provide a definition for your function');
  lines.push(`as ${dollarQuote(`\n${draft.body.replace(/\s+$/, '')}\n`)}`);
  return lines.join('\n');
}

/** Creates the function (fails if one with the same name and argument types exists). */
export const createFunctionSql = (draft: FunctionDraft): Script => transaction([createStatement(draft, false)]);

/**
 * Saves an edited function: `create or replace` while its schema, name and argument types stay the same; otherwise
 * the old one is dropped and the new one created in one transaction.
 */
export function editFunctionSql(original: DatabaseFunction, draft: FunctionDraft): Script {
  const sameIdentity =
    original.schema === draft.schema &&
    original.name === draft.name.trim() &&
    original.argument_list.map((a) => a.type).join(',') === draft.arguments.map((a) => a.type.trim().replace(/\s+/g, ' ')).join(',');
  if (sameIdentity) return transaction([createStatement(draft, true)]);
  return transaction([dropFunctionStatement(original), createStatement(draft, false)]);
}

const dropFunctionStatement = (fn: Pick<DatabaseFunction, 'schema' | 'name' | 'identity_arguments'>): string =>
  // identity_arguments comes from Postgres itself (pg_get_function_identity_arguments), not from typed text.
  `drop function ${qualified(fn.schema, fn.name)}(${fn.identity_arguments})`;

export const deleteFunctionSql = (fn: Pick<DatabaseFunction, 'schema' | 'name' | 'identity_arguments'>): Script => transaction([dropFunctionStatement(fn)]);
