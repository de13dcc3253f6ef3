// New schema (spec B2.1 side panel).
import { useState } from 'react';
import { scriptTask } from '../../../actors/table-editor-tasks.ts';
import { createSchemaSql } from '../../../domain/table-editor/ddl.ts';
import { TextField } from '../../../ui/TextField.tsx';
import type { PanelProps } from './PanelHost.tsx';
import { SidePanel } from './SidePanel.tsx';
import { useTask } from '../../shared/useTask.ts';

export function SchemaPanel({ projectRef, canWrite, onClose, onDone }: PanelProps) {
  const [name, setName] = useState('');
  const task = useTask(scriptTask<string>(), { onDone: ({ meta: schema }) => onDone(`Successfully created schema "${schema}"`, 'tables') });
  return (
    <SidePanel
      title="Create a new schema"
      onClose={onClose}
      submitLabel="Create schema"
      onSubmit={() => task.run({ projectRef, build: () => createSchemaSql(name.trim()), meta: name.trim() })}
      submitting={task.running}
      submitDisabled={name.trim() === ''}
      error={task.error}
      errorSubject="Failed to create schema"
      canWrite={canWrite}
      projectRef={projectRef}
    >
      <TextField label="Name" value={name} onChange={setName} autoFocus isDisabled={!canWrite} />
    </SidePanel>
  );
}
