// The SQL editor's frame (spec B2.2, issue 7): the snippet list on the left; the tab bar (SQL tabs) and the page of
// the route on the right. Preferences are read once from local storage and written on each change.
import { useMemo, useState, type ReactNode } from 'react';
import { readPreferences, readProjectPreferences, writePreferences, writeProjectPreferences } from '../../actors/sql-editor.ts';
import type { SqlSnippet } from '../../api/schemas/sqlEditor.ts';
import type { Project } from '../../api/types.ts';
import { tabId, type EditorTab } from '../../domain/editor-tabs.ts';
import { completionNamespace, type CatalogColumn, type CatalogFunction, type SqlEditorPreferences, type SqlEditorProjectPreferences } from '../../domain/sql-editor.ts';
import { useEditorTabs } from '../editor/EditorTabsContext.tsx';
import { TabBar } from '../editor/TabBar.tsx';
import { SnippetSidebar } from './SnippetSidebar.tsx';
import { SqlEditorContext } from './SqlEditorContext.tsx';
import * as css from './SqlEditor.css.ts';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { SideDrawer } from '../../ui/SideDrawer.tsx';

export interface SqlEditorLayoutProps {
  project: Project;
  snippets: SqlSnippet[];
  columns: CatalogColumn[] | null;
  functions: CatalogFunction[] | null;
  endpoint: string;
  currentId: string | null;
  onReload: () => void;
  onOpen: (snippetId: string) => void;
  onNavigateTab: (tab: EditorTab | null) => void;
  children: ReactNode;
}

export function SqlEditorLayout(props: SqlEditorLayoutProps) {
  const { project } = props;
  const tabs = useEditorTabs();
  const [preferences, setPreferencesState] = useState(readPreferences);
  const [projectPreferences, setProjectPreferencesState] = useState(() => readProjectPreferences(project.ref));
  const completion = useMemo(() => (props.columns ? completionNamespace(props.columns) : null), [props.columns]);

  const setPreferences = (next: SqlEditorPreferences) => {
    setPreferencesState(next);
    writePreferences(next);
  };
  const setProjectPreferences = (next: SqlEditorProjectPreferences) => {
    setProjectPreferencesState(next);
    writeProjectPreferences(project.ref, next);
  };
  const shared = {
    snippets: props.snippets,
    completion,
    functions: props.functions,
    endpoint: props.endpoint,
    preferences,
    setPreferences,
    projectPreferences,
    setProjectPreferences,
    reloadSnippets: props.onReload,
  };

  return (
    <SqlEditorContext.Provider value={shared}>
      <div className={css.layout}>
        {/* The page's h1 (issue 24: the editor had none), for screen readers' outline. */}
        <h1 className={visuallyHidden}>SQL Editor</h1>
        <SideDrawer label="Queries" closeOn={props.currentId}>
        <SnippetSidebar
          projectRef={project.ref}
          snippets={props.snippets}
          currentId={props.currentId}
          sections={projectPreferences.sections}
          onSectionsChange={(sections) => setProjectPreferences({ ...projectPreferences, sections })}
          sort={projectPreferences.sort}
          onSortChange={(sort) => setProjectPreferences({ ...projectPreferences, sort })}
          onChanged={props.onReload}
          onOpen={(snippet) => props.onOpen(snippet.id)}
          onRenamed={(id, name) => tabs.send({ type: 'tab.relabel', id: tabId('sql', id), label: name })}
          onDeleted={(id) => {
            const wasShown = id === props.currentId;
            tabs.send({ type: 'tab.close', id: tabId('sql', id) });
            tabs.send({ type: 'recent.remove', id: tabId('sql', id) });
            if (wasShown) props.onNavigateTab(null);
          }}
        />
        </SideDrawer>
        <div className={css.main}>
          <TabBar kind="sql" currentTabId={props.currentId ? tabId('sql', props.currentId) : null} onNavigate={props.onNavigateTab} />
          {props.children}
        </div>
      </div>
    </SqlEditorContext.Provider>
  );
}
