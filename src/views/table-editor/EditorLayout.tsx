// The table editor's frame (spec B2.1, B2.2): the table list on the left; the tab bar, the page of the route (editor
// home or a table) and the host of side panels and dialogs on the right. The route file owns the URL and passes
// what it knows (schema, open table id, schemas) and how to navigate.
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { selectActiveTab, selectTabsOfKind } from '../../../machines/editor-tabs.selectors.ts';
import type { Project } from '../../api/types.ts';
import { parseTabId, tabId, type EditorTab } from '../../domain/editor-tabs.ts';
import type { TableEntity } from '../../domain/table-editor/types.ts';
import { useEditorTabs } from '../editor/EditorTabsContext.tsx';
import { TabBar } from '../editor/TabBar.tsx';
import { TableList } from './list/TableList.tsx';
import { PanelHost } from './panels/PanelHost.tsx';
import { TableEditorProvider, useDataChanged, useOpenTable } from './TableEditorContext.tsx';
import * as css from './EditorLayout.css.ts';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { SideDrawer } from '../../ui/SideDrawer.tsx';

export interface EditorLayoutProps {
  project: Project;
  /** The schemas the table list shows (spec B2.1). */
  selectedSchemas: string[];
  /** The table id in the URL (null on the editor home). */
  tableId: number | null;
  schemas: string[] | null;
  schemasError: string | null;
  /** Re-reads the schemas (after 'New schema' or a drop). */
  onTablesChanged: () => void;
  onSchemaChange: (schemas: string[]) => void;
  /** Shows a table tab's page, or the editor home with null. */
  onNavigateTab: (tab: EditorTab | null) => void;
  onOpenEntity: (entity: TableEntity) => void;
  children: ReactNode;
}

export function EditorLayout(props: EditorLayoutProps) {
  return (
    <TableEditorProvider project={props.project}>
      <EditorFrame {...props} />
    </TableEditorProvider>
  );
}

/** The tab id (r-…, v-…) of the open tab showing this table id, if any. */
const tabIdOf = (tabs: EditorTab[], tableId: number | null): string | null =>
  tableId === null ? null : (tabs.find((tab) => (tab.metadata.tableId ?? Number(parseTabId(tab.id)?.itemId)) === tableId)?.id ?? null);

function EditorFrame({ selectedSchemas, tableId, schemas, schemasError, onTablesChanged, onSchemaChange, onNavigateTab, onOpenEntity, children }: EditorLayoutProps) {
  const tabsActor = useEditorTabs();
  const tableTabs = useSelector(tabsActor, (snapshot) => selectTabsOfKind(snapshot, 'table'), sameIds);
  const activeId = useSelector(tabsActor, (snapshot) => selectActiveTab(snapshot)?.id ?? null);
  const currentTabId = tabIdOf(tableTabs, tableId);

  // The URL decides which tab is shown (back/forward, a typed address): the tabs actor follows it.
  useEffect(() => {
    if (currentTabId !== null && currentTabId !== activeId) tabsActor.send({ type: 'tab.activate', id: currentTabId });
  }, [tabsActor, currentTabId, activeId]);

  // Schemas are a route loader's read: reload them when a part of the editor changed the database.
  useDataChanged(['tables'], onTablesChanged);

  const openEntity = (entity: TableEntity, permanent: boolean) => {
    const item = { type: entity.type, itemId: entity.id, label: entity.name, metadata: { tableId: entity.id, schema: entity.schema } };
    tabsActor.send({ type: permanent ? 'tab.openPermanent' : 'tab.openPreview', item });
    // The grid page adds it again once the table loads (same id: only the timestamp moves). spec B2.2
    tabsActor.send({ type: 'recent.add', item: { id: tabId(entity.type, entity.id), type: entity.type, label: entity.name, metadata: item.metadata }, timestamp: Date.now() });
    onOpenEntity(entity);
  };

  return (
    <div className={css.layout}>
      {/* A table's page has no h1 of its own (issue 24); the editor home has its 'Table Editor' h1. */}
      {tableId !== null && <h1 className={visuallyHidden}>Table Editor</h1>}
      <SideDrawer label="Tables" closeOn={tableId}>
      <TableList
        selectedSchemas={selectedSchemas}
        schemas={schemas}
        schemasError={schemasError}
        activeTableId={tableId}
        onSchemaChange={onSchemaChange}
        onOpen={openEntity}
      />
      </SideDrawer>
      <div className={css.main}>
        <TabBar kind="table" currentTabId={currentTabId} onNavigate={onNavigateTab} />
        <div className={css.page}>{children}</div>
      </div>
      <OpenTablePanels tableId={tableId} />
    </div>
  );
}

/** The panels, on the open table's relation as the grid page reported it (null on the editor home or before it loads). */
function OpenTablePanels({ tableId }: { tableId: number | null }) {
  const openTable = useOpenTable();
  return <PanelHost table={tableId !== null && openTable?.id === tableId ? openTable : null} />;
}

function sameIds(a: EditorTab[], b: EditorTab[]): boolean {
  return a.length === b.length && a.every((tab, index) => tab === b[index]);
}
