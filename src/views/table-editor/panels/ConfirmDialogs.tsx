// The confirmation dialogs of the table editor (spec B2.1): delete table and delete column, each with a 'delete with
// cascade' toggle that starts off (it lives in the UI machine), and delete rows with their number and the
// 'all rows selected' state (then every row the current filter selects is deleted).
import { useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { scriptTask } from '../../../actors/table-editor-tasks.ts';
import { tabId } from '../../../domain/editor-tabs.ts';
import { deleteColumnSql, deleteTableSql } from '../../../domain/table-editor/ddl.ts';
import { rowKey } from '../../../domain/table-editor/row-values.ts';
import { deleteRowsSql } from '../../../domain/table-editor/sql.ts';
import type { ColumnInfo, Row, TableEntity, TableMeta } from '../../../domain/table-editor/types.ts';
import { parseFilters } from '../../../domain/table-editor/url.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog, Modal } from '../../../ui/Dialog.tsx';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { useEditorTabs } from '../../editor/EditorTabsContext.tsx';
import type { PanelProps } from './PanelHost.tsx';
import * as css from './Panels.css.ts';
import { useTask } from '../../shared/useTask.ts';

interface ConfirmProps {
  title: string;
  /** What failed, above Postgres's message. */
  errorSubject: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  submitting: boolean;
  error: string | null;
  projectRef: string;
  canWrite: boolean;
  children: ReactNode;
}

function Confirm({ title, errorSubject, confirmLabel, onConfirm, onClose, submitting, error, projectRef, canWrite, children }: ConfirmProps) {
  return (
    <Modal isOpen onOpenChange={(open) => !open && !submitting && onClose()} size="small">
      <Dialog
        title={title}
        role="alertdialog"
        footer={
          <>
            <Button onPress={onClose} isDisabled={submitting}>Cancel</Button>
            {canWrite ? <Button variant="danger" onPress={onConfirm} isPending={submitting}>{confirmLabel}</Button> : null}
          </>
        }
      >
        <div className={css.form}>
          {children}
          {error ? <ErrorAlert subject={errorSubject} error={error} projectRef={projectRef} /> : null}
        </div>
      </Dialog>
    </Modal>
  );
}

interface CascadeProps {
  cascade: boolean;
  onCascade: (cascade: boolean) => void;
}

export function DeleteTableDialog({ projectRef, canWrite, onClose, onDone, table, cascade, onCascade }: PanelProps & CascadeProps & { table: TableEntity }) {
  const tabs = useEditorTabs();
  const task = useTask(scriptTask(), {
    onDone: () => {
      // The dropped table's tab and recent item go too (the layout then shows the next tab or the editor home).
      tabs.send({ type: 'tab.close', id: tabId(table.type, table.id) });
      tabs.send({ type: 'recent.remove', id: tabId(table.type, table.id) });
      onDone(`Successfully deleted table "${table.name}"`, 'tables', 'table', 'rows');
    },
  });
  return (
    <Confirm
      title={`Confirm deletion of table "${table.name}"`}
      errorSubject="Failed to delete table"
      confirmLabel="Delete"
      onConfirm={() => task.run({ projectRef, build: () => deleteTableSql(table, cascade), meta: null })}
      onClose={onClose}
      submitting={task.running}
      error={task.error}
      projectRef={projectRef}
      canWrite={canWrite}
    >
      <p>Are you sure you want to delete the selected table? This action cannot be undone.</p>
      <Switch isSelected={cascade} onChange={onCascade} isDisabled={!canWrite || task.running}>Drop table with cascade?</Switch>
      <p className={css.hint}>Deletes the table and its dependent objects (e.g. foreign keys of other tables, views).</p>
    </Confirm>
  );
}

export function DeleteColumnDialog({ projectRef, canWrite, onClose, onDone, table, column, cascade, onCascade }: PanelProps & CascadeProps & { table: TableMeta; column: ColumnInfo }) {
  const task = useTask(scriptTask(), { onDone: () => onDone(`Successfully deleted column "${column.name}"`, 'table', 'rows') });
  return (
    <Confirm
      title={`Confirm deletion of column "${column.name}"`}
      errorSubject="Failed to delete column"
      confirmLabel="Delete"
      onConfirm={() => task.run({ projectRef, build: () => deleteColumnSql(table, column.name, cascade), meta: null })}
      onClose={onClose}
      submitting={task.running}
      error={task.error}
      projectRef={projectRef}
      canWrite={canWrite}
    >
      <p>Are you sure you want to delete the selected column? This action cannot be undone.</p>
      <Switch isSelected={cascade} onChange={onCascade} isDisabled={!canWrite || task.running}>Drop column with cascade?</Switch>
      <p className={css.hint}>Deletes the column and its dependent objects (e.g. views, constraints using it).</p>
    </Confirm>
  );
}

export function DeleteRowsDialog({ projectRef, canWrite, onClose, onDone, table, rows, count, allSelected }: PanelProps & {
  table: TableMeta;
  rows: Row[];
  count: number;
  allSelected: boolean;
}) {
  // With all rows selected, the current filter of the grid's URL says which rows go.
  const search = useSearch({ strict: false }) as { filter?: unknown };
  const filters = parseFilters(search.filter);
  const task = useTask(scriptTask(), { onDone: () => onDone(`Successfully deleted ${count} ${count === 1 ? 'row' : 'rows'}`, 'rows', 'table') });
  const build = () =>
    allSelected
      ? deleteRowsSql(table.schema, table.name, { all: true, filters })
      : deleteRowsSql(table.schema, table.name, { keys: rows.map((row) => rowKey(table, row)) });
  const noun = count === 1 ? 'row' : 'rows';
  return (
    <Confirm
      title={`Confirm to delete the selected ${noun}`}
      errorSubject="Failed to delete rows"
      confirmLabel={`Delete ${count} ${noun}`}
      onConfirm={() => task.run({ projectRef, build, meta: null })}
      onClose={onClose}
      submitting={task.running}
      error={task.error}
      projectRef={projectRef}
      canWrite={canWrite}
    >
      <p>
        {allSelected
          ? `All ${count} ${noun} ${filters.length > 0 ? 'matching the current filter' : 'of the table'} will be deleted.`
          : `Are you sure you want to delete the selected ${count} ${noun}?`}{' '}
        This action cannot be undone.
      </p>
    </Confirm>
  );
}
