import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import { projectBuildingWithPlatform } from '../../actors/project-building.ts';
import { selectSettledStatus, selectStatus } from '../../../machines/project-building.selectors.ts';

/**
 * The project's status, re-read every 4 s while it is being built (spec A4.1); once it settles on another
 * status than the loaded one, the project is reloaded.
 */
export function useProjectBuildingStatus(project: { ref: string; status: string }): string {
  const actor = useActorRef(projectBuildingWithPlatform, { input: { ref: project.ref, status: project.status } });
  const router = useRouter();
  const status = useSelector(actor, selectStatus);
  const settled = useSelector(actor, selectSettledStatus);

  // Forward a reloaded project's status into the actor (the route owns the data).
  useEffect(() => {
    actor.send({ type: 'project.loaded', status: project.status });
  }, [actor, project.status]);

  useEffect(() => {
    if (settled && settled !== project.status) void router.invalidate();
  }, [settled, project.status, router]);

  return status;
}
