// Real effects of the project-status machine (spec A4.1, A7): the platform's status and REST ping calls (the upgrade's
// are in ./database-upgrade.ts, loaded with the upgrade screen only); refreshing goes through the router (the project route's loader re-reads the
// project, and the route hands it to the actor as `project.loaded`).
import { fromPromise } from 'xstate';
import { projectStatusMachine, type RefInput, type StatusOutput } from '../../machines/project-status.machine.ts';
import { fetchProjectStatus, pingRest } from '../api/project-status.ts';

export interface ProjectStatusEffects {
  fetchStatus: (ref: string) => Promise<StatusOutput>;
  pingRest: (ref: string, signal?: AbortSignal) => Promise<void>;
}
const platformEffects: ProjectStatusEffects = { fetchStatus: fetchProjectStatus, pingRest };

/** The project-status machine with the platform's effects; `refreshProject` reloads the project route. */
export function projectStatusWithPlatform(refreshProject: () => Promise<unknown>, effects: ProjectStatusEffects = platformEffects) {
  return projectStatusMachine.provide({
    actors: {
      fetchStatus: fromPromise<StatusOutput, RefInput>(({ input }) => effects.fetchStatus(input.ref)),
      pingRest: fromPromise<unknown, RefInput>(({ input, signal }) => effects.pingRest(input.ref, signal)),
      refreshProject: fromPromise<unknown, RefInput>(() => refreshProject()),
    },
  });
}
