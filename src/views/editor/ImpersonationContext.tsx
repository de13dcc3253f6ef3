// The role impersonation of one project (spec B2.7), shared by the SQL editor and the table editor: one actor per
// project ref, created by the first editor page of the project layout and held by it beside the editor tabs (see
// ProjectEditorState.tsx, which stops it with the layout); an explicit ImpersonationProvider answers instead, its
// actor started and stopped with the provider (issue 15: no actor outlives its owner). Beside it, the project's user
// search the role picker runs (issue 14): bound to the project ref the same way, or given to the provider (a fake).
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { impersonationMachineFor, readImpersonationSearches } from '../../actors/sql-editor.ts';
import { searchProjectUsers, type SearchProjectUsers } from '../../actors/project-users-search.ts';
import { useProjectEditorSlot } from './ProjectEditorState.tsx';
import { devInspect } from '../../dev/live-inspect.ts';

export type ImpersonationActor = ActorRefFrom<ReturnType<typeof impersonationMachineFor>>;

const ImpersonationContext = createContext<ImpersonationActor | null>(null);
const UserSearchContext = createContext<SearchProjectUsers | null>(null);

export function ImpersonationProvider({ projectRef, searchUsers, children }: { projectRef: string; searchUsers?: SearchProjectUsers; children: ReactNode }) {
  // Keyed by project ref by its parent: one machine per mount (useActorRef keeps the first logic it is given).
  const [logic] = useState(() => impersonationMachineFor(projectRef));
  const actor = useActorRef(logic, { input: { recentSearches: readImpersonationSearches(projectRef) }, inspect: devInspect });
  const [search] = useState(() => searchUsers ?? userSearchFor(projectRef));
  return (
    <ImpersonationContext.Provider value={actor}>
      <UserSearchContext.Provider value={search}>{children}</UserSearchContext.Provider>
    </ImpersonationContext.Provider>
  );
}

export function useImpersonation(): ImpersonationActor {
  const provided = useContext(ImpersonationContext);
  const actor = useProjectEditorSlot('impersonation', createImpersonationActor, provided !== null) ?? provided;
  if (!actor) throw new Error('useImpersonation needs the project layout (ProjectEditorStateProvider) or an ImpersonationProvider');
  return actor;
}

/** The search of the project's auth users the role picker offers to impersonate (spec B2.7). */
export function useProjectUserSearch(): SearchProjectUsers {
  const provided = useContext(UserSearchContext);
  const search = useProjectEditorSlot('impersonation.userSearch', userSearchFor, provided !== null) ?? provided;
  if (!search) throw new Error('useProjectUserSearch needs the project layout (ProjectEditorStateProvider) or an ImpersonationProvider');
  return search;
}

const userSearchFor =
  (projectRef: string): SearchProjectUsers =>
  (text, signal) =>
    searchProjectUsers(projectRef, text, signal);

function createImpersonationActor(projectRef: string): ImpersonationActor {
  return createActor(impersonationMachineFor(projectRef), { input: { recentSearches: readImpersonationSearches(projectRef) }, inspect: devInspect }).start();
}
