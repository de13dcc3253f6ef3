// TypeScript types of a project's live schema (spec B7: GET /v1/projects/{ref}/types/typescript?included_schemas=),
// in the shape supabase-js's / postgrest-js's `Database` generic accepts: per schema Tables (Row, Insert, Update,
// Relationships), Views, Functions (Args, Returns), Enums and CompositeTypes.
//
// Why not postgres-meta's generator (issue 17 asks to prefer it): @supabase/postgres-meta 0.99 exports only its
// catalog library (dist/lib); the TypeScript template lives in its server (dist/server/templates/typescript.js, no
// package export) and expects the server's own catalog objects; installing it brings fastify, Sentry with a native
// profiler, prettier and a forked `pg` aliased over ours. So the catalog is read here with four queries (schema
// names as a bind parameter) and every name reaches the output through JSON.stringify, never raw.
import type pg from 'pg';

interface ColumnRow {
  relid: number;
  name: string;
  type_schema: string;
  type_name: string;
  type_type: string;
  elem_schema: string | null;
  elem_name: string | null;
  elem_type: string | null;
  not_null: boolean;
  has_default: boolean;
  generated: boolean;
}
interface RelationRow {
  oid: number;
  schema: string;
  name: string;
  kind: string;
}
interface ForeignKeyRow {
  relid: number;
  name: string;
  columns: string[];
  one_to_one: boolean;
  ref_schema: string;
  ref_name: string;
  ref_columns: string[];
}
interface FunctionRow {
  schema: string;
  name: string;
  arg_names: string[] | null;
  arg_types: { schema: string; name: string; type: string; elem_schema: string | null; elem_name: string | null; elem_type: string | null }[];
  arg_modes: string[] | null;
  defaults: number;
  ret_schema: string;
  ret_name: string;
  ret_type: string;
  ret_elem_schema: string | null;
  ret_elem_name: string | null;
  ret_elem_type: string | null;
  ret_relid: number;
  retset: boolean;
}
interface EnumRow {
  schema: string;
  name: string;
  labels: string[];
}

const RELATIONS = `
  select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind::text as kind
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'v', 'm', 'f')
   order by n.nspname, c.relname`;

const TYPE_COLUMNS = (t: string, e: string) => `
  ${t}n.nspname as type_schema, ${t}.typname as type_name, ${t}.typtype::text as type_type,
  ${e}n.nspname as elem_schema, ${e}.typname as elem_name, ${e}.typtype::text as elem_type`;

const COLUMNS = `
  select a.attrelid::int as relid, a.attname as name, ${TYPE_COLUMNS('t', 'e')},
         a.attnotnull as not_null,
         (a.atthasdef or a.attidentity <> '') as has_default, a.attgenerated <> '' as generated
    from pg_attribute a
    join pg_type t on t.oid = a.atttypid join pg_namespace tn on tn.oid = t.typnamespace
    left join pg_type e on e.oid = t.typelem and t.typcategory = 'A' left join pg_namespace en on en.oid = e.typnamespace
   where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped
   order by a.attrelid, a.attnum`;

const FOREIGN_KEYS = `
  select k.conrelid::int as relid, k.conname as name,
         array(select attname from unnest(k.conkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by i)::text[] as columns,
         exists (select 1 from pg_constraint u where u.conrelid = k.conrelid and u.contype in ('p', 'u')
                   and u.conkey::int2[] @> k.conkey::int2[] and k.conkey::int2[] @> u.conkey::int2[]) as one_to_one,
         rn.nspname as ref_schema, r.relname as ref_name,
         array(select attname from unnest(k.confkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by i)::text[] as ref_columns
    from pg_constraint k join pg_class r on r.oid = k.confrelid join pg_namespace rn on rn.oid = r.relnamespace
   where k.contype = 'f' and k.conrelid = any($1::oid[])
   order by k.conrelid, k.conname`;

