import { Outlet, createFileRoute, getRouteApi, useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { fetchCompletionColumns, fetchCompletionFunctions, fetchProjectEndpoint } from '../../../../../api/sql-editor-catalog.ts';
import { fetchSnippets } from '../../../../../api/sql-editor.ts';
import { parseTabId, type EditorTab } from '../../../../../domain/editor-tabs.ts';
import { parentSaysPaused } from '../../../../../domain/paused-editors.ts';
import { RouteError } from '../../../../../views/errors/RouteError.tsx';
import { SqlEditorLayout } from '../../../../../views/sql-editor/SqlEditorLayout.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec B2.2 (issue 7): the SQL editor's frame around its home and the SQL tabs. The snippets and the catalog for
// completion are plain reads; a catalog failure only turns completion off.
export const Route = createFileRoute('/_app/project/$ref/sql')({
  staticData: { title: 'SQL Editor' },
  // A paused project shows its paused card, not the editor: no pg-meta read (issue 15).
  loader: async ({ params, parentMatchPromise }) => {
    if (await parentSaysPaused(parentMatchPromise)) return { snippets: [], columns: null, functions: null, endpoint: '' };
    const [snippets, columns, functions, endpoint] = await Promise.all([
      fetchSnippets(params.ref),
      fetchCompletionColumns(params.ref).catch(() => null),
      fetchCompletionFunctions(params.ref).catch(() => null),
      fetchProjectEndpoint(params.ref).catch(() => ''),
    ]);
    return { snippets, columns, functions, endpoint };
  },
  component: SqlRoute,
  errorComponent: RouteError,
});

function SqlRoute() {
  const { project } = projectRoute.useLoaderData();
  const { snippets, columns, functions, endpoint } = Route.useLoaderData();
  const { sqlId } = useParams({ strict: false });
  const navigate = useNavigate();
  const router = useRouter();
  const open = (id: string) => void navigate({ to: '/project/$ref/sql/$sqlId', params: { ref: project.ref, sqlId: id } });
  const onNavigateTab = (tab: EditorTab | null) => {
    if (tab === null) return void navigate({ to: '/project/$ref/sql', params: { ref: project.ref } });
    open(tab.metadata.sqlId ?? parseTabId(tab.id)?.itemId ?? '');
  };
  return (
    <SqlEditorLayout
      key={project.ref}
      project={project}
      snippets={snippets}
      columns={columns}
      functions={functions}
      endpoint={endpoint}
      currentId={sqlId ?? null}
      onReload={() => void router.invalidate({ filter: (match) => match.routeId === Route.id })}
      onOpen={open}
      onNavigateTab={onNavigateTab}
    >
      <Outlet />
    </SqlEditorLayout>
  );
}
