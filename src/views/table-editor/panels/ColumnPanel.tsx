// Add column / edit column (spec B2.1 side panel). An edit alters only what changed, in one transaction; a Postgres
// error shows in the panel and every field keeps what was typed.
import { columnProblem } from '../../../domain/table-editor/column-rules.ts';
import { useState } from 'react';
import { saveColumnTask } from '../../../actors/table-editor-tasks.ts';
import { columnFromInfo, type EditableColumn } from '../../../domain/table-editor/ddl-edit-column.ts';
import type { ColumnInfo, TableMeta } from '../../../domain/table-editor/types.ts';
import { blankColumn, ColumnEditor } from './ColumnEditor.tsx';
import type { PanelProps } from './PanelHost.tsx';
import * as css from './Panels.css.ts';
import { SidePanel } from './SidePanel.tsx';
import { useCatalogChoices } from './useCatalogChoices.ts';
import { useTask } from '../../shared/useTask.ts';

export function ColumnPanel({ projectRef, canWrite, onClose, onDone, table, column }: PanelProps & { table: TableMeta; column: ColumnInfo | null }) {
  const [before] = useState<EditableColumn | null>(() => (column ? columnFromInfo(column, table) : null));
  const [value, setValue] = useState<EditableColumn>(() => before ?? blankColumn());
  const choices = useCatalogChoices(projectRef);
  const task = useTask(saveColumnTask, {
    onDone: (name) => onDone(column ? `Successfully updated column "${name}"` : `Successfully added column "${name}"`, 'table', 'rows'),
  });
  const title = column ? `Update column ${column.name} of ${table.name}` : `Add new column to ${table.name}`;
  return (
    <SidePanel
      title={title}
      onClose={onClose}
      submitLabel="Save"
      onSubmit={() => task.run({ projectRef, table, before: before && column ? { info: column, column: before } : null, next: value })}
      submitting={task.running}
      submitDisabled={value.name.trim() === '' || columnProblem(value) !== null}
      error={task.error ?? choices.error}
      errorSubject={column ? 'Failed to update column' : 'Failed to add column'}
      canWrite={canWrite}
      projectRef={projectRef}
    >
      <p className={css.hint}>Table: <span className={css.mono}>{table.schema}.{table.name}</span></p>
      <ColumnEditor value={value} onChange={setValue} enums={choices.enums} targets={choices.targets} isDisabled={!canWrite} />
    </SidePanel>
  );
}
