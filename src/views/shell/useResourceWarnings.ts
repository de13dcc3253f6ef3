// The project's resource warnings for the shell's banner (spec A2.12): read when the project is running, again after
// the cache time of C§9 (1 h) when the shell is still open on the project.
import { useEffect, useState } from 'react';
import { resourceWarningsRead } from '../../actors/resource-warnings.ts';
import { RESOURCE_WARNINGS_STALE_MS, type ResourceWarnings } from '../../domain/resource-warnings.ts';
import { useTaskOutput } from '../shared/useTask.ts';

export function useResourceWarnings(ref: string | undefined, running: boolean): ResourceWarnings | null {
  const task = useTaskOutput(resourceWarningsRead);
  const { actor } = task;
  const [tick, setTick] = useState(0);
  // Reads this project's warnings whenever it is (again) running, and once more after the cache time.
  useEffect(() => {
    if (!ref || !running) return;
    actor.send({ type: 'task.reset' });
    actor.send({ type: 'task.run', input: { ref } });
    const timer = setTimeout(() => setTick((n) => n + 1), RESOURCE_WARNINGS_STALE_MS);
    return () => clearTimeout(timer);
  }, [actor, ref, running, tick]);
  if (!ref || !running || !task.output || task.output.project !== ref) return null;
  return task.output;
}
