// One table tab (spec B2.1, issue 6): toolbar, filter bar and the grid over the table's rows. The page owns the
// rows actor; sort and filter come from the URL (the route) and go back to it. When the table loads it opens (or
// keeps) its tab, adds it to the recent items, tells the editor which table is open, and keeps the tab's scroll.
// What changes the rows reaches the rows machine as events (the URL's query and the chosen role forwarded as they
// are, the editor's data.changed, the scroll position): the machine decides what that changes (issue 15).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { selectCount, selectError, selectIsEmpty, selectRowTotal, selectSelection } from '../../../../machines/table-rows.selectors.ts';
import { gridRowsLogic } from '../../../actors/table-rows.ts';
import type { Project } from '../../../api/types.ts';
import { restoredScrollTop, tabId } from '../../../domain/editor-tabs.ts';
import { pickedReplica } from '../../../domain/database-picker.ts';
import { canEditColumns, canEditRows, isJsonColumn } from '../../../domain/table-editor/grid-cells.ts';
import type { GridRow } from '../../../domain/table-editor/rows.ts';
import { canWriteTables } from '../../../domain/table-editor/templates.ts';
import type { ColumnInfo, Relationship, RowFilter, RowSort, TableMeta } from '../../../domain/table-editor/types.ts';
import { knownColumns, parseFilters, parseSorts, serializeFilters, serializeSorts, toggleSort } from '../../../domain/table-editor/url.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useEditorTabs } from '../../editor/EditorTabsContext.tsx';
import { useImpersonation } from '../../editor/ImpersonationContext.tsx';
import { DatabasePicker } from '../../editor/DatabasePicker.tsx';
import { RolePicker } from '../../editor/RolePicker.tsx';
import { selectImpersonation } from '../../../../machines/role-impersonation.selectors.ts';
import { useProjectRole } from '../../shared/useProjectRole.ts';
import { ExportButton } from '../csv/ExportButton.tsx';
import { useDataChanged, useTableEditor } from '../TableEditorContext.tsx';
import { DataGrid } from './DataGrid.tsx';
import { FilterBar } from './FilterBar.tsx';
import { GridToolbar } from './GridToolbar.tsx';
import { SortPopover } from './SortPopover.tsx';
import { selectionSize } from './selection.ts';
import * as css from './Grid.css.ts';
import { devInspect } from '../../../dev/live-inspect.ts';
import { copyCellTask, copyRowsTask } from '../../../actors/table-copy.ts';
import { useTask } from '../../shared/useTask.ts';
import { menuRowCount, rowsLabel } from '../../../domain/table-editor/row-menu.ts';
import { toast } from '../../../ui/toast.ts';
import type { CellMenuActions } from './CellMenu.tsx';
import { AddRowsDialog } from './AddRowsDialog.tsx';

export interface TableGridPageProps {
  project: Project;
  meta: TableMeta;
  sorts: RowSort[];
  filters: RowFilter[];
  onQueryChange: (query: { sorts?: RowSort[]; filters?: RowFilter[] }) => void;
  onFollow: (relationship: Relationship, value: unknown) => void;
}

const rowForPanels = (row: GridRow) => ({ ...row.values, ...(row.key ?? {}) });

