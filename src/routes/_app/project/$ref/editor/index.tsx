import { createFileRoute, getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../../../api/client.ts';
import { fetchTableMeta } from '../../../../../api/table-editor.ts';
import { EditorHome } from '../../../../../views/table-editor/home/EditorHome.tsx';
import { useEditorTabs } from '../../../../../views/editor/EditorTabsContext.tsx';
import type { RecentItem } from '../../../../../domain/recent-items.ts';
import { isTabOpen, parseTabId, tabSearch } from '../../../../../domain/editor-tabs.ts';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec B2.1, B2.2: the table editor home (no tab open): recent tables, the quickstart, 'Create a new table'.
export const Route = createFileRoute('/_app/project/$ref/editor/')({
  staticData: { title: 'Table Editor' },
  component: EditorHomeRoute,
});

function EditorHomeRoute() {
  const { project } = projectRoute.useLoaderData();
  const tabs = useEditorTabs();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const reopen = async (item: RecentItem) => {
    const tableId = item.metadata.tableId ?? parseTabId(item.id)?.itemId;
    if (tableId === undefined) return;
    setNotice(null);
    // A recent item outlives its table (dropped in the SQL editor, by a migration…): look before opening a tab, so a
    // dropped table is said so and leaves the recent items instead of opening a dead tab (issue 14 item 6).
    try {
      await fetchTableMeta(project.ref, Number(tableId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        tabs.send({ type: 'tab.close', id: item.id });
        tabs.send({ type: 'recent.remove', id: item.id });
        const name = item.metadata.schema ? `${item.metadata.schema}.${item.label}` : item.label;
        setNotice(`Table ${name} no longer exists: it was dropped or renamed away. It was removed from your recent items.`);
        return;
      }
      // Any other failure: the table page says what went wrong (and offers to retry).
    }
    tabs.send({ type: 'tab.openPreview', item: { type: item.type, itemId: tableId, label: item.label, metadata: item.metadata } });
    // Its tab, if still open, comes back with the sort and filter it remembers (issue 14 item 6).
    const state = tabs.getSnapshot().context.tabs;
    const search = isTabOpen(state, item.id) ? tabSearch(state.tabsMap[item.id]!) : item.metadata.schema ? { schema: item.metadata.schema } : {};
    void navigate({ to: '/project/$ref/editor/$tableId', params: { ref: project.ref, tableId: String(tableId) }, search });
  };
  return <EditorHome onOpenRecent={(item) => void reopen(item)} notice={notice} onDismissNotice={() => setNotice(null)} />;
}
