import { createFileRoute, getRouteApi, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent } from 'react';
import { useSelector } from '@xstate/react';
import { selectResolvedTheme } from '../../../../../../machines/theme.selectors.ts';
import { SNIPPET_ID_PATTERN } from '../../../../../domain/shared-constants.ts';
import { tabId } from '../../../../../domain/editor-tabs.ts';
import { DEFAULT_SQL_SCHEMA } from '../../../../../domain/sql-editor.ts';
import { compact, str } from '../../../../../search-params.ts';
import { useEditorTabs } from '../../../../../views/editor/EditorTabsContext.tsx';
import { useAppContext } from '../../../../../views/shared/useAppContext.ts';
import { useSqlEditor } from '../../../../../views/sql-editor/SqlEditorContext.tsx';
import { SqlHome } from '../../../../../views/sql-editor/SqlHome.tsx';
import { SqlTabPage } from '../../../../../views/sql-editor/SqlTabPage.tsx';

const projectRoute = getRouteApi('/_app/project/$ref');

// spec B2.2: one SQL tab, /project/{ref}/sql/{sqlId}?schema= (default public). The self-hosted entry /sql/1 and
// any id that is not a snippet's show the editor home.
export const Route = createFileRoute('/_app/project/$ref/sql/$sqlId')({
  staticData: { title: 'SQL Editor' },
  validateSearch: (raw: Record<string, unknown>) => compact({ schema: str(raw, 'schema') }),
  // The address always says the tab's schema (issue 14 item 6): one opened without it takes the project's last
  // schema (spec B2.2, remembered locally; public by default), in place of the address it came with.
  beforeLoad: async ({ params, search }) => {
    if (search.schema || !SNIPPET_ID_PATTERN.test(params.sqlId)) return;
    // Loaded here, not imported: a guard's imports are in every first load, and this module brings the SQL
    // editor's machines (issue 15).
    const [{ readProjectPreferences }, { DEFAULT_SQL_SCHEMA }] = await Promise.all([
      import('../../../../../actors/sql-editor.ts'),
      import('../../../../../domain/sql-editor.ts'),
    ]);
    const schema = readProjectPreferences(params.ref).lastSchema || DEFAULT_SQL_SCHEMA;
    throw redirect({ to: '/project/$ref/sql/$sqlId', params, search: { schema }, replace: true });
  },
  component: SqlTabRoute,
});

function SqlTabRoute() {
  const { project } = projectRoute.useLoaderData();
  const { sqlId } = Route.useParams();
  const { schema } = Route.useSearch();
  const navigate = useNavigate();
  const tabs = useEditorTabs();
  const shared = useSqlEditor();
  const { theme } = useAppContext();
  const resolvedTheme = useSelector(theme, selectResolvedTheme);
  const open = (id: string) => void navigate({ to: '/project/$ref/sql/$sqlId', params: { ref: project.ref, sqlId: id } });

  // spec B2.2: the last selected schema is remembered per project.
  // Only a new ?schema= matters; the preferences are read as they are at that moment.
  const rememberSchema = useEffectEvent((chosen: string) => {
    if (chosen !== shared.projectPreferences.lastSchema) shared.setProjectPreferences({ ...shared.projectPreferences, lastSchema: chosen });
  });
  useEffect(() => {
    if (schema) rememberSchema(schema);
  }, [schema]);

  if (!SNIPPET_ID_PATTERN.test(sqlId)) return <SqlHome onOpen={open} />;

  const currentSchema = schema ?? shared.projectPreferences.lastSchema ?? DEFAULT_SQL_SCHEMA;
  return (
    <SqlTabPage
      key={sqlId}
      project={project}
      snippetId={sqlId}
      endpoint={shared.endpoint}
      schema={currentSchema}
      completion={shared.completion}
      functions={shared.functions}
      intellisense={shared.preferences.intellisense}
      onIntellisense={(intellisense) => shared.setPreferences({ ...shared.preferences, intellisense })}
      splitSize={shared.preferences.splitSize}
      onSplitSize={(splitSize) => shared.setPreferences({ ...shared.preferences, splitSize })}
      theme={resolvedTheme}
      database={shared.projectPreferences.lastDatabase}
      onDatabase={(lastDatabase) => shared.setProjectPreferences({ ...shared.projectPreferences, lastDatabase })}
      onLoaded={(name) => {
        // spec B2.2: a SQL snippet opens as a permanent tab and is a recent item (label 'Untitled' when none).
        const item = { type: 'sql' as const, itemId: sqlId, label: name, metadata: { sqlId, schema: currentSchema } };
        tabs.send({ type: 'tab.openPermanent', item });
        tabs.send({ type: 'recent.add', item: { id: tabId('sql', sqlId), type: 'sql', label: name, metadata: item.metadata }, timestamp: Date.now() });
      }}
      onRan={() => undefined}
    />
  );
}
