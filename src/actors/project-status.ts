// Real effects of the project-status and database-upgrade machines (spec A4.1, A4.2, A7): the platform's status,
// REST ping and upgrade status calls; refreshing goes through the router (the project route's loader re-reads the
// project, and the route hands it to the actor as `project.loaded`).
import { fromPromise } from 'xstate';
import { projectStatusMachine, type RefInput, type StatusOutput } from '../../machines/project-status.machine.ts';
import {
  databaseUpgradeMachine,
  type UpgradeStatusInput,
  type UpgradeStatusOutput,
} from '../../machines/database-upgrade.machine.ts';
import { fetchProjectStatus, fetchUpgradeStatus, pingRest } from '../api/project-status.ts';

export interface ProjectStatusEffects {
  fetchStatus: (ref: string) => Promise<StatusOutput>;
  pingRest: (ref: string, signal?: AbortSignal) => Promise<void>;
  fetchUpgradeStatus: (ref: string, trackingId: string | null, signal?: AbortSignal) => Promise<UpgradeStatusOutput>;
}
const platformEffects: ProjectStatusEffects = { fetchStatus: fetchProjectStatus, pingRest, fetchUpgradeStatus };

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

/** The database-upgrade machine with the platform's effects; `refreshEligibility` re-reads the upgrade data. */
export function databaseUpgradeWithPlatform(refreshEligibility: () => Promise<unknown>, effects: ProjectStatusEffects = platformEffects) {
  return databaseUpgradeMachine.provide({
    actors: {
      fetchUpgradeStatus: fromPromise<UpgradeStatusOutput, UpgradeStatusInput>(({ input, signal }) =>
        effects.fetchUpgradeStatus(input.ref, input.trackingId, signal),
      ),
      refreshEligibility: fromPromise<unknown, { ref: string }>(() => refreshEligibility()),
    },
  });
}
