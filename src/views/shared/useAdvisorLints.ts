// The project's advisor findings for the shell (issue 19): the sidebar's Advisors dot (spec A2.4) and the header's
// advisor toggle read them, while the project is running. The shell owns one read for all its readers
// (AdvisorLintsProvider in AppShell: one lints task actor a console, stopped with it), and the advisor pages ask that actor to read again
// after a fix, a dismissal or a refresh (useAdvisorLintsChanged): an event to the shell's actor, not a module-level
// counter and listener set that every console on the page would share (issue 15: no global stores).
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, createElement, useCallback, useContext, useEffect, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { lintsRead } from '../../actors/advisor-lints.ts';
import { activeLints, type AdvisorLint } from '../../domain/advisors.ts';
import { devInspect } from '../../dev/live-inspect.ts';

type LintsActor = ActorRefFrom<typeof lintsRead>;
type LintsSnapshot = SnapshotFrom<typeof lintsRead>;

const AdvisorLintsContext = createContext<LintsActor | null>(null);

/**
 * One read of the findings for the shell's chrome, of the project the shell shows while it runs (read again when
 * it starts running again); lives as long as the shell.
 */
export function AdvisorLintsProvider({ projectRef, running, children }: { projectRef: string | undefined; running: boolean; children: ReactNode }) {
  const actor = useActorRef(lintsRead, { inspect: devInspect });
  useEffect(() => {
    if (projectRef && running) reread(actor, projectRef);
    else actor.send({ type: 'task.reset' });
  }, [actor, projectRef, running]);
  return createElement(AdvisorLintsContext.Provider, { value: actor }, children);
}

function useLintsActor(): LintsActor {
  const actor = useContext(AdvisorLintsContext);
  if (!actor) throw new Error('useAdvisorLints needs an AdvisorLintsProvider above it (the app shell)');
  return actor;
}

const readRef = (snapshot: LintsSnapshot): string | undefined => (snapshot.context.input as { ref: string } | null)?.ref;

function reread(actor: LintsActor, ref: string): void {
  // A read still in flight (another project's, or this one's before the change) is abandoned.
  actor.send({ type: 'task.reset' });
  actor.send({ type: 'task.run', input: { ref } });
}

const NONE: AdvisorLint[] = [];

/** The shell's findings for `ref` while it runs; none while unknown, not running, or read for another project. */
export function useAdvisorLints(ref: string | undefined, running: boolean): AdvisorLint[] {
  const actor = useLintsActor();
  const output = useSelector(actor, (snapshot) =>
    snapshot.matches('done') && readRef(snapshot) === ref ? (snapshot.context.output as Parameters<typeof activeLints>[0]) : null,
  );
  if (!ref || !running || !output) return NONE;
  return activeLints(output);
}

/** For the advisor pages: after a fix, a dismissal or a refresh, the shell reads the project's findings again. */
export function useAdvisorLintsChanged(): (ref: string) => void {
  const actor = useLintsActor();
  return useCallback((ref: string) => reread(actor, ref), [actor]);
}
