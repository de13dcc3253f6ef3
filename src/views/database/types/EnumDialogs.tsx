// The Enumerated Types forms (spec A2.6, issue 19): create a type with its values, add a value, rename a value; each
// shows its SQL as it is typed.
import { useState } from 'react';
import { addEnumValueSql, createEnumSql, renameEnumValueSql, type EnumType } from '../../../domain/database/enums.ts';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { buildScript, SqlDialog } from '../../shared/SqlDialog.tsx';
import * as css from '../shared/Database.css.ts';

interface Common {
  projectRef: string;
  onClose: () => void;
  onDone: () => void;
}

export function CreateEnumDialog({ projectRef, schema, onClose, onDone }: Common & { schema: string }) {
  const [name, setName] = useState('');
  const [values, setValues] = useState<string[]>(['']);
  return (
    <SqlDialog
      projectRef={projectRef}
      title="Create a new enumerated type"
      script={buildScript(() => createEnumSql(schema, name, values))}
      confirmLabel="Create type"
      doneToast={`Type "${name.trim()}" created`}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField label="Name" value={name} onChange={setName} description={`Created in the schema ${schema}`} autoFocus />
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Values</legend>
        <div className={css.form}>
          {values.map((value, index) => (
            <div className={css.row} key={index}>
              <TextField className={css.grow} label={`Value ${index + 1}`} value={value} onChange={(v) => setValues(values.map((x, i) => (i === index ? v : x)))} />
              {values.length > 1 ? (
                <Button variant="default" size="tiny" onPress={() => setValues(values.filter((_, i) => i !== index))}>Remove value {index + 1}</Button>
              ) : null}
            </div>
          ))}
          <div>
            <Button variant="default" size="tiny" onPress={() => setValues([...values, ''])}>Add value</Button>
          </div>
        </div>
      </fieldset>
    </SqlDialog>
  );
}

export function AddEnumValueDialog({ projectRef, type, onClose, onDone }: Common & { type: EnumType }) {
  const [value, setValue] = useState('');
  return (
    <SqlDialog
      projectRef={projectRef}
      title={`Add a value to ${type.name}`}
      description="The value is added after the existing ones. Values cannot be removed from a type once added."
      script={buildScript(() => addEnumValueSql(type, value))}
      confirmLabel="Add value"
      doneToast={`Value "${value.trim()}" added to ${type.name}`}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField label="New value" value={value} onChange={setValue} autoFocus />
    </SqlDialog>
  );
}

export function RenameEnumValueDialog({ projectRef, type, onClose, onDone }: Common & { type: EnumType }) {
  const [from, setFrom] = useState(type.values[0] ?? '');
  const [to, setTo] = useState('');
  return (
    <SqlDialog
      projectRef={projectRef}
      title={`Rename a value of ${type.name}`}
      description="Rows holding the value keep it under its new name."
      script={buildScript(() => renameEnumValueSql(type, from, to))}
      confirmLabel="Rename value"
      doneToast={`Value "${from}" renamed to "${to.trim()}"`}
      onClose={onClose}
      onDone={onDone}
    >
      <div className={css.row}>
        <Select className={css.grow} label="Value" options={type.values.map((v) => ({ id: v, label: v }))} selectedKey={from} onSelectionChange={(key) => key !== null && setFrom(String(key))} />
        <TextField className={css.grow} label="New name" value={to} onChange={setTo} />
      </div>
    </SqlDialog>
  );
}
