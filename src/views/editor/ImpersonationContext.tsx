// The role impersonation of one project (spec B2.7), shared by the SQL editor and the table editor: one actor per
// project ref, created by the first editor page of the project layout and held by it beside the editor tabs (see
// ProjectEditorState.tsx, which stops it with the layout); an explicit ImpersonationProvider answers instead, its
// actor started and stopped with the provider (issue 15: no actor outlives its owner).
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { impersonationMachineFor, readImpersonationSearches } from '../../actors/sql-editor.ts';
import { useProjectEditorSlot } from './ProjectEditorState.tsx';
import { devInspect } from '../../dev/live-inspect.ts';

export type ImpersonationActor = ActorRefFrom<ReturnType<typeof impersonationMachineFor>>;

const ImpersonationContext = createContext<ImpersonationActor | null>(null);

export function ImpersonationProvider({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  // Keyed by project ref by its parent: one machine per mount (useActorRef keeps the first logic it is given).
  const [logic] = useState(() => impersonationMachineFor(projectRef));
  const actor = useActorRef(logic, { input: { recentSearches: readImpersonationSearches(projectRef) }, inspect: devInspect });
  return <ImpersonationContext.Provider value={actor}>{children}</ImpersonationContext.Provider>;
}

export function useImpersonation(): ImpersonationActor {
  const provided = useContext(ImpersonationContext);
  const actor = useProjectEditorSlot('impersonation', createImpersonationActor, provided !== null) ?? provided;
  if (!actor) throw new Error('useImpersonation needs the project layout (ProjectEditorStateProvider) or an ImpersonationProvider');
  return actor;
}

function createImpersonationActor(projectRef: string): ImpersonationActor {
  return createActor(impersonationMachineFor(projectRef), { input: { recentSearches: readImpersonationSearches(projectRef) }, inspect: devInspect }).start();
}
