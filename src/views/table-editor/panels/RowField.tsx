// One field of the row panel (spec B2.1 add/edit row): a typed input for the column (boolean, number, JSON,
// timestamp, enum, array, text), a NULL / DEFAULT choice where the column allows it, and for a foreign-key column a
// 'Select a record' button that opens the reference picker.
import type { ReactNode } from 'react';
import type { FieldKind, FieldValue } from '../../../domain/table-editor/row-values.ts';
import { fieldKind, fieldProblem } from '../../../domain/table-editor/row-values.ts';
import type { ColumnInfo } from '../../../domain/table-editor/types.ts';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import * as css from './Panels.css.ts';

const PLACEHOLDERS: Partial<Record<FieldKind, string>> = {
  datetime: '2024-01-31 13:45:00+00',
  date: '2024-01-31',
  array: '{a,b} or ["a","b"]',
  number: '0',
};

export interface RowFieldProps {
  column: ColumnInfo;
  value: FieldValue;
  onChange: (next: FieldValue) => void;
  isDisabled: boolean;
  /** Set for foreign-key columns: opens the reference picker. */
  onSelectRecord?: (() => void) | undefined;
  referenceLabel?: string | undefined;
}

/** A field's props once the panel has worked out its label and description. */
interface TypedFieldProps {
  column: ColumnInfo;
  kind: FieldKind;
  label: string;
  description: string;
  value: FieldValue;
  onChange: (next: FieldValue) => void;
  isDisabled: boolean;
  nullable: boolean;
  hasDefault: boolean;
}

// NULL and DEFAULT as keys of the dropdown: no value of the column can be one of these (a key is never shown).
const NULL_CHOICE = '\u0000null';
const DEFAULT_CHOICE = '\u0000default';

/**
 * boolean and enum: a dropdown of the values, with NULL (nullable column) and DEFAULT (column with a default) as two
 * more choices, so the field stays the same dropdown whatever it holds (issue 14 item 6: Insert row showed a text box
 * reading 'DEFAULT' for a boolean where Edit row had a dropdown).
 */
function ChoiceField({ column, kind, label, description, value, onChange, isDisabled, nullable, hasDefault }: TypedFieldProps) {
  const values = kind === 'boolean' ? ['true', 'false'] : column.enums;
  const options = [
    ...values.map((option) => ({ id: option, label: option })),
    ...(nullable || value.mode === 'null' ? [{ id: NULL_CHOICE, label: 'NULL' }] : []),
    ...(hasDefault || value.mode === 'default' ? [{ id: DEFAULT_CHOICE, label: 'DEFAULT' }] : []),
  ];
  const selected = value.mode === 'null' ? NULL_CHOICE : value.mode === 'default' ? DEFAULT_CHOICE : value.text === '' ? null : value.text;
  return (
    <Select
      label={label}
      description={description}
      options={options}
      value={selected}
      onChange={(key) => {
        if (key === null) return;
        if (key === NULL_CHOICE) onChange({ mode: 'null' });
        else if (key === DEFAULT_CHOICE) onChange({ mode: 'default' });
        else onChange({ mode: 'value', text: String(key) });
      }}
      isDisabled={isDisabled}
    />
  );
}

/** Numbers, JSON, dates and times, arrays and text: a text box; NULL and DEFAULT read as such, set with the buttons. */
function TextValueField({ column, kind, label, description, value, onChange, isDisabled }: TypedFieldProps) {
  if (value.mode !== 'value') {
    return <TextField label={label} description={description} value={value.mode === 'null' ? 'NULL' : 'DEFAULT'} isReadOnly monospace />;
  }
  const problem = fieldProblem(column, value);
  return (
    <TextField
      label={label}
      description={description}
      value={value.text}
      onChange={(text) => onChange({ mode: 'value', text })}
      multiline={kind === 'json' || value.text.length > 80}
      rows={kind === 'json' ? 6 : 3}
      monospace={kind === 'json' || kind === 'array'}
      inputMode={kind === 'number' ? 'decimal' : undefined}
      placeholder={PLACEHOLDERS[kind]}
      isInvalid={problem !== null}
      errorMessage={problem ?? undefined}
      isDisabled={isDisabled}
    />
  );
}

/** The one field component of each kind, used by both Insert row and Edit row. */
const FIELDS: Record<FieldKind, { Field: (props: TypedFieldProps) => ReactNode; choosesModes: boolean }> = {
  boolean: { Field: ChoiceField, choosesModes: true },
  enum: { Field: ChoiceField, choosesModes: true },
  number: { Field: TextValueField, choosesModes: false },
  json: { Field: TextValueField, choosesModes: false },
  datetime: { Field: TextValueField, choosesModes: false },
  date: { Field: TextValueField, choosesModes: false },
  array: { Field: TextValueField, choosesModes: false },
  text: { Field: TextValueField, choosesModes: false },
};

export function RowField({ column, value, onChange, isDisabled, onSelectRecord, referenceLabel }: RowFieldProps) {
  const kind = fieldKind(column);
  const hasDefault = column.default_value !== null || column.is_identity || column.is_generated;
  const description = [column.format, column.is_nullable ? null : 'required', referenceLabel ? `references ${referenceLabel}` : null]
    .filter(Boolean)
    .join(' · ');
  const { Field, choosesModes } = FIELDS[kind];

  return (
    <div className={css.card} data-testid={`row-field-${column.name}`}>
      <Field
        column={column}
        kind={kind}
        label={column.name}
        description={description}
        value={value}
        onChange={onChange}
        isDisabled={isDisabled}
        nullable={column.is_nullable}
        hasDefault={hasDefault}
      />
      {/* The buttons repeat in every field: their names carry the column, so a screen reader's list of buttons tells
          them apart (issue 24). */}
      <div className={css.modeGroup}>
        {!choosesModes && value.mode !== 'value' ? (
          <Button size="tiny" variant="outline" onPress={() => onChange({ mode: 'value', text: '' })} isDisabled={isDisabled} aria-label={`Set a value for ${column.name}`}>Set a value</Button>
        ) : null}
        {!choosesModes && column.is_nullable && value.mode !== 'null' ? (
          <Button size="tiny" variant="ghost" onPress={() => onChange({ mode: 'null' })} isDisabled={isDisabled} aria-label={`Set ${column.name} to NULL`}>Set to NULL</Button>
        ) : null}
        {!choosesModes && hasDefault && value.mode !== 'default' ? (
          <Button size="tiny" variant="ghost" onPress={() => onChange({ mode: 'default' })} isDisabled={isDisabled} aria-label={`Use DEFAULT for ${column.name}`}>Use DEFAULT</Button>
        ) : null}
        {onSelectRecord ? (
          <Button size="tiny" variant="outline" onPress={onSelectRecord} isDisabled={isDisabled}>Select a record</Button>
        ) : null}
      </div>
    </div>
  );
}
