// Editing a column (spec B2.1): the statements that take a column from what it is to what the panel says, in one
// transaction. Only what changed is altered, so an untouched default the editor cannot express (any SQL a migration
// wrote) is kept as it is. Quoting only through `ident` / `literal` / `qualified` (see ddl.ts).
import {
  defaultSql,
  isBuiltinType,
  isDefaultExpression,
  referencesSql,
  transaction,
  typeSql,
  type ColumnDefault,
  type ColumnDefinition,
  type ColumnType,
  type Script,
} from './ddl.ts';
import { ident, literal, qualified } from './sql.ts';
import type { ColumnInfo, TableMeta } from './types.ts';

/** A column default as the catalog holds it, when the editor cannot say it as a literal or a known expression. */
export type EditableDefault = ColumnDefault | { kind: 'existing'; sql: string };

export interface EditableColumn extends Omit<ColumnDefinition, 'default'> {
  default: EditableDefault;
}

/** Names of the constraints the edit may drop (found in the catalog before editing). */
export interface ColumnConstraints {
  unique: string | null;
  foreignKey: string | null;
}

const sameType = (a: ColumnType, b: ColumnType) => JSON.stringify(a) === JSON.stringify(b);
const sameDefault = (a: EditableDefault, b: EditableDefault) => JSON.stringify(a) === JSON.stringify(b);

/** A catalog default such as `'abc'::text` back to the literal abc; a known expression; otherwise kept as existing. */
export function parseDefault(sql: string | null): EditableDefault {
  if (sql === null) return { kind: 'none' };
  if (isDefaultExpression(sql)) return { kind: 'expression', sql };
  const quoted = /^'((?:[^']|'')*)'(?:::[\w ."[\]]+)?$/.exec(sql);
  if (quoted) return { kind: 'literal', value: quoted[1]!.replaceAll("''", "'") };
  if (/^-?\d+(\.\d+)?$/.test(sql) || sql === 'true' || sql === 'false') return { kind: 'literal', value: sql };
  return { kind: 'existing', sql };
}

/** The panel's starting point for a column of the table. */
export function columnFromInfo(info: ColumnInfo, table: Pick<TableMeta, 'primary_keys' | 'relationships'>): EditableColumn {
  const isArray = info.data_type === 'ARRAY';
  const typname = isArray ? info.format.replace(/^_/, '') : info.format;
  const type: ColumnType = isBuiltinType(typname) ? { kind: 'builtin', name: typname } : { kind: 'enum', schema: info.schema, name: typname };
  const fk = table.relationships.find(
    (r) => r.source_schema === info.schema && r.source_table_name === info.table && r.source_column_name === info.name,
  );
  return {
    name: info.name,
    type,
    isArray,
    default: info.is_identity ? { kind: 'none' } : parseDefault(info.default_value),
    isNullable: info.is_nullable,
    isUnique: info.is_unique,
    isPrimaryKey: table.primary_keys.includes(info.name),
    isIdentity: info.is_identity,
    foreignKey: fk
      ? { schema: fk.target_table_schema, table: fk.target_table_name, column: fk.target_column_name, onDelete: 'no action', onUpdate: 'no action' }
      : null,
    comment: info.comment,
  };
}

/**
 * alter table … for every difference between `before` and `after`. A type change converts the values with
 * `using "col"::newtype`. Throws 'Nothing to change' when they are the same.
 */
export function editColumnSql(
  table: { schema: string; name: string },
  before: EditableColumn,
  after: EditableColumn,
  constraints: ColumnConstraints,
): Script {
  const target = qualified(table.schema, table.name);
  const alter = (what: string) => `alter table ${target} ${what}`;
  const statements: string[] = [];
  const column = ident(after.name);
  if (after.name !== before.name) statements.push(alter(`rename column ${ident(before.name)} to ${column}`));

  const typeChanged = !sameType(before.type, after.type) || before.isArray !== after.isArray;
  const defaultChanged = !sameDefault(before.default, after.default);
  // The old default may not convert to the new type: drop it first, set the new one after.
  if (typeChanged && before.default.kind !== 'none') statements.push(alter(`alter column ${column} drop default`));
  if (typeChanged) {
    const type = typeSql(after.type, after.isArray);
    statements.push(alter(`alter column ${column} type ${type} using ${column}::${type}`));
  }
  if (defaultChanged || (typeChanged && before.default.kind !== 'none')) {
    if (after.default.kind === 'existing') {
      if (!typeChanged) throw new Error('A default the editor cannot show cannot be changed here');
    } else {
      const sql = defaultSql(after.default, after.type, after.isArray);
      if (sql !== null) statements.push(alter(`alter column ${column} set default ${sql}`));
      else if (!typeChanged) statements.push(alter(`alter column ${column} drop default`));
    }
  }
  if (after.isNullable !== before.isNullable) statements.push(alter(`alter column ${column} ${after.isNullable ? 'drop' : 'set'} not null`));

  if (after.isUnique !== before.isUnique) {
    if (after.isUnique) statements.push(alter(`add unique (${column})`));
    else if (constraints.unique) statements.push(alter(`drop constraint ${ident(constraints.unique)}`));
  }

  const fkChanged = JSON.stringify(before.foreignKey) !== JSON.stringify(after.foreignKey);
  if (fkChanged) {
    if (before.foreignKey && constraints.foreignKey) statements.push(alter(`drop constraint ${ident(constraints.foreignKey)}`));
    if (after.foreignKey) statements.push(alter(`add foreign key (${column}) ${referencesSql(after.foreignKey)}`));
  }
  if ((after.comment ?? '') !== (before.comment ?? '')) {
    statements.push(`comment on column ${target}.${column} is ${after.comment ? `${literal(after.comment)}` : 'null'}`);
  }
  return transaction(statements);
}

