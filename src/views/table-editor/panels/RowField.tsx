// One field of the row panel (spec B2.1 add/edit row): a typed input for the column (boolean, number, JSON,
// timestamp, enum, array, text), a NULL / DEFAULT choice where the column allows it, and for a foreign-key column a
// 'Select a record' button that opens the reference picker.
import type { FieldValue } from '../../../domain/table-editor/row-values.ts';
import { fieldKind, fieldProblem } from '../../../domain/table-editor/row-values.ts';
import type { ColumnInfo } from '../../../domain/table-editor/types.ts';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import * as css from './Panels.css.ts';

const PLACEHOLDERS: Partial<Record<ReturnType<typeof fieldKind>, string>> = {
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

export function RowField({ column, value, onChange, isDisabled, onSelectRecord, referenceLabel }: RowFieldProps) {
  const kind = fieldKind(column);
  const hasDefault = column.default_value !== null || column.is_identity || column.is_generated;
  const text = value.mode === 'value' ? value.text : '';
  const problem = fieldProblem(column, value);
  const setText = (next: string) => onChange({ mode: 'value', text: next });
  const label = `${column.name}`;
  const description = [column.format, column.is_nullable ? null : 'required', referenceLabel ? `references ${referenceLabel}` : null]
    .filter(Boolean)
    .join(' · ');

  let input;
  if (value.mode !== 'value') {
    input = <TextField label={label} description={description} value={value.mode === 'null' ? 'NULL' : 'DEFAULT'} isReadOnly monospace />;
  } else if (kind === 'boolean' || kind === 'enum') {
    const options = kind === 'boolean' ? ['true', 'false'] : column.enums;
    input = (
      <Select
        label={label}
        description={description}
        options={options.map((o) => ({ id: o, label: o }))}
        value={text === '' ? null : text}
        onChange={(key) => key !== null && setText(String(key))}
        isDisabled={isDisabled}
      />
    );
  } else {
    input = (
      <TextField
        label={label}
        description={description}
        value={text}
        onChange={setText}
        multiline={kind === 'json' || text.length > 80}
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

  return (
    <div className={css.card} data-testid={`row-field-${column.name}`}>
      {input}
      <div className={css.modeGroup}>
        {value.mode !== 'value' ? (
          <Button size="tiny" variant="outline" onPress={() => onChange({ mode: 'value', text: '' })} isDisabled={isDisabled}>Set a value</Button>
        ) : null}
        {column.is_nullable && value.mode !== 'null' ? (
          <Button size="tiny" variant="ghost" onPress={() => onChange({ mode: 'null' })} isDisabled={isDisabled}>Set to NULL</Button>
        ) : null}
        {hasDefault && value.mode !== 'default' ? (
          <Button size="tiny" variant="ghost" onPress={() => onChange({ mode: 'default' })} isDisabled={isDisabled}>Use DEFAULT</Button>
        ) : null}
        {onSelectRecord ? (
          <Button size="tiny" variant="outline" onPress={onSelectRecord} isDisabled={isDisabled}>Select a record</Button>
        ) : null}
      </div>
    </div>
  );
}