export function TableGridPage({ project, meta, sorts, filters, onQueryChange, onFollow }: TableGridPageProps) {
  const { ui, setOpenTable, database, setDatabase } = useTableEditor();
  const tabs = useEditorTabs();
  const canWrite = canWriteTables(useProjectRole(project));
  const editRows = canEditRows(meta, canWrite);
  const editColumns = canEditColumns(meta, canWrite);
  const id = tabId(meta.type, meta.id);
  // The URL's sort and filter as the tab remembers them (issue 14 item 6).
  const view = { sort: serializeSorts(sorts), filter: serializeFilters(filters) };
  // The tab's scroll position, when it was taken in this same view (a new sort or filter starts at the top: issue 25).
  const [initialScrollTop] = useState(() => restoredScrollTop(tabs.getSnapshot().context.tabs.tabsMap[id], view));
  // spec B2.7: rows are read (and cells saved) as the role chosen in the role picker, read at each call.
  const impersonation = useImpersonation();
  // spec B2.3: rows are read on the read replica picked in the database picker (the primary when none or when it is
  // not healthy), read at each call too. A change of role or replica reads the rows again (the machine's `role` key).
  const replica = pickedReplica(project.ref, project.databases, database);
  const replicaRef = useRef(replica);
  useEffect(() => {
    replicaRef.current = replica;
  }, [replica]);
  const role = JSON.stringify([useSelector(impersonation, selectImpersonation) ?? null, replica ?? null]);
  const { logic, currentRole } = useMemo(() => gridRowsLogic(project.ref, impersonation, () => replicaRef.current), [project.ref, impersonation]);
  const rows = useActorRef(logic, {
    input: { table: meta, sorts, filters, role, visible: { start: Math.floor(initialScrollTop / css.ROW_HEIGHT), end: Math.floor(initialScrollTop / css.ROW_HEIGHT) + 30 } },
    inspect: devInspect,
  });
  const error = useSelector(rows, selectError);
  const count = useSelector(rows, selectCount);
  const isEmpty = useSelector(rows, selectIsEmpty);
  const selection = useSelector(rows, selectSelection);
  const total = useSelector(rows, selectRowTotal);
  const [addingRows, setAddingRows] = useState(false);

  // The table is open: its tab (kept if already open), a recent item, and the editor's open table. spec B2.2
  useEffect(() => {
    const metadata = { tableId: meta.id, schema: meta.schema };
    if (!tabs.getSnapshot().context.tabs.tabsMap[id]) tabs.send({ type: 'tab.openPreview', item: { type: meta.type, itemId: meta.id, label: meta.name, metadata } });
    tabs.send({ type: 'recent.add', item: { id, type: meta.type, label: meta.name, metadata }, timestamp: Date.now() });
    setOpenTable(meta);
  }, [tabs, id, meta, setOpenTable]);
  useEffect(() => () => setOpenTable(null), [setOpenTable]);

  // The tab remembers the sort and filter it is shown with, so going back to it navigates with them; another view
  // than the one it remembered forgets its scroll position (editor-tabs `setTabQuery`).
  useEffect(() => {
    tabs.send({ type: 'tab.query', id, sort: view.sort, filter: view.filter });
  }, [tabs, id, view.sort, view.filter]);

  // The URL's sort and filter and the table's columns (the same arrays while the URL stays), and the chosen role:
  // forwarded as they are; the machine ignores what it already shows.
  useEffect(() => rows.send({ type: 'rows.setQuery', table: meta, sorts, filters }), [rows, meta, sorts, filters]);
  useEffect(() => rows.send({ type: 'rows.role', role }), [rows, role]);
  // Another part changed the rows (insert, delete, import): reload what is shown.
  useDataChanged(['rows'], () => rows.send({ type: 'rows.refresh' }));
  // The machine says when the scrolling has settled; the tab remembers that position (spec B2.2).
  useEffect(() => {
    const settled = rows.on('scroll.settled', (event) => tabs.send({ type: 'tab.scroll', id, scrollTop: event.scrollTop }));
    return () => settled.unsubscribe();
  }, [rows, tabs, id]);

  // A sort or filter is applied at the click, then written to the URL (issue 25: the router took 200–500 ms to move
  // the URL before the effect above started the fetch). The URL's same query, when it comes, changes nothing.
  const changeQuery = (change: { sorts?: RowSort[]; filters?: RowFilter[] }) => {
    // As the route reads them back from the URL, so that its query is exactly this one.
    const names = meta.columns.map((column) => column.name);
    const nextSorts = change.sorts ? knownColumns(parseSorts(serializeSorts(change.sorts)), names) : sorts;
    const nextFilters = change.filters ? knownColumns(parseFilters(serializeFilters(change.filters)), names) : filters;
    rows.send({ type: 'rows.setQuery', table: meta, sorts: nextSorts, filters: nextFilters });
    // The URL follows in the next task, once the page request has left (it does within this task's microtasks): the
    // router's navigation re-renders the whole editor and wrote history before the request was sent (issue 25).
    setTimeout(() => onQueryChange(change), 0);
  };

  const expand = (column: ColumnInfo, row: GridRow) =>
    ui.send({ type: isJsonColumn(column) ? 'ui.expandJson' : 'ui.expandText', column, row: rowForPanels(row) });
  const selected = selectionSize(selection, count?.value ?? null);
  // The cell menu (issue 14): copies go through the platform's export, read as the grid's role, with the view's
  // filters and sort; what is deleted or edited goes through the same panels as the toolbar's buttons.
  const copyCellRun = useTask(copyCellTask, {
    onDone: () => toast.success('Copied cell', { timeout: 2000 }),
    onFailed: (message) => toast.error('Could not copy the cell', { description: message }),
  });
  const copyRowsRun = useTask(copyRowsTask, {
    onDone: (copied) => toast.success(`Copied ${rowsLabel(copied.rows)} as ${copied.format.toUpperCase()}`, { timeout: 2000 }),
    onFailed: (message) => toast.error('Could not copy the rows', { description: message }),
  });
  const copyTarget = () => ({ schema: meta.schema, table: meta.name, filters, sorts, impersonation: currentRole(), database: replicaRef.current });
  const cellMenu: CellMenuActions = {
    onCopyCell: (column, row) =>
      copyCellRun.run({ ref: project.ref, target: copyTarget(), cell: { column: column.name, value: row.values[column.name], truncated: row.truncated.includes(column.name), key: row.key } }),
    onCopyRows: (format, menuRows) => copyRowsRun.run({ ref: project.ref, target: copyTarget(), format, rows: menuRows }),
    onFilter: (filter) => changeQuery({ filters: [...filters, filter] }),
    onEditRow: (row) => ui.send({ type: 'ui.editRow', row: rowForPanels(row) }),
    onDeleteRows: (menuRows, loaded) =>
      ui.send({ type: 'ui.deleteRows', rows: loaded.map(rowForPanels), count: menuRowCount(menuRows) ?? selected, allSelected: menuRows.kind === 'all' }),
  };
  const single = !selection.all && selection.rows.size === 1 ? [...selection.rows.values()][0]! : null;

  return (
    <div className={css.page}>
      <GridToolbar
        rows={rows}
        canEditRows={editRows}
        canEditColumns={editColumns}
        selectedCount={selected}
        onInsertRow={() => ui.send({ type: 'ui.addRow' })}
        onAddRows={() => setAddingRows(true)}
        onInsertColumn={() => ui.send({ type: 'ui.addColumn' })}
        onImportCsv={() => ui.send({ type: 'ui.importCsv' })}
        onDeleteSelected={() =>
          ui.send({ type: 'ui.deleteRows', rows: [...selection.rows.values()].map(rowForPanels), count: selected, allSelected: selection.all })
        }
        onEditRow={editRows && single ? () => ui.send({ type: 'ui.editRow', row: rowForPanels(single) }) : null}
        onRefresh={() => rows.send({ type: 'rows.refresh' })}
        databasePicker={<DatabasePicker project={project} selected={database} onSelect={setDatabase} />}
        rolePicker={<RolePicker />}
        sortButton={<SortPopover columns={meta.columns} sorts={sorts} onApply={(next) => changeQuery({ sorts: next })} />}
        exportButton={<ExportButton projectRef={project.ref} table={meta} filters={filters} sorts={sorts} impersonation={currentRole} database={() => replicaRef.current} />}
      />
      <AddRowsDialog
        isOpen={addingRows}
        columns={meta.columns}
        onClose={() => setAddingRows(false)}
        // Past the last row: every line is a new row; the paste's confirmation follows (PasteDialog).
        onAdd={(block, startColumn) => {
          setAddingRows(false);
          rows.send({ type: 'rows.paste', row: total, column: startColumn, block });
        }}
      />
      <FilterBar columns={meta.columns} filters={filters} onChange={(next) => changeQuery({ filters: next })} />
      {error ? (
        <div className={css.errorBar} role="alert">
          <span>Could not load the rows: {error}</span>
          <Button size="tiny" onPress={() => rows.send({ type: 'rows.retry' })}>
            Retry
          </Button>
        </div>
      ) : null}
      <DataGrid
        meta={meta}
        rows={rows}
        sorts={sorts}
        canEditRows={editRows}
        canEditColumns={editColumns}
        selection={selection}
        onSelectionChange={(next) => rows.send({ type: 'rows.select', selection: next })}
        initialScrollTop={initialScrollTop}
        viewKey={`${meta.id}:${view.sort ?? ''}:${view.filter ?? ''}`}
        onScrollTop={(scrollTop) => rows.send({ type: 'rows.scrolled', scrollTop })}
        onSort={(column) => changeQuery({ sorts: toggleSort(sorts, column) })}
        onExpand={expand}
        onFollow={onFollow}
        onEditColumn={(column) => ui.send({ type: 'ui.editColumn', column })}
        onDeleteColumn={(column) => ui.send({ type: 'ui.deleteColumn', column })}
        cellMenu={cellMenu}
        emptyState={
          isEmpty && !error ? (
            <GridEmptyState
              meta={meta}
              filterCount={filters.length}
              onInsertRow={editRows ? () => ui.send({ type: 'ui.addRow' }) : null}
              onClearFilters={() => changeQuery({ filters: [] })}
            />
          ) : null
        }
      />
    </div>
  );
}

