import { createFileRoute, getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fetchRelationId } from '../../../../../api/table-editor-grid.ts';
import { openTable } from '../../../../../api/table-editor.ts';
import { parentSaysPaused } from '../../../../../domain/paused-editors.ts';
import type { LoadedTable } from '../../../../../actors/table-open.ts';
import { PROJECT_DETAILS_STALE_MS } from '../../../../../domain/cache.ts';
import { cellText } from '../../../../../domain/table-editor/grid-cells.ts';
import type { Relationship, RowFilter, RowSort, TableMeta } from '../../../../../domain/table-editor/types.ts';
import type { Project } from '../../../../../api/types.ts';
import { knownColumns, parseFilters, parseSorts, serializeFilters, serializeSorts } from '../../../../../domain/table-editor/url.ts';
import { bool, compact, str } from '../../../../../search-params.ts';
import { parseTabId, tabKind, tabSearch } from '../../../../../domain/editor-tabs.ts';
import { Button } from '../../../../../ui/Button.tsx';
import { ErrorAlert } from '../../../../../ui/ErrorAlert.tsx';
import { EmptyState } from '../../../../../ui/EmptyState.tsx';
import { toast } from '../../../../../ui/toast.ts';
import { TableGridPage } from '../../../../../views/table-editor/grid/TableGridPage.tsx';
import { useReplicaTableMeta } from '../../../../../views/table-editor/grid/useReplicaTableMeta.ts';
import { Spinner } from '../../../../../ui/Spinner.tsx';
import { useEditorTabs } from '../../../../../views/editor/EditorTabsContext.tsx';
import { useDataChanged, useTableEditor } from '../../../../../views/table-editor/TableEditorContext.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

type Loaded = LoadedTable;

/**
 * spec B2.1: /project/{ref}/editor/{tableId}?schema={schema}&{flag}=true, plus the grid's sort and filter (one value
 * each, src/domain/table-editor/url.ts). The spec's boolean flag is unnamed: any other key set to true is kept.
 */
function validateSearch(raw: Record<string, unknown>) {
  const flags = Object.fromEntries(
    Object.keys(raw)
      .filter((key) => !['schema', 'sort', 'filter'].includes(key) && bool(raw, key) === true)
      .map((key) => [key, true as const]),
  );
  return compact({ ...flags, schema: str(raw, 'schema'), sort: str(raw, 'sort'), filter: str(raw, 'filter') });
}

/**
 * Entering a table (not a hover's preload): its one-call open, started; read by loadTableTab. When the project's
 * status is known already (a navigation inside the editor) a paused project is not asked at all (issue 15); when it
 * is not (a first load), the request goes out beside the project's own, and the platform answers `paused` for a
 * stopped database without reading it.
 */
async function startTableOpen({ params, location, cause, parentMatchPromise }: TableLoaderContext): Promise<{ opening: ReturnType<typeof openTable> } | null> {
  if (cause !== 'enter' || !/^\d+$/.test(params.tableId)) return null;
  // Settled already, the parent wins the race (its reaction is queued first); pending, the undefined does.
  const known = await Promise.race([parentMatchPromise, Promise.resolve(undefined)]);
  if (known && (await parentSaysPaused(Promise.resolve(known)))) return null;
  const search = location.search as Record<string, unknown>;
  const opening = openTable(params.ref, Number(params.tableId), { sort: str(search, 'sort'), filter: str(search, 'filter') });
  // Read by the loader once its module is in; until then a failure must not be an unhandled rejection.
  opening.catch(() => undefined);
  // In an object: an async function's returned promise would be awaited, and the request is read by the loader.
  return { opening };
}

type TableLoaderContext = {
  params: { tableId: string; ref: string };
  location: { search: unknown };
  cause: string;
  parentMatchPromise: Promise<{ loaderData?: unknown }>;
};

export const Route = createFileRoute('/_app/project/$ref/editor/$tableId')({
  staticData: { title: 'Table Editor' },
  validateSearch,
  // Sort and filter are the grid's (a machine follows them); the relation itself is a plain read.
  loaderDeps: () => ({}),
  // The loader stays in the route tree (vite.config EAGER_LOADER_ROUTES): entering a table sends its one-call open
  // (columns and first page) at once, before the loader's module arrives, so the request does not wait for that chunk
  // and its imports to be fetched and run (issue 25). See actors/table-open.ts.
  loader: async (context): Promise<Loaded> => {
    const [started, module] = await Promise.all([startTableOpen(context), import('../../../../../actors/table-open.ts')]);
    return module.loadTableTab(context, started?.opening ?? null);
  },
  // The editor reloads it itself when a panel changed the table (revisions.table).
  staleTime: PROJECT_DETAILS_STALE_MS,
  component: TablePage,
});

