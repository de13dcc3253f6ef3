// The role impersonation of one project (spec B2.7), shared by the SQL editor and the table editor: one actor per
// project ref, mounted by the project layout beside the editor tabs.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { impersonationMachineFor, readImpersonationSearches } from '../../actors/sql-editor.ts';

export type ImpersonationActor = ActorRefFrom<ReturnType<typeof impersonationMachineFor>>;

const ImpersonationContext = createContext<ImpersonationActor | null>(null);

export function ImpersonationProvider({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const [actor] = useState(() =>
    createActor(impersonationMachineFor(projectRef), { input: { recentSearches: readImpersonationSearches(projectRef) } }).start(),
  );
  return <ImpersonationContext.Provider value={actor}>{children}</ImpersonationContext.Provider>;
}

export function useImpersonation(): ImpersonationActor {
  const actor = useContext(ImpersonationContext);
  if (!actor) throw new Error('useImpersonation needs an ImpersonationProvider (the project layout mounts one)');
  return actor;
}
