// Add column / edit column (spec B2.1 side panel). An edit alters only what changed, in one transaction; a Postgres
// error shows in the panel and every field keeps what was typed.
import { columnProblem } from '../../../domain/table-editor/column-rules.ts';
import { useState } from 'react';
import { fetchColumnConstraints, runScript } from '../../../api/table-editor-panels.ts';
import { addColumnSql, type ColumnDefinition } from '../../../domain/table-editor/ddl.ts';
import { columnFromInfo, editColumnSql, type EditableColumn } from '../../../domain/table-editor/ddl-edit-column.ts';
import type { ColumnInfo, TableMeta } from '../../../domain/table-editor/types.ts';
import { blankColumn, ColumnEditor } from './ColumnEditor.tsx';
import type { PanelProps } from './PanelHost.tsx';
import * as css from './Panels.css.ts';
import { SidePanel } from './SidePanel.tsx';
import { useCatalogChoices } from './useCatalogChoices.ts';
import { useEditorTask } from './useEditorTask.ts';

export function ColumnPanel({ projectRef, canWrite, onClose, onDone, table, column }: PanelProps & { table: TableMeta; column: ColumnInfo | null }) {
  const [before] = useState<EditableColumn | null>(() => (column ? columnFromInfo(column, table) : null));
  const [value, setValue] = useState<EditableColumn>(() => before ?? blankColumn());
  const choices = useCatalogChoices(projectRef);
  const task = useEditorTask(async (next: EditableColumn) => {
    if (before && column) {
      const constraints = await fetchColumnConstraints(projectRef, table, column.name);
      await runScript(projectRef, editColumnSql(table, before, next, constraints));
      onDone(`Successfully updated column "${next.name}"`, 'table', 'rows');
    } else {
      if (next.default.kind === 'existing') throw new Error('A new column cannot keep an existing default');
      await runScript(projectRef, addColumnSql(table, next as ColumnDefinition));
      onDone(`Successfully added column "${next.name}"`, 'table', 'rows');
    }
  });
  const title = column ? `Update column ${column.name} of ${table.name}` : `Add new column to ${table.name}`;
  return (
    <SidePanel
      title={title}
      onClose={onClose}
      submitLabel="Save"
      onSubmit={() => task.submit(value)}
      submitting={task.submitting}
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
