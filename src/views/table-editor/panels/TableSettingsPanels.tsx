// Edit table and duplicate table (spec B2.1 side panels).
import { useState } from 'react';
import { scriptTask } from '../../../actors/table-editor-tasks.ts';
import { duplicateTableSql, editTableSql, type TableChanges } from '../../../domain/table-editor/ddl.ts';
import type { TableEntity } from '../../../domain/table-editor/types.ts';
import { Switch } from '../../../ui/Switch.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import type { PanelProps } from './PanelHost.tsx';
import * as css from './Panels.css.ts';
import { SidePanel } from './SidePanel.tsx';
import { useTask } from '../../shared/useTask.ts';

/** Rename, move to another schema, comment, RLS on/off — only what changed, in one transaction. */
export function EditTablePanel({ projectRef, canWrite, onClose, onDone, table }: PanelProps & { table: TableEntity }) {
  const [name, setName] = useState(table.name);
  const [schema, setSchema] = useState(table.schema);
  const [comment, setComment] = useState(table.comment ?? '');
  const [rlsEnabled, setRls] = useState(table.rls_enabled);
  const changes: TableChanges = {
    ...(name.trim() !== table.name ? { name: name.trim() } : {}),
    ...(schema.trim() !== table.schema ? { schema: schema.trim() } : {}),
    ...(comment !== (table.comment ?? '') ? { comment: comment === '' ? null : comment } : {}),
    ...(rlsEnabled !== table.rls_enabled ? { rlsEnabled } : {}),
  };
  const task = useTask(scriptTask<TableChanges>(), { onDone: ({ meta }) => onDone(`Successfully updated ${meta.name ?? table.name}!`, 'tables', 'table') });
  return (
    <SidePanel
      title={`Update table ${table.name}`}
      onClose={onClose}
      submitLabel="Save"
      onSubmit={() => task.run({ projectRef, build: () => editTableSql(table, changes), meta: changes })}
      submitting={task.running}
      submitDisabled={Object.keys(changes).length === 0 || name.trim() === '' || schema.trim() === ''}
      error={task.error}
      errorSubject="Failed to update table"
      canWrite={canWrite}
      projectRef={projectRef}
    >
      <TextField label="Name" value={name} onChange={setName} autoFocus isDisabled={!canWrite} />
      <TextField label="Schema" value={schema} onChange={setSchema} description="Moving a table keeps its rows and keys." isDisabled={!canWrite} />
      <TextField label="Description" value={comment} onChange={setComment} isDisabled={!canWrite} />
      <Switch isSelected={rlsEnabled} onChange={setRls} isDisabled={!canWrite}>Enable Row Level Security (RLS)</Switch>
    </SidePanel>
  );
}

interface DuplicateRequest {
  schema: string;
  name: string;
  withData: boolean;
}

/** A copy of the structure (columns, defaults, constraints except foreign keys, indexes, comments), rows optional. */
export function DuplicateTablePanel({ projectRef, canWrite, onClose, onDone, table }: PanelProps & { table: TableEntity }) {
  const [name, setName] = useState(`${table.name}_duplicate`);
  const [schema, setSchema] = useState(table.schema);
  const [withData, setWithData] = useState(false);
  const task = useTask(scriptTask<DuplicateRequest>(), { onDone: ({ meta }) => onDone(`Table ${meta.name} is good to go!`, 'tables') });
  const duplicate = (request: DuplicateRequest) =>
    task.run({ projectRef, build: () => duplicateTableSql(table, { schema: request.schema, name: request.name }, request.withData), meta: request });
  return (
    <SidePanel
      title={`Duplicate table ${table.name}`}
      onClose={onClose}
      submitLabel="Save"
      onSubmit={() => duplicate({ schema: schema.trim(), name: name.trim(), withData })}
      submitting={task.running}
      submitDisabled={name.trim() === '' || schema.trim() === ''}
      error={task.error}
      errorSubject="Failed to duplicate table"
      canWrite={canWrite}
      projectRef={projectRef}
    >
      <TextField label="Name" value={name} onChange={setName} autoFocus isDisabled={!canWrite} />
      <TextField label="Schema" value={schema} onChange={setSchema} isDisabled={!canWrite} />
      <Switch isSelected={withData} onChange={setWithData} isDisabled={!canWrite}>Duplicate table data</Switch>
      <p className={css.hint}>Foreign keys are not copied; add them to the new table if it needs them.</p>
    </SidePanel>
  );
}
