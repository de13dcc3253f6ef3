// The editor tabs and recent items of one project (spec B2.2, B3), shared by the table editor and the SQL editor.
// One actor per project ref, created from local storage by the first editor page of the project layout (the layout
// holds it, see ProjectEditorState.tsx); an explicit EditorTabsProvider answers instead (tests).
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createEditorTabsActor, type EditorTabsActor } from '../../actors/editor-tabs.ts';
import { useProjectEditorSlot } from './ProjectEditorState.tsx';

const EditorTabsContext = createContext<EditorTabsActor | null>(null);

export function EditorTabsProvider({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  // Created once per mount; the provider is keyed by project ref by its parent.
  const [actor] = useState(() => createEditorTabsActor(projectRef));
  return <EditorTabsContext.Provider value={actor}>{children}</EditorTabsContext.Provider>;
}

export function useEditorTabs(): EditorTabsActor {
  const provided = useContext(EditorTabsContext);
  const actor = useProjectEditorSlot('editor-tabs', createEditorTabsActor, provided !== null) ?? provided;
  if (!actor) throw new Error('useEditorTabs needs the project layout (ProjectEditorStateProvider) or an EditorTabsProvider');
  return actor;
}
