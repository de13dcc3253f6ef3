// The actors of one SQL tab: its session (text, drafts, saves) and its runs. Keyed by snippet id by the page.
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { sqlRunMachineFor, sqlSessionMachineFor } from '../../actors/sql-editor.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export function useSqlTab(projectRef: string, snippetId: string, schema: string) {
  const sessionMachine = useMemo(() => sqlSessionMachineFor(projectRef), [projectRef]);
  const runMachine = useMemo(() => sqlRunMachineFor(projectRef), [projectRef]);
  const session = useActorRef(sessionMachine, { input: { snippetId, schema }, inspect: devInspect });
  const run = useActorRef(runMachine, { inspect: devInspect });
  return { session, run };
}
