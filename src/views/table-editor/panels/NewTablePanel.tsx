// New table (spec B2.1 side panel), optionally started from template data: name, description, RLS, columns (each
// with type, default, nullability, keys, foreign key). The table, its comments, RLS and any sample rows are created
// in one transaction.
import { useState } from 'react';
import { createTableTask } from '../../../actors/table-editor-tasks.ts';
import { columnProblem } from '../../../domain/table-editor/column-rules.ts';
import type { EditableColumn } from '../../../domain/table-editor/ddl-edit-column.ts';
import { TABLE_TEMPLATES, type TableTemplate } from '../../../domain/table-editor/templates.ts';
import { Button } from '../../../ui/Button.tsx';
import { PlusIcon } from '../../../ui/Icon.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { blankColumn, ColumnEditor } from './ColumnEditor.tsx';
import type { PanelProps } from './PanelHost.tsx';
import * as css from './Panels.css.ts';
import { SidePanel } from './SidePanel.tsx';
import { useCatalogChoices } from './useCatalogChoices.ts';
import { useTask } from '../../shared/useTask.ts';

const STARTER_COLUMNS: EditableColumn[] = [
  { ...blankColumn('id'), type: { kind: 'builtin', name: 'int8' }, isIdentity: true, isPrimaryKey: true, isNullable: false },
  { ...blankColumn('created_at'), type: { kind: 'builtin', name: 'timestamptz' }, default: { kind: 'expression', sql: 'now()' }, isNullable: false },
];

export function NewTablePanel({ projectRef, canWrite, onClose, onDone, template, schema: initialSchema }: PanelProps & { template: boolean; schema: string }) {
  const [schema, setSchema] = useState(initialSchema);
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [rlsEnabled, setRls] = useState(true);
  const [columns, setColumns] = useState<EditableColumn[]>(STARTER_COLUMNS);
  const [chosenTemplate, setTemplate] = useState<TableTemplate | null>(null);
  const [withRows, setWithRows] = useState(true);
  const choices = useCatalogChoices(projectRef);
  const task = useTask(createTableTask, { onDone: (created) => onDone(`Table ${created} is good to go!`, 'tables') });

  const applyTemplate = (t: TableTemplate) => {
    setTemplate(t);
    setName(t.id);
    setComment(t.description);
    setColumns(t.columns);
  };
  const update = (index: number, next: EditableColumn) => setColumns(columns.map((c, i) => (i === index ? next : c)));
  const invalid = name.trim() === '' || columns.length === 0 || columns.some((c) => c.name.trim() === '' || columnProblem(c) !== null);

  return (
    <SidePanel
      title={`Create a new table under ${schema}`}
      onClose={onClose}
      submitLabel="Save"
      onSubmit={() =>
        task.run({ projectRef, schema: schema.trim(), name: name.trim(), comment, rlsEnabled, columns, rows: chosenTemplate && withRows ? chosenTemplate.rows : [] })
      }
      submitting={task.running}
      submitDisabled={invalid}
      error={task.error ?? choices.error}
      errorSubject="Failed to create table"
      canWrite={canWrite}
      projectRef={projectRef}
    >
      <section className={css.section} aria-label="Templates">
        <p className={css.sectionTitle}>{template ? 'Start from template data' : 'Or start from template data'}</p>
        <div className={css.row}>
          {TABLE_TEMPLATES.map((t) => (
            <Button key={t.id} size="tiny" variant={chosenTemplate?.id === t.id ? 'primary' : 'outline'} onPress={() => applyTemplate(t)} isDisabled={!canWrite}>
              {t.label}
            </Button>
          ))}
        </div>
        {chosenTemplate ? (
          <Switch isSelected={withRows} onChange={setWithRows}>Include {chosenTemplate.rows.length} sample rows</Switch>
        ) : null}
      </section>
      <TextField label="Name" value={name} onChange={setName} autoFocus isDisabled={!canWrite} />
      <TextField label="Schema" value={schema} onChange={setSchema} isDisabled={!canWrite} />
      <TextField label="Description" value={comment} onChange={setComment} placeholder="Optional" isDisabled={!canWrite} />
      <Switch isSelected={rlsEnabled} onChange={setRls} isDisabled={!canWrite}>Enable Row Level Security (RLS)</Switch>
      <section className={css.section} aria-label="Columns">
        <p className={css.sectionTitle}>Columns</p>
        {columns.map((column, index) => (
          <div key={index} className={css.card} data-testid="new-table-column">
            <ColumnEditor value={column} onChange={(next) => update(index, next)} enums={choices.enums} targets={choices.targets} isDisabled={!canWrite} compact />
            <div>
              <Button size="tiny" variant="ghost" onPress={() => setColumns(columns.filter((_, i) => i !== index))} isDisabled={!canWrite}>
                Remove column {column.name}
              </Button>
            </div>
          </div>
        ))}
        <div>
          <Button size="small" icon={<PlusIcon size={14} />} onPress={() => setColumns([...columns, blankColumn()])} isDisabled={!canWrite}>
            Add column
          </Button>
        </div>
      </section>
    </SidePanel>
  );
}
