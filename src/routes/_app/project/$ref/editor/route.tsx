import { Outlet, createFileRoute, getRouteApi, useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { fetchSchemas } from '../../../../../api/table-editor.ts';
import { PROJECT_DETAILS_STALE_MS } from '../../../../../domain/cache.ts';
import { parseTabId, type EditorTab } from '../../../../../domain/editor-tabs.ts';
import { DEFAULT_SCHEMA } from '../../../../../domain/table-editor/table-list.ts';
import { compact, str } from '../../../../../search-params.ts';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { EditorLayout } from '../../../../../views/table-editor/EditorLayout.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec B2.1: the table editor's frame around the editor home and the table tabs; ?schema= picks the list's schema
// (default public). The schema names are a plain read; a failure shows in the list, not as a broken page.
export const Route = createFileRoute('/_app/project/$ref/editor')({
  staticData: { title: 'Table Editor' },
  validateSearch: (raw: Record<string, unknown>) => compact({ schema: str(raw, 'schema') }),
  loader: async ({ params }) => {
    try {
      const schemas = await fetchSchemas(params.ref);
      return { schemas: schemas.map((schema) => schema.name).sort(), schemasError: null };
    } catch (error) {
      return { schemas: null, schemasError: error instanceof Error ? error.message : String(error) };
    }
  },
  // Schemas change only through the editor itself, which reloads them (router.invalidate below).
  staleTime: PROJECT_DETAILS_STALE_MS,
  component: EditorRoute,
  errorComponent: RouteError,
});

function EditorRoute() {
  const { project } = projectRoute.useLoaderData();
  const { schemas, schemasError } = Route.useLoaderData();
  const { schema } = Route.useSearch();
  const { tableId } = useParams({ strict: false });
  const navigate = useNavigate();
  const router = useRouter();
  const openTable = (id: number | string, tableSchema: string | undefined) =>
    void navigate({
      to: '/project/$ref/editor/$tableId',
      params: { ref: project.ref, tableId: String(id) },
      search: tableSchema ? { schema: tableSchema } : {},
    });
  const goHome = (nextSchema: string | undefined) =>
    void navigate({ to: '/project/$ref/editor', params: { ref: project.ref }, search: nextSchema ? { schema: nextSchema } : {} });

  const onNavigateTab = (tab: EditorTab | null) => {
    if (tab === null) return goHome(schema);
    openTable(tab.metadata.tableId ?? parseTabId(tab.id)?.itemId ?? '', tab.metadata.schema);
  };

  const numericId = tableId !== undefined && /^\d+$/.test(tableId) ? Number(tableId) : null;
  return (
    <EditorLayout
      key={project.ref}
      project={project}
      schema={schema ?? DEFAULT_SCHEMA}
      tableId={numericId}
      schemas={schemas}
      schemasError={schemasError}
      onTablesChanged={() => void router.invalidate({ filter: (match) => match.routeId === Route.id })}
      onSchemaChange={(next) => goHome(next)}
      onNavigateTab={onNavigateTab}
      onOpenEntity={(entity) => openTable(entity.id, entity.schema)}
    >
      <Outlet />
    </EditorLayout>
  );
}
