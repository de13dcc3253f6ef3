import { createFileRoute, getRouteApi, useNavigate } from '@tanstack/react-router';
import { EditorHome } from '../../../../../views/table-editor/home/EditorHome.tsx';
import { useEditorTabs } from '../../../../../views/editor/EditorTabsContext.tsx';
import type { RecentItem } from '../../../../../domain/recent-items.ts';
import { parseTabId } from '../../../../../domain/editor-tabs.ts';

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
  const reopen = (item: RecentItem) => {
    const tableId = item.metadata.tableId ?? parseTabId(item.id)?.itemId;
    if (tableId === undefined) return;
    tabs.send({ type: 'tab.openPreview', item: { type: item.type, itemId: tableId, label: item.label, metadata: item.metadata } });
    void navigate({
      to: '/project/$ref/editor/$tableId',
      params: { ref: project.ref, tableId: String(tableId) },
      search: item.metadata.schema ? { schema: item.metadata.schema } : {},
    });
  };
  return <EditorHome onOpenRecent={reopen} />;
}
