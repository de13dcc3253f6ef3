// Which column options a type allows (issue 14.5, spec B2.1 column fields). A change of type or of 'array' drops what
// no longer applies, so the panel never shows one thing and sends another (the Identity switch vanished for a uuid
// but stayed on, and Postgres refused the table: 'identity column type must be smallint, integer, or bigint').
import { DEFAULT_EXPRESSIONS, type ColumnType } from './ddl.ts';
import type { EditableColumn } from './ddl-edit-column.ts';

/** Postgres's identity columns: smallint, integer, bigint — never arrays. */
const IDENTITY_TYPES = new Set(['int2', 'int4', 'int8']);

/** Types a literal default keeps its meaning across (a number stays a number, text stays text). */
const LITERAL_FAMILIES: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']),
  new Set(['text', 'varchar']),
  new Set(['json', 'jsonb']),
  new Set(['timestamp', 'timestamptz']),
];

/** The default a generated key of this type starts with (an identity is the integer types' own). */
const KEY_DEFAULTS: Partial<Record<string, keyof typeof DEFAULT_EXPRESSIONS>> = { uuid: 'gen_random_uuid()' };

const typeName = (type: ColumnType): string => (type.kind === 'builtin' ? type.name : `${type.schema}.${type.name}`);

export const identityAllowed = (column: Pick<EditableColumn, 'type' | 'isArray'>): boolean =>
  !column.isArray && column.type.kind === 'builtin' && IDENTITY_TYPES.has(column.type.name);

/** The default expressions of DEFAULT_EXPRESSIONS this column's type takes (none for arrays and enums). */
export function expressionsFor(column: Pick<EditableColumn, 'type' | 'isArray'>): Array<keyof typeof DEFAULT_EXPRESSIONS> {
  if (column.isArray || column.type.kind !== 'builtin') return [];
  const name = column.type.name;
  return (Object.keys(DEFAULT_EXPRESSIONS) as Array<keyof typeof DEFAULT_EXPRESSIONS>).filter((sql) =>
    (DEFAULT_EXPRESSIONS[sql] as readonly string[]).includes(name),
  );
}

const sameFamily = (a: ColumnType, b: ColumnType) =>
  JSON.stringify(a) === JSON.stringify(b) ||
  (a.kind === 'builtin' && b.kind === 'builtin' && LITERAL_FAMILIES.some((family) => family.has(a.name) && family.has(b.name)));

/**
 * The column with a new type: identity kept only where allowed; an expression default only if the new type takes
 * it; a literal only within the same family of types; a key that was generated (identity) and can no longer be
 * gets the new type's generated default (uuid: gen_random_uuid()).
 */
export function withType(column: EditableColumn, type: ColumnType): EditableColumn {
  const next: EditableColumn = { ...column, type };
  const wasGenerated = column.isIdentity;
  next.isIdentity = column.isIdentity && identityAllowed(next);
  const current = column.default;
  if (next.isIdentity) next.default = { kind: 'none' };
  else if (current.kind === 'expression') next.default = expressionsFor(next).includes(current.sql) ? current : { kind: 'none' };
  else if (current.kind === 'literal') next.default = sameFamily(column.type, type) ? current : { kind: 'none' };
  else if (current.kind === 'existing') next.default = JSON.stringify(column.type) === JSON.stringify(type) ? current : { kind: 'none' };
  if (wasGenerated && !next.isIdentity && next.default.kind === 'none' && !next.isArray) {
    const generated = type.kind === 'builtin' ? KEY_DEFAULTS[type.name] : undefined;
    if (generated) next.default = { kind: 'expression', sql: generated };
  }
  return next;
}

/** The column made an array (or not): no identity for arrays, and a scalar default no longer fits. */
export function withArray(column: EditableColumn, isArray: boolean): EditableColumn {
  if (isArray === column.isArray) return column;
  return { ...column, isArray, isIdentity: column.isIdentity && !isArray, default: { kind: 'none' } };
}

/** What Postgres would refuse about the column's options, or null. */
export function columnProblem(column: EditableColumn): string | null {
  if (column.isIdentity && !identityAllowed(column)) return `Identity columns must be smallint, integer or bigint (${column.name})`;
  if (column.default.kind === 'expression' && !expressionsFor(column).includes(column.default.sql)) {
    return `${column.default.sql} is not a default for ${typeName(column.type)}${column.isArray ? '[]' : ''} (${column.name})`;
  }
  return null;
}
