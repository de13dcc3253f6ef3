// New schema (spec B2.1 side panel).
import { useState } from 'react';
import { runScript } from '../../../api/table-editor-panels.ts';
import { createSchemaSql } from '../../../domain/table-editor/ddl.ts';
import { TextField } from '../../../ui/TextField.tsx';
import type { PanelProps } from './PanelHost.tsx';
import { SidePanel } from './SidePanel.tsx';
import { useEditorTask } from './useEditorTask.ts';

export function SchemaPanel({ projectRef, canWrite, onClose, onDone }: PanelProps) {
  const [name, setName] = useState('');
  const task = useEditorTask(async (schema: string) => {
    await runScript(projectRef, createSchemaSql(schema));
    onDone(`Successfully created schema "${schema}"`, 'tables');
  });
  return (
    <SidePanel
      title="Create a new schema"
      onClose={onClose}
      submitLabel="Create schema"
      onSubmit={() => task.submit(name.trim())}
      submitting={task.submitting}
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