const FUNCTIONS = `
  select n.nspname as schema, p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
         p.pronargdefaults::int as defaults,
         coalesce((select json_agg(json_build_object('schema', tn.nspname, 'name', t.typname, 'type', t.typtype,
                                                     'elem_schema', en.nspname, 'elem_name', e.typname, 'elem_type', e.typtype) order by i)
                     from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(oid, i)
                     join pg_type t on t.oid = u.oid join pg_namespace tn on tn.oid = t.typnamespace
                     left join pg_type e on e.oid = t.typelem and t.typcategory = 'A'
                     left join pg_namespace en on en.oid = e.typnamespace), '[]') as arg_types,
         rn.nspname as ret_schema, r.typname as ret_name, r.typtype::text as ret_type,
         ren.nspname as ret_elem_schema, re.typname as ret_elem_name, re.typtype::text as ret_elem_type,
         r.typrelid::int as ret_relid, p.proretset as retset
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    join pg_type r on r.oid = p.prorettype join pg_namespace rn on rn.oid = r.typnamespace
    left join pg_type re on re.oid = r.typelem and r.typcategory = 'A' left join pg_namespace ren on ren.oid = re.typnamespace
   where n.nspname = any($1::text[]) and p.prokind = 'f' and r.typname not in ('trigger', 'event_trigger')
     and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
   order by n.nspname, p.proname, p.oid`;

const ENUMS = `
  select n.nspname as schema, t.typname as name, array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
    from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
   where n.nspname = any($1::text[])
   group by n.nspname, t.typname order by n.nspname, t.typname`;

const COMPOSITES = `
  select c.oid::int as oid, n.nspname as schema, t.typname as name
    from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_class c on c.oid = t.typrelid
   where n.nspname = any($1::text[]) and t.typtype = 'c' and c.relkind = 'c'
   order by n.nspname, t.typname`;

const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));
const str = (value: string) => JSON.stringify(value);

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const STRING = new Set([
  'text', 'varchar', 'bpchar', 'char', 'name', 'uuid', 'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval',
  'bytea', 'inet', 'cidr', 'macaddr', 'macaddr8', 'tsvector', 'tsquery', 'citext', 'xml', 'bit', 'varbit', 'int4range',
  'int8range', 'numrange', 'tsrange', 'tstzrange', 'daterange', 'point', 'line', 'lseg', 'box', 'path', 'polygon',
  'circle', 'regclass', 'regtype', 'regproc', 'pg_lsn', 'txid_snapshot',
]);

interface TypeRef {
  schema: string;
  name: string;
  type: string;
  elem_schema?: string | null;
  elem_name?: string | null;
  elem_type?: string | null;
}

export interface GenerateOptions {
  schemas: readonly string[];
}

