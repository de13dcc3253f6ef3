// Database → Enumerated Types (spec A2.6, issue 19): the schema's enums with their values in order, and the DDL that
// creates one, adds and renames a value, and drops one. Names by ident(), values by literal() (pg-format).
import { ident, literal, qualified, type Statement } from '../table-editor/sql.ts';
import { transaction, type Script } from '../table-editor/ddl.ts';
import { name } from './sql-names.ts';

export interface EnumType {
  id: number;
  schema: string;
  name: string;
  values: string[];
}

export const enumsQuery = (schema: string): Statement => ({
  query: `select t.oid::int as id, n.nspname as schema, t.typname as name,
  coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '[]'::json) as values
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where t.typtype = 'e' and n.nspname = $1
  and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')
order by t.typname`,
  parameters: [schema],
});

/** Postgres's limit on an enum label (NAMEDATALEN - 1 bytes). */
export const ENUM_LABEL_MAX_BYTES = 63;

function label(value: string): string {
  if (value === '') throw new Error('A value cannot be empty');
  if (new TextEncoder().encode(value).length > ENUM_LABEL_MAX_BYTES) throw new Error(`The value "${value}" is longer than ${ENUM_LABEL_MAX_BYTES} bytes`);
  return literal(value);
}

export function createEnumSql(schema: string, typeName: string, values: readonly string[]): Script {
  const target = `${ident(schema)}.${name(typeName, 'name for your type')}`;
  const kept = values.map((v) => v.trim());
  if (kept.length === 0 || kept.every((v) => v === '')) throw new Error('Please provide at least one value');
  const seen = new Set<string>();
  for (const v of kept) {
    if (seen.has(v)) throw new Error(`The value "${v}" is listed twice`);
    seen.add(v);
  }
  return transaction([`create type ${target} as enum (${kept.map(label).join(', ')})`]);
}

export function addEnumValueSql(type: Pick<EnumType, 'schema' | 'name' | 'values'>, value: string): Script {
  const v = value.trim();
  if (type.values.includes(v)) throw new Error(`The value "${v}" already exists`);
  return transaction([`alter type ${qualified(type.schema, type.name)} add value ${label(v)}`]);
}

export function renameEnumValueSql(type: Pick<EnumType, 'schema' | 'name' | 'values'>, from: string, to: string): Script {
  const next = to.trim();
  if (!type.values.includes(from)) throw new Error(`The value "${from}" does not exist`);
  if (next === from) throw new Error('Please provide a new value');
  if (type.values.includes(next)) throw new Error(`The value "${next}" already exists`);
  return transaction([`alter type ${qualified(type.schema, type.name)} rename value ${literal(from)} to ${label(next)}`]);
}

export const deleteEnumSql = (type: Pick<EnumType, 'schema' | 'name'>): Script => transaction([`drop type ${qualified(type.schema, type.name)}`]);
