import type { SnapshotFrom } from 'xstate';
import { FEATURE_FLAGS, flagKey } from '../src/domain/navigation/flags.ts';
import { mergeFlags } from '../src/domain/signals.ts';
import type { flagsProviderMachine } from './flags-provider.machine.ts';

type Snapshot = SnapshotFrom<typeof flagsProviderMachine>;
const capabilityKeys = new Set(FEATURE_FLAGS.map(flagKey));

/** spec A4.12: the values the console reads — defaults, remote flags (camelCase keys), then the override cookie. */
export function selectFlagValues(snapshot: Snapshot): Record<string, boolean> {
  const { defaults, remote, overrides, disableAll } = snapshot.context;
  const applied = disableAll ? remote.filter((item) => !capabilityKeys.has(flagKey(item.settingKey))) : remote;
  return mergeFlags(defaults, applied, overrides, flagKey);
}
export const selectAnalyticsFlags = (snapshot: Snapshot) => snapshot.context.analytics;
export const selectFlagsLoaded = (snapshot: Snapshot) => snapshot.context.hasLoaded;
export const selectFlagsError = (snapshot: Snapshot) => snapshot.context.error;
