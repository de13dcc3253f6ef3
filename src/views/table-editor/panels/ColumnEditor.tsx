// The fields of one column (spec B2.1 add/edit column, and each column of a new table): name, type (common Postgres
// types and the database's enums), array, default — a literal value (quoted) or one of a few SQL functions, never
// free SQL — nullable, unique, primary key, identity and a foreign key (schema.table.column, on delete / update).
import type { EnumType, ReferenceTarget } from '../../../api/table-editor-panels.ts';
import { columnProblem, expressionsFor, identityAllowed, withArray, withType } from '../../../domain/table-editor/column-rules.ts';
import {
  FK_ACTIONS,
  isBuiltinType,
  POSTGRES_TYPES,
  type ColumnType,
  type DefaultExpression,
  type ForeignKeyAction,
} from '../../../domain/table-editor/ddl.ts';
import type { EditableColumn } from '../../../domain/table-editor/ddl-edit-column.ts';
import { Select } from '../../../ui/Select.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import * as css from './Panels.css.ts';

const typeKey = (type: ColumnType) => (type.kind === 'builtin' ? `builtin:${type.name}` : `enum:${JSON.stringify([type.schema, type.name])}`);
function typeOfKey(key: string): ColumnType {
  if (key.startsWith('builtin:')) return { kind: 'builtin', name: key.slice('builtin:'.length) as never };
  const [schema, name] = JSON.parse(key.slice('enum:'.length)) as [string, string];
  return { kind: 'enum', schema, name };
}
const targetKey = (t: { schema: string; table: string; column: string }) => JSON.stringify([t.schema, t.table, t.column]);

export interface ColumnEditorProps {
  value: EditableColumn;
  onChange: (next: EditableColumn) => void;
  enums: readonly EnumType[];
  targets: readonly ReferenceTarget[];
  isDisabled: boolean;
  /** Inside the new-table panel: no comment field, the label names the column. */
  compact?: boolean;
}

