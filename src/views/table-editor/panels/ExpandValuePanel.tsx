// Expand a JSON value / a cell's text (spec B2.1 side panels). The grid cuts large cells on the wire, so the whole
// value is read again by the row's primary key before it shows; it is editable (JSON pretty-printed and validated)
// and saved with an update of that one column.
import { useState } from 'react';
import { cellValueRead, scriptTask } from '../../../actors/table-editor-tasks.ts';
import { expandedText, initialDraft, updateStatement } from '../../../domain/table-editor/row-values.ts';
import type { ColumnInfo, Row, TableMeta } from '../../../domain/table-editor/types.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import type { PanelProps } from './PanelHost.tsx';
import * as css from './Panels.css.ts';
import { SidePanel } from './SidePanel.tsx';
import { useTask, useTaskRead } from '../../shared/useTask.ts';

function jsonProblem(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return `Invalid JSON: ${(error as Error).message}`;
  }
}

export function ExpandValuePanel({ projectRef, canWrite, onClose, onDone, table, column, row, json }: PanelProps & {
  table: TableMeta;
  column: ColumnInfo;
  row: Row;
  json: boolean;
}) {
  const [text, setText] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  // The editor starts from the whole value once it has arrived (or from the grid's, if reading it failed); what is
  // typed afterwards is never replaced.
  const begin = (value: unknown) => {
    if (text !== null) return;
    // The whole value as Postgres's text, JSON laid out with every number kept as written (issue 14.1).
    const start = expandedText(value, json);
    setText(start);
    setShown(start);
  };
  const whole = useTaskRead(cellValueRead, { projectRef, table, column: column.name, row }, JSON.stringify([projectRef, table.id, column.name, row]), {
    onDone: begin,
    onFailed: () => begin(row[column.name]),
  });
  const problem = json && text !== null ? jsonProblem(text) : null;
  const task = useTask(scriptTask(), { onDone: ({ ran }) => (ran ? onDone(`Successfully updated ${column.name}`, 'rows') : onClose()) });
  const save = (next: string) => {
    // Nothing typed: nothing written (a json value keeps its exact text).
    if (next === shown) return onClose();
    const draft = { ...initialDraft(table, row), [column.name]: next === '' && column.is_nullable ? ({ mode: 'null' } as const) : ({ mode: 'value', text: next } as const) };
    task.run({ projectRef, build: () => updateStatement(table, row, draft), meta: null });
  };
  const title = json ? `View JSON: ${column.name}` : `View value: ${column.name}`;
  return (
    <SidePanel
      title={title}
      onClose={onClose}
      submitLabel="Save"
      onSubmit={() => text !== null && save(text)}
      submitting={task.running}
      submitDisabled={text === null || problem !== null || !column.is_updatable}
      error={task.error ?? whole.error}
      errorSubject={task.error ? 'Failed to update value' : 'Failed to read the whole value'}
      canWrite={canWrite}
      projectRef={projectRef}
    >
      {text === null ? (
        <Skeleton height={240} />
      ) : (
        <label className={css.section}>
          <span className={css.fieldLabel}>{column.name} <span className={css.mono}>({column.format})</span></span>
          <textarea
            className={css.textarea}
            value={text}
            onChange={(event) => setText(event.target.value)}
            readOnly={!canWrite}
            spellCheck={false}
            aria-invalid={problem !== null}
            rows={16}
          />
          {problem ? <span role="alert" className={css.hint}>{problem}</span> : null}
        </label>
      )}
    </SidePanel>
  );
}

