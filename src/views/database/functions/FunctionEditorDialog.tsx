// Create or edit a database function (spec A2.6, issue 19): name, schema, language, arguments, return type, body
// (CodeMirror), security definer and search_path; the SQL it will run is shown as the form changes.
import { useState } from 'react';
import { createFunctionSql, editFunctionSql, FUNCTION_LANGUAGES, type DatabaseFunction, type FunctionDraft, type FunctionLanguage } from '../../../domain/database/functions.ts';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { SqlBodyField } from '../shared/SqlBodyField.tsx';
import { buildScript, SqlDialog } from '../../shared/SqlDialog.tsx';
import * as css from '../shared/Database.css.ts';

export interface FunctionEditorProps {
  projectRef: string;
  initial: FunctionDraft;
  original: DatabaseFunction | null;
  schemas: readonly string[];
  onClose: () => void;
  onDone: () => void;
}

export function FunctionEditorDialog({ projectRef, initial, original, schemas, onClose, onDone }: FunctionEditorProps) {
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof FunctionDraft>(key: K, value: FunctionDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const script = buildScript(() => (original ? editFunctionSql(original, draft) : createFunctionSql(draft)));
  const setArg = (index: number, key: 'name' | 'type', value: string) =>
    set('arguments', draft.arguments.map((arg, i) => (i === index ? { ...arg, [key]: value } : arg)));
  return (
    <SqlDialog
      projectRef={projectRef}
      title={original ? `Edit function ${original.name}` : 'Create a new function'}
      script={script}
      confirmLabel={original ? 'Save function' : 'Create function'}
      doneToast={original ? `Function "${draft.name.trim()}" saved` : `Function "${draft.name.trim()}" created`}
      onClose={onClose}
      onDone={onDone}
      size="large"
    >
      <div className={css.row}>
        <TextField className={css.grow} label="Name of function" value={draft.name} onChange={(v) => set('name', v)} autoFocus />
        <Select
          className={css.grow}
          label="Schema"
          options={(schemas.includes(draft.schema) ? schemas : [draft.schema, ...schemas]).map((s) => ({ id: s, label: s }))}
          selectedKey={draft.schema}
          onSelectionChange={(key) => key !== null && set('schema', String(key))}
        />
        <Select
          className={css.grow}
          label="Language"
          options={FUNCTION_LANGUAGES.map((l) => ({ id: l, label: l }))}
          selectedKey={draft.language}
          onSelectionChange={(key) => key !== null && set('language', String(key) as FunctionLanguage)}
        />
      </div>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Arguments</legend>
        <div className={css.form}>
          {draft.arguments.length === 0 ? <p className={css.hint}>No arguments.</p> : null}
          {draft.arguments.map((arg, index) => (
            <div className={css.row} key={index}>
              <TextField className={css.grow} label={`Argument ${index + 1} name`} value={arg.name} onChange={(v) => setArg(index, 'name', v)} />
              <TextField className={css.grow} label={`Argument ${index + 1} type`} value={arg.type} onChange={(v) => setArg(index, 'type', v)} placeholder="integer" />
              <Button variant="default" size="tiny" onPress={() => set('arguments', draft.arguments.filter((_, i) => i !== index))}>
                Remove argument {index + 1}
              </Button>
            </div>
          ))}
          <div>
            <Button variant="default" size="tiny" onPress={() => set('arguments', [...draft.arguments, { name: '', type: 'text' }])}>Add argument</Button>
          </div>
        </div>
      </fieldset>
      <TextField label="Return type" value={draft.returnType} onChange={(v) => set('returnType', v)} description="For example void, integer, trigger, setof text" />
      <SqlBodyField label="Definition" value={draft.body} onChange={(v) => set('body', v)} />
      <div className={css.row}>
        <Switch isSelected={draft.securityDefiner} onChange={(v) => set('securityDefiner', v)}>Security definer</Switch>
        <TextField
          className={css.grow}
          label="search_path"
          value={draft.searchPath}
          onChange={(v) => set('searchPath', v)}
          description="Schemas, comma-separated; '' for an empty path; blank to leave it unset"
        />
      </div>
    </SqlDialog>
  );
}