export function ColumnEditor({ value, onChange, enums, targets, isDisabled, compact = false }: ColumnEditorProps) {
  const set = (patch: Partial<EditableColumn>) => onChange({ ...value, ...patch });
  const typeOptions = [
    ...POSTGRES_TYPES.map((t) => ({ id: `builtin:${t.name}`, label: `${t.name} — ${t.description}` })),
    ...enums.map((e) => ({ id: typeKey({ kind: 'enum', schema: e.schema, name: e.name }), label: `${e.schema}.${e.name} (enum)` })),
  ];
  // What the type allows (issue 14.5): src/domain/table-editor/column-rules.ts.
  const expressions = expressionsFor(value);
  const defaultMode = value.default.kind;
  const fk = value.foreignKey;
  const label = (text: string) => (compact ? `${text} (${value.name || 'new column'})` : text);

  return (
    <div className={css.section}>
      <div className={css.row}>
        <TextField className={css.grow} label={label('Name')} value={value.name} onChange={(name) => set({ name })} isDisabled={isDisabled} />
        <Select
          className={css.grow}
          label={label('Type')}
          options={typeOptions}
          value={typeKey(value.type)}
          onChange={(key) => key !== null && onChange(withType(value, typeOfKey(String(key))))}
          isDisabled={isDisabled}
        />
      </div>
      <div className={css.row}>
        <Select
          label={label('Default')}
          options={[
            { id: 'none', label: 'No default' },
            { id: 'literal', label: 'Value (quoted as a literal)' },
            { id: 'expression', label: 'Function', isDisabled: expressions.length === 0 },
            ...(defaultMode === 'existing' ? [{ id: 'existing', label: 'Current expression (kept)' }] : []),
          ]}
          value={defaultMode}
          onChange={(key) => {
            if (key === 'none') set({ default: { kind: 'none' } });
            else if (key === 'literal') set({ default: { kind: 'literal', value: '' } });
            else if (key === 'expression' && expressions[0]) set({ default: { kind: 'expression', sql: expressions[0] } });
          }}
          isDisabled={isDisabled || value.isIdentity}
        />
        {value.default.kind === 'literal' ? (
          <TextField
            className={css.grow}
            label={label('Default value')}
            value={value.default.value}
            onChange={(text) => set({ default: { kind: 'literal', value: text } })}
            description="Quoted and cast to the column type, e.g. 0, hello, {a,b}"
            isDisabled={isDisabled}
          />
        ) : null}
        {value.default.kind === 'expression' ? (
          <Select
            className={css.grow}
            label={label('Default function')}
            options={expressions.map((e) => ({ id: e, label: e }))}
            value={value.default.sql}
            onChange={(key) => key !== null && set({ default: { kind: 'expression', sql: key as DefaultExpression } })}
            isDisabled={isDisabled}
          />
        ) : null}
        {value.default.kind === 'existing' ? <code className={css.mono}>{value.default.sql}</code> : null}
      </div>
      <div className={css.row}>
        <Switch isSelected={value.isArray} onChange={(isArray) => onChange(withArray(value, isArray))} isDisabled={isDisabled}>Array</Switch>
        <Switch isSelected={value.isPrimaryKey} onChange={(isPrimaryKey) => set({ isPrimaryKey })} isDisabled={isDisabled}>Primary key</Switch>
        <Switch isSelected={value.isNullable && !value.isPrimaryKey} onChange={(isNullable) => set({ isNullable })} isDisabled={isDisabled || value.isPrimaryKey}>Nullable</Switch>
        <Switch isSelected={value.isUnique} onChange={(isUnique) => set({ isUnique })} isDisabled={isDisabled}>Unique</Switch>
        {identityAllowed(value) ? (
          <Switch isSelected={value.isIdentity} onChange={(isIdentity) => set({ isIdentity, default: { kind: 'none' } })} isDisabled={isDisabled}>Identity</Switch>
        ) : null}
      </div>
      <div className={css.row}>
        <Select
          className={css.grow}
          label={label('Foreign key')}
          options={[{ id: 'none', label: 'No foreign key' }, ...targets.map((t) => ({ id: targetKey(t), label: `${t.schema}.${t.table}.${t.column}` }))]}
          value={fk ? targetKey(fk) : 'none'}
          onChange={(key) => {
            const target = targets.find((t) => targetKey(t) === key);
            if (!target) return set({ foreignKey: null });
            // The key column's type is the one the referenced column has (when it is one of the picker's).
            const type: ColumnType = isBuiltinType(target.format) ? { kind: 'builtin', name: target.format } : value.type;
            onChange({
              ...withType(withArray(value, false), type),
              foreignKey: { schema: target.schema, table: target.table, column: target.column, onDelete: fk?.onDelete ?? 'no action', onUpdate: fk?.onUpdate ?? 'no action' },
            });
          }}
          isDisabled={isDisabled}
        />
        {fk ? (
          <>
            <Select
              label={label('On delete')}
              options={FK_ACTIONS.map((a) => ({ id: a, label: a }))}
              value={fk.onDelete}
              onChange={(key) => key !== null && set({ foreignKey: { ...fk, onDelete: key as ForeignKeyAction } })}
              isDisabled={isDisabled}
            />
            <Select
              label={label('On update')}
              options={FK_ACTIONS.map((a) => ({ id: a, label: a }))}
              value={fk.onUpdate}
              onChange={(key) => key !== null && set({ foreignKey: { ...fk, onUpdate: key as ForeignKeyAction } })}
              isDisabled={isDisabled}
            />
          </>
        ) : null}
      </div>
      {columnProblem(value) ? <p role="alert" className={css.hint}>{columnProblem(value)}</p> : null}
      {compact ? null : (
        <TextField label="Description" value={value.comment ?? ''} onChange={(comment) => set({ comment: comment === '' ? null : comment })} isDisabled={isDisabled} />
      )}
    </div>
  );
}

/** A blank column for the add-column panel and the new-table panel. */
export const blankColumn = (name = ''): EditableColumn => ({
  name,
  type: { kind: 'builtin', name: 'text' },
  isArray: false,
  default: { kind: 'none' },
  isNullable: true,
  isUnique: false,
  isPrimaryKey: false,
  isIdentity: false,
  foreignKey: null,
  comment: null,
});
