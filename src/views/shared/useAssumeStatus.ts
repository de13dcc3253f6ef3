// After an operation the platform accepted, the project-status actor (one per project route, helper M's) assumes
// the new status and polls from there (spec A4.1; contract: `status.assumed`) — it re-reads the project once the
// operation ends. Outside a project route there is no such actor: the route data is re-read instead.
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { AssumedStatus } from '../../domain/project-lifecycle.ts';
import { useProjectStatusActor, type ProjectStatusActor } from './ProjectStatusContext.tsx';

function useOptionalStatusActor(): ProjectStatusActor | null {
  try {
    return useProjectStatusActor();
  } catch {
    return null; // no ProjectStatusProvider above (it always calls useContext first, so the hook order is stable)
  }
}

export function useAssumeStatus(): (status: AssumedStatus) => void {
  const router = useRouter();
  const actor = useOptionalStatusActor();
  return useCallback(
    (status: AssumedStatus) => {
      if (actor) actor.send({ type: 'status.assumed', status });
      else void router.invalidate();
    },
    [actor, router],
  );
}
