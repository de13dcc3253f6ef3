// The host of every side panel and confirmation dialog of the table editor (spec B2.1): it shows exactly the one the
// UI actor is in. `table` is the relation of the open tab (null on the editor home). Each panel submits through its
// own task machine; on success the host refreshes what changed, closes the panel and says so.
import { parseSchemaList } from '../../../domain/table-editor/table-list.ts';
import { useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { selectUiContext, selectUiView } from '../../../../machines/table-editor-ui.selectors.ts';
import { canWriteTables } from '../../../domain/table-editor/templates.ts';
import type { TableMeta } from '../../../domain/table-editor/types.ts';
import { toast } from '../../../ui/toast.ts';
import { useProjectRole } from '../../shared/useProjectRole.ts';
import { CsvImportPanel } from '../csv/CsvImportPanel.tsx';
import { useTableEditor, type InvalidationKind } from '../TableEditorContext.tsx';
import { ColumnPanel } from './ColumnPanel.tsx';
import { DeleteColumnDialog, DeleteRowsDialog, DeleteTableDialog } from './ConfirmDialogs.tsx';
import { ExpandValuePanel } from './ExpandValuePanel.tsx';
import { ReferencePickerPanel } from './ReferencePickerPanel.tsx';
import { RowPanel } from './RowPanel.tsx';
import { SchemaPanel } from './SchemaPanel.tsx';
import { SidePanel } from './SidePanel.tsx';
import { DuplicateTablePanel, EditTablePanel } from './TableSettingsPanels.tsx';
import { NewTablePanel } from './NewTablePanel.tsx';

/** What every panel gets from the host. */
export interface PanelProps {
  projectRef: string;
  canWrite: boolean;
  onClose: () => void;
  /** After a successful change: refresh `kinds`, close, toast `message`. */
  onDone: (message: string, ...kinds: InvalidationKind[]) => void;
}

export function PanelHost({ table }: { table: TableMeta | null }) {
  const { project, ui, invalidate } = useTableEditor();
  const view = useSelector(ui, selectUiView);
  const context = useSelector(ui, selectUiContext);
  const canWrite = canWriteTables(useProjectRole(project));
  // The schema the table list shows (the first when it shows several): a new table goes there unless a table of
  // another schema is open.
  const listSchema = parseSchemaList((useSearch({ strict: false }) as { schema?: unknown }).schema)[0]!;
  if (view.area === 'none') return null;

  const onClose = () => ui.send({ type: 'ui.close' });
  const props: PanelProps = {
    projectRef: project.ref,
    canWrite,
    onClose,
    onDone: (message, ...kinds) => {
      invalidate(...kinds);
      ui.send({ type: 'ui.close' });
      toast.success(message);
    },
  };
  const needsTable = (render: (meta: TableMeta) => ReactNode) =>
    table ? render(table) : (
      <SidePanel title="No table open" onClose={onClose} canWrite={false} projectRef={project.ref}>
        <p>Open a table first.</p>
      </SidePanel>
    );

  if (view.area === 'confirm') {
    switch (view.kind) {
      case 'deleteTable':
        return context.table ? <DeleteTableDialog {...props} table={context.table} cascade={context.cascade} onCascade={(cascade) => ui.send({ type: 'ui.cascade', cascade })} /> : null;
      case 'deleteColumn':
        return needsTable((meta) => context.column ? <DeleteColumnDialog {...props} table={meta} column={context.column} cascade={context.cascade} onCascade={(cascade) => ui.send({ type: 'ui.cascade', cascade })} /> : null);
      case 'deleteRows':
        return needsTable((meta) => <DeleteRowsDialog {...props} table={meta} rows={context.rows} count={context.count} allSelected={context.allSelected} />);
    }
  }

  // The key makes each opening start with fresh inputs (a new row, another column…).
  switch (view.kind) {
    case 'newSchema':
      return <SchemaPanel {...props} />;
    case 'newTable':
      return <NewTablePanel {...props} template={context.template} schema={table?.schema ?? listSchema} />;
    case 'editTable':
      return context.table ? <EditTablePanel key={context.table.id} {...props} table={context.table} /> : null;
    case 'duplicateTable':
      return context.table ? <DuplicateTablePanel key={context.table.id} {...props} table={context.table} /> : null;
    case 'addColumn':
      return needsTable((meta) => <ColumnPanel key="add" {...props} table={meta} column={null} />);
    case 'editColumn':
      return needsTable((meta) => <ColumnPanel key={context.column?.id} {...props} table={meta} column={context.column} />);
    case 'addRow':
    case 'editRow':
      return needsTable((meta) => (
        <RowPanel
          key={JSON.stringify([view.kind, context.row, context.chosen])}
          {...props}
          table={meta}
          row={view.kind === 'editRow' ? context.row : null}
          draft={context.draft}
          chosen={context.chosen}
          onChooseReference={(column, draft) => ui.send({ type: 'ui.chooseReference', column, ...(context.row ? { row: context.row } : {}), draft })}
        />
      ));
    case 'expandJson':
    case 'expandText':
      return needsTable((meta) =>
        context.column && context.row ? <ExpandValuePanel {...props} table={meta} column={context.column} row={context.row} json={view.kind === 'expandJson'} /> : null,
      );
    case 'chooseReference':
      return needsTable((meta) =>
        context.column ? (
          <ReferencePickerPanel
            {...props}
            table={meta}
            column={context.column}
            row={context.returnTo === null ? context.row : null}
            onChosen={(value) => ui.send({ type: 'ui.referenceChosen', value })}
          />
        ) : null,
      );
    case 'importCsv':
      return needsTable((meta) => (
        <CsvImportPanel
          projectRef={project.ref}
          table={meta}
          onClose={onClose}
          onImported={(rows) => props.onDone(`Imported ${rows} rows into ${meta.name}`, 'rows', 'table', 'tables')}
        />
      ));
  }
}
