// The project's advisor findings for the shell (issue 19): the sidebar's Advisors dot (spec A2.4) reads them. Read
// when the project is running, and again whenever an advisor page changed or refreshed them (`advisorLintsChanged`).
import { useEffect, useSyncExternalStore } from 'react';
import { lintsRead } from '../../actors/advisors.ts';
import { activeLints, type AdvisorLint } from '../../domain/advisors.ts';
import { useTask } from './useTask.ts';

let version = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Called by the advisor pages after a fix, a dismissal or a refresh: the shell reads the findings again. */
export function advisorLintsChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

const NONE: AdvisorLint[] = [];

export function useAdvisorLints(ref: string | undefined, running: boolean): AdvisorLint[] {
  const current = useSyncExternalStore(subscribe, () => version, () => version);
  const task = useTask(lintsRead);
  const { actor } = task;
  // Runs the read for this project whenever it is running and the findings may have changed.
  useEffect(() => {
    if (!ref || !running) return;
    actor.send({ type: 'task.reset' });
    actor.send({ type: 'task.run', input: { ref } });
  }, [actor, ref, running, current]);
  if (!ref || !running || !task.output) return NONE;
  return activeLints(task.output);
}
