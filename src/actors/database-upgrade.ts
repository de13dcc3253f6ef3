// Real effects of the database-upgrade machine (spec A4.2, A7): the upgrade status call and the eligibility re-read.
// Apart from the project-status actor so that only the upgrade screen loads the upgrade machine, not every first load.
import { fromPromise } from 'xstate';
import { databaseUpgradeMachine, type UpgradeStatusInput, type UpgradeStatusOutput } from '../../machines/database-upgrade.machine.ts';
import { fetchUpgradeStatus } from '../api/project-status.ts';

/** The database-upgrade machine with the platform's effects; `refreshEligibility` re-reads the upgrade data. */
export function databaseUpgradeWithPlatform(
  refreshEligibility: () => Promise<unknown>,
  effects: { fetchUpgradeStatus: (ref: string, trackingId: string | null, signal?: AbortSignal) => Promise<UpgradeStatusOutput> } = { fetchUpgradeStatus },
) {
  return databaseUpgradeMachine.provide({
    actors: {
      fetchUpgradeStatus: fromPromise<UpgradeStatusOutput, UpgradeStatusInput>(({ input, signal }) =>
        effects.fetchUpgradeStatus(input.ref, input.trackingId, signal),
      ),
      refreshEligibility: fromPromise<unknown, { ref: string }>(() => refreshEligibility()),
    },
  });
}
