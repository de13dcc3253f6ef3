import type { SnapshotFrom } from 'xstate';
import { consoleFlagValues } from '../src/domain/signals.ts';
import type { flagsProviderMachine } from './flags-provider.machine.ts';

type Snapshot = SnapshotFrom<typeof flagsProviderMachine>;

/** spec A4.12: the values the console reads — defaults, remote flags (camelCase keys), then the override cookie. */
export function selectFlagValues(snapshot: Snapshot): Record<string, boolean> {
  const { defaults, remote, overrides, disableAll } = snapshot.context;
  return consoleFlagValues({ defaults, remote, overrides, disableAll });
}
export const selectAnalyticsFlags = (snapshot: Snapshot) => snapshot.context.analytics;
export const selectFlagsLoaded = (snapshot: Snapshot) => snapshot.context.hasLoaded;
export const selectFlagsError = (snapshot: Snapshot) => snapshot.context.error;
