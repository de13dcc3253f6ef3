import { Outlet, createFileRoute, getRouteApi, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { EditorFrameData, PendingRead } from '../../../../../actors/table-open.ts';
import { PROJECT_DETAILS_STALE_MS } from '../../../../../domain/cache.ts';
import { parseTabId, tabId, tabSearch, type EditorTab } from '../../../../../domain/editor-tabs.ts';
import { parseSchemaList, serializeSchemaList } from '../../../../../domain/table-editor/table-list.ts';
import { compact, str } from '../../../../../search-params.ts';
import { useEditorTabs } from '../../../../../views/editor/EditorTabsContext.tsx';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { EditorLayout } from '../../../../../views/table-editor/EditorLayout.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

/**
 * What a read settled to (at once when it already had at the first render); while a newer one is pending (the list
 * reloaded), what the previous one gave.
 */
function useSettled<T>(read: PendingRead<T> | null): T | null {
  const [settled, setSettled] = useState<T | null>(() => read?.settled?.value ?? null);
  useEffect(() => {
    let current = true;
    void read?.promise.then((value) => {
      if (current) setSettled(value);
    });
    return () => {
      current = false;
    };
  }, [read]);
  return settled;
}

// spec B2.1: the table editor's frame around the editor home and the table tabs. On the home, ?schema= holds the
// schemas the list shows (default public; several joined by commas, serializeSchemaList); on a table tab it is the
// table's schema, and the list keeps the selection it had when that schema is among it. The schema names are a plain read; a failure shows in the list, not as a broken page.
export const Route = createFileRoute('/_app/project/$ref/editor')({
  staticData: { title: 'Table Editor' },
  validateSearch: (raw: Record<string, unknown>) => compact({ schema: str(raw, 'schema') }),
  // A paused project shows its paused card, not the editor: no pg-meta read (issue 15); the table tab reads `paused`.
  // The schema names are not awaited: the table tab's loader waits for this one (for `paused`), and its table and
  // first rows are what the page shows first — the list's schema picker fills in when they come (issue 25).
  // The loader stays in the route tree (vite.config EAGER_LOADER_ROUTES) and loads its module when it runs: the
  // schema names are read while the editor's code arrives (issue 25). See actors/table-open.ts.
  loader: (context): Promise<EditorFrameData> => import('../../../../../actors/table-open.ts').then((module) => module.loadEditorFrame(context)),
  // Schemas change only through the editor itself, which reloads them (router.invalidate below).
  staleTime: PROJECT_DETAILS_STALE_MS,
  component: EditorRoute,
  errorComponent: RouteError,
});

function EditorRoute() {
  const { project } = projectRoute.useLoaderData();
  const names = useSettled(Route.useLoaderData().schemas);
  const schemas = names?.schemas ?? null;
  const schemasError = names?.error ?? null;
  const { schema } = Route.useSearch();
  // The table the URL names. While a navigation is pending that is already the table being opened, not the one still
  // on screen (the router shows a route once its loader settles): a tab closed in that window is the shown tab, so the
  // tab bar moves on to the next one. With the shown match's params, the closed tab's page came back once loaded and
  // re-opened it as a preview (the flaky e2e 'closing the active tab').
  // Selected as a string: the frame renders again when the table changes, not on each step of a navigation (its
  // status going pending and idle, issue 25).
  const router = useRouter();
  const tableId = useRouterState({
    select: () => {
      // Params left open (any table of any project): the typed signature asks for them.
      const match = router.matchRoute as (location: { to: string }, options: { pending: boolean; includeSearch: boolean }) => false | { tableId?: string };
      const matchTable = (pending: boolean) => match({ to: '/project/$ref/editor/$tableId' }, { pending, includeSearch: false });
      return (matchTable(true) || matchTable(false) || undefined)?.tableId;
    },
  });
  const navigate = useNavigate();
  const tabs = useEditorTabs();
  // A table tab is shown with the sort and filter it remembers (issue 14 item 6): the URL owns them (DESIGN §3).
  const openTable = (id: number | string, search: { schema?: string; sort?: string; filter?: string }) =>
    void navigate({
      to: '/project/$ref/editor/$tableId',
      params: { ref: project.ref, tableId: String(id) },
      search,
    });
  const goHome = (nextSchema: string | undefined) =>
    void navigate({ to: '/project/$ref/editor', params: { ref: project.ref }, search: nextSchema ? { schema: nextSchema } : {} });

  // The list's selection: the URL's on the home; on a table tab the one it had, unless the table's schema is not in it.
  const fromUrl = parseSchemaList(schema);
  const [remembered, setRemembered] = useState<string[]>(fromUrl);
  const onTable = tableId !== undefined;
  const selectedSchemas = onTable && fromUrl.length === 1 && remembered.includes(fromUrl[0]!) ? remembered : fromUrl;
  const selectionKey = JSON.stringify(selectedSchemas);
  useEffect(() => {
    setRemembered((current) => (JSON.stringify(current) === selectionKey ? current : (JSON.parse(selectionKey) as string[])));
  }, [selectionKey]);

  const onNavigateTab = (tab: EditorTab | null) => {
    if (tab === null) return goHome(serializeSchemaList(selectedSchemas));
    openTable(tab.metadata.tableId ?? parseTabId(tab.id)?.itemId ?? '', tabSearch(tab));
  };

  const numericId = tableId !== undefined && /^\d+$/.test(tableId) ? Number(tableId) : null;
  return (
    <EditorLayout
      key={project.ref}
      project={project}
      selectedSchemas={selectedSchemas}
      tableId={numericId}
      schemas={schemas}
      schemasError={schemasError}
      onTablesChanged={() => void router.invalidate({ filter: (match) => match.routeId === Route.id })}
      onSchemaChange={(next) => goHome(serializeSchemaList(next))}
      onNavigateTab={onNavigateTab}
      onOpenEntity={(entity) => {
        // An entry of the list opens its tab: as that tab was left when it is open, else plain.
        const open = tabs.getSnapshot().context.tabs.tabsMap[tabId(entity.type, entity.id)];
        openTable(entity.id, open ? { ...tabSearch(open), schema: entity.schema } : { schema: entity.schema });
      }}
    >
      <Outlet />
    </EditorLayout>
  );
}