/**
 * What the grid says when it has no row to show (issue 14 item 6: it said nothing). The spec has no wording for it
 * (B2.1), so: an empty table (or view) says so and offers 'Insert row' to who may write; a filter that matches nothing
 * says so and offers to clear the filters.
 */
function GridEmptyState({ meta, filterCount, onInsertRow, onClearFilters }: {
  meta: TableMeta;
  filterCount: number;
  onInsertRow: (() => void) | null;
  onClearFilters: () => void;
}) {
  const noun = meta.type === 'r' || meta.type === 'p' || meta.type === 'f' ? 'table' : 'view';
  return (
    <div data-testid="grid-empty">
      {filterCount > 0 ? (
        <EmptyState
          title="No rows match your filters"
          description={`No row of ${meta.name} matches the ${filterCount} filter${filterCount === 1 ? '' : 's'} applied.`}
          action={<Button size="small" onPress={onClearFilters}>Clear filters</Button>}
        />
      ) : (
        <EmptyState
          title={`This ${noun} is empty`}
          description={noun === 'table' ? `${meta.name} has no rows yet.` : `${meta.name} returns no rows.`}
          action={onInsertRow ? <Button size="small" onPress={onInsertRow}>Insert row</Button> : undefined}
        />
      )}
    </div>
  );
}