/** Reads the catalog of `schemas` and returns the TypeScript source. */
export async function generateTypes(pool: pg.Pool, options: GenerateOptions): Promise<string> {
  const schemas = [...options.schemas];
  const relations = (await pool.query<RelationRow>(RELATIONS, [schemas])).rows;
  const composites = (await pool.query<{ oid: number; schema: string; name: string }>(COMPOSITES, [schemas])).rows;
  const oids = [...relations.map((r) => r.oid), ...composites.map((c) => c.oid)];
  const [columns, foreignKeys, functions, enums] = await Promise.all([
    pool.query<ColumnRow>(COLUMNS, [oids]).then((r) => r.rows),
    pool.query<ForeignKeyRow>(FOREIGN_KEYS, [oids]).then((r) => r.rows),
    pool.query<FunctionRow>(FUNCTIONS, [schemas]).then((r) => r.rows),
    pool.query<EnumRow>(ENUMS, [schemas]).then((r) => r.rows),
  ]);
  const included = new Set(schemas);
  const enumKeys = new Set(enums.map((e) => `${e.schema}.${e.name}`));
  const compositeKeys = new Set(composites.map((c) => `${c.schema}.${c.name}`));
  const columnsOf = new Map<number, ColumnRow[]>();
  for (const column of columns) columnsOf.set(column.relid, [...(columnsOf.get(column.relid) ?? []), column]);
  const relationByOid = new Map(relations.map((r) => [r.oid, r]));

  const scalar = (t: { schema: string; name: string; type: string }): string => {
    if (t.type === 'e' && included.has(t.schema) && enumKeys.has(`${t.schema}.${t.name}`)) {
      return `Database[${str(t.schema)}]["Enums"][${str(t.name)}]`;
    }
    if (t.type === 'e') return 'string';
    if (t.type === 'c' && compositeKeys.has(`${t.schema}.${t.name}`)) return `Database[${str(t.schema)}]["CompositeTypes"][${str(t.name)}]`;
    if (t.type === 'd') return 'unknown';
    if (NUMBER.has(t.name)) return 'number';
    if (t.name === 'bool') return 'boolean';
    if (t.name === 'json' || t.name === 'jsonb') return 'Json';
    if (STRING.has(t.name)) return 'string';
    if (t.name === 'void') return 'undefined';
    if (t.name === 'record') return 'Record<string, unknown>';
    return 'unknown';
  };
  const tsType = (t: TypeRef): string =>
    t.elem_name ? `${scalar({ schema: t.elem_schema!, name: t.elem_name, type: t.elem_type! })}[]` : scalar(t);
  const columnType = (c: ColumnRow) =>
    tsType({ schema: c.type_schema, name: c.type_name, type: c.type_type, elem_schema: c.elem_schema, elem_name: c.elem_name, elem_type: c.elem_type });

  const lines: string[] = [
    '// Generated by Strata from the live schema (spec B2.5 "Generate and download types").',
    'export type Json =',
    '  | string',
    '  | number',
    '  | boolean',
    '  | null',
    '  | { [key: string]: Json | undefined }',
    '  | Json[]',
    '',
    'export type Database = {',
  ];
  const rowObject = (cols: ColumnRow[], indent: string, nullableAll = false) =>
    cols.map((c) => `${indent}${key(c.name)}: ${columnType(c)}${!c.not_null || nullableAll ? ' | null' : ''}`);
  const relationships = (oid: number, indent: string) => {
    const fks = foreignKeys.filter((f) => f.relid === oid);
    if (fks.length === 0) return [`${indent}Relationships: []`];
    return [
      `${indent}Relationships: [`,
      ...fks.flatMap((f) => [
        `${indent}  {`,
        `${indent}    foreignKeyName: ${str(f.name)}`,
        `${indent}    columns: [${f.columns.map(str).join(', ')}]`,
        `${indent}    isOneToOne: ${f.one_to_one}`,
        `${indent}    referencedRelation: ${str(f.ref_name)}`,
        `${indent}    referencedColumns: [${f.ref_columns.map(str).join(', ')}]`,
        `${indent}  },`,
      ]),
      `${indent}]`,
    ];
  };
  const block = (name: string, body: string[], indent: string) =>
    body.length === 0 ? [`${indent}${name}: {`, `${indent}  [_ in never]: never`, `${indent}}`] : [`${indent}${name}: {`, ...body, `${indent}}`];

  for (const schema of schemas) {
    const own = relations.filter((r) => r.schema === schema);
    const tables = own.filter((r) => r.kind === 'r' || r.kind === 'p' || r.kind === 'f');
    const views = own.filter((r) => r.kind === 'v' || r.kind === 'm');
    const tableBody = tables.flatMap((t) => {
      const cols = columnsOf.get(t.oid) ?? [];
      return [
        `      ${key(t.name)}: {`,
        '        Row: {',
        ...rowObject(cols, '          '),
        '        }',
        '        Insert: {',
        ...cols.map((c) =>
          c.generated
            ? `          ${key(c.name)}?: never`
            : `          ${key(c.name)}${!c.not_null || c.has_default ? '?' : ''}: ${columnType(c)}${c.not_null ? '' : ' | null'}`,
        ),
        '        }',
        '        Update: {',
        ...cols.map((c) => (c.generated ? `          ${key(c.name)}?: never` : `          ${key(c.name)}?: ${columnType(c)}${c.not_null ? '' : ' | null'}`)),
        '        }',
        ...relationships(t.oid, '        '),
        '      }',
      ];
    });
    const viewBody = views.flatMap((v) => [
      `      ${key(v.name)}: {`,
      '        Row: {',
      // A view's columns carry no NOT NULL: each may be null, as PostgREST's own generator says.
      ...rowObject(columnsOf.get(v.oid) ?? [], '          ', true),
      '        }',
      ...relationships(v.oid, '        '),
      '      }',
    ]);
    const fnsByName = new Map<string, FunctionRow[]>();
    for (const fn of functions.filter((f) => f.schema === schema)) fnsByName.set(fn.name, [...(fnsByName.get(fn.name) ?? []), fn]);
    const functionBody = [...fnsByName.entries()].flatMap(([name, overloads]) => {
      const variants = overloads.map((fn) => {
        const modes = fn.arg_modes ?? fn.arg_types.map(() => 'i');
        const inputs = fn.arg_types
          .map((t, i) => ({ t, name: fn.arg_names?.[i] ?? '', mode: modes[i] ?? 'i' }))
          .filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
        const firstDefault = inputs.length - fn.defaults;
        const args =
          inputs.length === 0
            ? 'never'
            : `{ ${inputs.map((a, i) => `${key(a.name || `arg${i}`)}${i >= firstDefault ? '?' : ''}: ${tsType(a.t)}`).join('; ')} }`;
        const outputs = fn.arg_types
          .map((t, i) => ({ t, name: fn.arg_names?.[i] ?? '', mode: modes[i] ?? 'i' }))
          .filter((a) => a.mode === 't' || a.mode === 'o' || a.mode === 'b');
        let returns: string;
        if (fn.ret_type === 'p' && fn.ret_name === 'record' && outputs.length > 0) {
          returns = `{ ${outputs.map((a) => `${key(a.name)}: ${tsType(a.t)} | null`).join('; ')} }`;
        } else if (fn.ret_relid && relationByOid.has(fn.ret_relid)) {
          returns = `{ ${(columnsOf.get(fn.ret_relid) ?? []).map((c) => `${key(c.name)}: ${columnType(c)}${c.not_null ? '' : ' | null'}`).join('; ')} }`;
        } else {
          returns = tsType({ schema: fn.ret_schema, name: fn.ret_name, type: fn.ret_type, elem_schema: fn.ret_elem_schema, elem_name: fn.ret_elem_name, elem_type: fn.ret_elem_type });
        }
        return `{ Args: ${args}; Returns: ${returns}${fn.retset ? '[]' : ''} }`;
      });
      return [`      ${key(name)}:`, ...variants.map((v) => `        | ${v}`)];
    });
    const enumBody = enums.filter((e) => e.schema === schema).map((e) => `      ${key(e.name)}: ${e.labels.map(str).join(' | ')}`);
    const compositeBody = composites
      .filter((c) => c.schema === schema)
      .flatMap((c) => [
        `      ${key(c.name)}: {`,
        ...(columnsOf.get(c.oid) ?? []).map((col) => `        ${key(col.name)}: ${columnType(col)} | null`),
        '      }',
      ]);
    lines.push(
      `  ${key(schema)}: {`,
      ...block('Tables', tableBody, '    '),
      ...block('Views', viewBody, '    '),
      ...block('Functions', functionBody, '    '),
      ...block('Enums', enumBody, '    '),
      ...block('CompositeTypes', compositeBody, '    '),
      '  }',
    );
  }
  lines.push('}', '');
  return lines.join('\n');
}
