// Add row / edit row (spec B2.1 side panel): a field per column. A foreign-key column's 'Select a record' hands what
// was typed to the UI machine, which gives it back (with the chosen value) when the picker returns here. The edit
// panel lists the row's reverse references. Insert/update go as bind parameters; a Postgres error keeps every field.
// The edit panel reads the row again, whole and as Postgres's text (issue 14.1): the grid's values are cut on the wire
// and partly parsed, and a form built from them changed values (a jsonb object saved back as a string).
import { useState } from 'react';
import { editRowRead, scriptTask } from '../../../actors/table-editor-tasks.ts';
import { initialDraft, initialField, insertStatement, rowKey, updateStatement, valueText, fieldKind, fieldProblem, type RowDraft } from '../../../domain/table-editor/row-values.ts';
import type { ColumnInfo, Row, TableMeta } from '../../../domain/table-editor/types.ts';
import type { PanelProps } from './PanelHost.tsx';
import * as css from './Panels.css.ts';
import { ReverseReferences } from './ReverseReferences.tsx';
import { RowField } from './RowField.tsx';
import { SidePanel } from './SidePanel.tsx';
import { useTask, useTaskRead } from '../../shared/useTask.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';

export interface RowPanelProps extends PanelProps {
  table: TableMeta;
  /** The row to edit; null to add one. */
  row: Row | null;
  /** What was typed before a detour to the reference picker. */
  draft: Record<string, unknown> | null;
  chosen: { column: string; value: unknown } | null;
  onChooseReference: (column: ColumnInfo, draft: RowDraft) => void;
}

function startingDraft(table: TableMeta, row: Row | null, draft: Record<string, unknown> | null, chosen: RowPanelProps['chosen']): RowDraft {
  const start: RowDraft = { ...initialDraft(table, row), ...((draft as RowDraft | null) ?? {}) };
  const column = chosen ? table.columns.find((c) => c.name === chosen.column) : undefined;
  if (chosen && column) {
    start[column.name] = chosen.value === null ? { mode: 'null' } : { mode: 'value', text: valueText(chosen.value, fieldKind(column)) };
  }
  return start;
}

export function RowPanel(props: RowPanelProps) {
  return props.row ? <EditRowPanel {...props} row={props.row} /> : <RowForm {...props} row={null} />;
}

/** Edit: the form opens on the row as read again by its key. */
function EditRowPanel(props: RowPanelProps & { row: Row }) {
  const { projectRef, table, row, onClose, canWrite } = props;
  const key = rowKey(table, row);
  const whole = useTaskRead(editRowRead, { projectRef, table, key }, JSON.stringify([projectRef, table.id, key]));
  if (whole.data) return <RowForm {...props} row={whole.data} />;
  return (
    <SidePanel
      title={`Update row from ${table.name}`}
      onClose={onClose}
      submitLabel="Save"
      onSubmit={() => undefined}
      submitting={false}
      submitDisabled
      error={whole.error}
      errorSubject="Failed to read the row"
      canWrite={canWrite}
      projectRef={projectRef}
    >
      {whole.error ? null : <Skeleton height={240} />}
    </SidePanel>
  );
}

function RowForm({ projectRef, canWrite, onClose, onDone, table, row, draft, chosen, onChooseReference }: RowPanelProps) {
  const [fields, setFields] = useState<RowDraft>(() => startingDraft(table, row, draft, chosen));
  const task = useTask(scriptTask(), {
    // An edit that changes nothing sends nothing and just closes.
    onDone: ({ ran }) => (!ran ? onClose() : row ? onDone('Successfully updated row', 'rows') : onDone('Successfully added row', 'rows', 'table')),
  });
  const save = (values: RowDraft) =>
    task.run({ projectRef, build: () => (row ? updateStatement(table, row, values) : insertStatement(table, values)), meta: null });
  const outgoing = (column: ColumnInfo) =>
    table.relationships.find((r) => r.source_schema === table.schema && r.source_table_name === table.name && r.source_column_name === column.name);
  // A column that arrived after the panel opened (the column list is re-read after 'Insert column') starts as it
  // would on a fresh panel, not as NULL.
  const current = (column: ColumnInfo) => fields[column.name] ?? initialField(column, row);
  const invalid = table.columns.some((column) => fieldProblem(column, current(column)) !== null);

  return (
    <SidePanel
      title={row ? `Update row from ${table.name}` : `Add new row to ${table.name}`}
      onClose={onClose}
      submitLabel="Save"
      onSubmit={() => save(Object.fromEntries(table.columns.map((column) => [column.name, current(column)])))}
      submitting={task.running}
      submitDisabled={invalid}
      error={task.error}
      errorSubject={row ? 'Failed to update row' : 'Failed to add row'}
      canWrite={canWrite}
      projectRef={projectRef}
    >
      {table.columns.map((column) => {
        const fk = outgoing(column);
        return (
          <RowField
            key={column.name}
            column={column}
            value={current(column)}
            onChange={(next) => setFields((current) => ({ ...current, [column.name]: next }))}
            isDisabled={!canWrite || column.is_generated || column.identity_generation === 'ALWAYS'}
            referenceLabel={fk ? `${fk.target_table_schema}.${fk.target_table_name}.${fk.target_column_name}` : undefined}
            onSelectRecord={fk && canWrite ? () => onChooseReference(column, fields) : undefined}
          />
        );
      })}
      {row ? <ReverseReferences projectRef={projectRef} table={table} row={row} onNavigate={onClose} /> : null}
      {table.primary_keys.length === 0 && row ? <p className={css.hint}>This table has no primary key: the row is matched by all its values.</p> : null}
    </SidePanel>
  );
}