function TablePage() {
  const { project } = projectRoute.useLoaderData();
  const loaded = Route.useLoaderData();
  const search = Route.useSearch();
  const params = Route.useParams();
  const navigate = Route.useNavigate();
  const router = useRouter();
  // A panel changed the columns or keys: read the relation again.
  useDataChanged(['table'], () => void router.invalidate({ filter: (match) => match.routeId === Route.id }));
  const meta = loaded.meta;

  if (loaded.notFound) return <MissingTable projectRef={project.ref} tableId={params.tableId} />;
  if (!meta) return <ErrorAlert subject="Failed to load the table" error={loaded.error} projectRef={project.ref} />;

  const onQueryChange = (change: { sorts?: RowSort[]; filters?: RowFilter[] }) =>
    void navigate({
      search: (previous) =>
        compact({
          ...previous,
          sort: change.sorts ? serializeSorts(change.sorts) : previous.sort,
          filter: change.filters ? serializeFilters(change.filters) : previous.filter,
        }),
      replace: true,
    });

  // Follows a foreign key to the referenced row: the target's tab, filtered on the referenced column.
  const onFollow = async (relationship: Relationship, value: unknown) => {
    try {
      const targetId = await fetchRelationId(project.ref, relationship.target_table_schema, relationship.target_table_name);
      if (targetId === null) throw new Error(`${relationship.target_table_name} no longer exists`);
      await navigate({
        to: '/project/$ref/editor/$tableId',
        params: { ref: project.ref, tableId: String(targetId) },
        search: { schema: relationship.target_table_schema, filter: serializeFilters([{ column: relationship.target_column_name, operator: 'eq', value: cellText(value) }]) },
      });
    } catch (error) {
      toast.error('Could not follow the reference', { description: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <TableGrid
      project={project}
      primaryMeta={meta}
      revision={loaded}
      search={search}
      onQueryChange={onQueryChange}
      onFollow={(relationship, value) => void onFollow(relationship, value)}
    />
  );
}

/**
 * The grid with the table as the database picked in the picker has it (spec B2.3, issue 20): the primary's columns
 * from the route, or a healthy replica's, read when it is picked. A table the replica cannot show says why and offers
 * the primary back (the picker lives in the grid's toolbar).
 */
function TableGrid({
  project,
  primaryMeta,
  revision,
  search,
  onQueryChange,
  onFollow,
}: {
  project: Project;
  primaryMeta: TableMeta;
  revision: unknown;
  search: { sort?: string | undefined; filter?: string | undefined };
  onQueryChange: (change: { sorts?: RowSort[]; filters?: RowFilter[] }) => void;
  onFollow: (relationship: Relationship, value: unknown) => void;
}) {
  const { setDatabase } = useTableEditor();
  const picked = useReplicaTableMeta(project, primaryMeta, revision);
  const meta = picked.state === 'ready' ? picked.meta : null;
  // The same URL gives the same arrays: the grid's rows machine is told only of a query that changed.
  const sorts = useMemo(() => (meta ? knownColumns(parseSorts(search.sort), meta.columns.map((column) => column.name)) : []), [meta, search.sort]);
  const filters = useMemo(() => (meta ? knownColumns(parseFilters(search.filter), meta.columns.map((column) => column.name)) : []), [meta, search.filter]);

  if (picked.state === 'loading') return <Spinner label="Loading the table from the read replica" />;
  if (picked.state === 'failed') {
    return (
      <ErrorAlert subject="Failed to load the table from the read replica" error={picked.error} projectRef={project.ref}>
        <Button size="small" onPress={picked.retry}>Try again</Button>{' '}
        <Button size="small" onPress={() => setDatabase(project.ref)}>Use the primary database</Button>
      </ErrorAlert>
    );
  }
  return (
    <TableGridPage
      key={`${project.ref}-${primaryMeta.id}`}
      project={project}
      meta={picked.meta}
      sorts={sorts}
      filters={filters}
      onQueryChange={onQueryChange}
      onFollow={onFollow}
    />
  );
}

/** Whether a tab or recent item (its id and metadata) is the table with this id. */
const isTableTab = (tableId: string, id: string, metadata: { tableId?: number }) =>
  String(metadata.tableId ?? parseTabId(id)?.itemId ?? '') === tableId && tabKind(parseTabId(id)?.type ?? 'sql') === 'table';

/**
 * The table of this tab is gone (dropped, or the address is wrong): it says so, leaves the recent items, and its tab can
 * be closed from here — never a dead tab left without a word (issue 14 item 6).
 */
function MissingTable({ projectRef, tableId }: { projectRef: string; tableId: string }) {
  const tabs = useEditorTabs();
  const navigate = useNavigate();
  const { invalidate } = useTableEditor();
  const openTab = useSelector(tabs, (snapshot) =>
    Object.values(snapshot.context.tabs.tabsMap).find((tab) => isTableTab(tableId, tab.id, tab.metadata))?.id ?? null,
  );
  // Once per table id: the recent items are read from the actor, not followed.
  useEffect(() => {
    for (const item of tabs.getSnapshot().context.recentItems) {
      if (isTableTab(tableId, item.id, item.metadata)) tabs.send({ type: 'recent.remove', id: item.id });
    }
    // Dropped outside the console: the table list still shows it until it reads the schema again.
    invalidate('tables');
  }, [tabs, tableId, invalidate]);

  const close = () => {
    if (openTab === null) return;
    tabs.send({ type: 'tab.close', id: openTab });
    // As the tab bar does: the tab activated in its place when it is a table tab, else the editor home.
    const state = tabs.getSnapshot().context.tabs;
    const next = state.activeTab !== null ? state.tabsMap[state.activeTab] : undefined;
    if (next && tabKind(next.type) === 'table') {
      void navigate({
        to: '/project/$ref/editor/$tableId',
        params: { ref: projectRef, tableId: String(next.metadata.tableId ?? parseTabId(next.id)?.itemId ?? '') },
        search: tabSearch(next),
      });
    } else {
      void navigate({ to: '/project/$ref/editor', params: { ref: projectRef } });
    }
  };

  return (
    <EmptyState
      title="Table not found"
      description="This table does not exist (anymore) in this project: it was dropped or renamed away. It was removed from your recent items."
      action={openTab !== null ? <Button size="small" onPress={close}>Close this tab</Button> : undefined}
    />
  );
}
