// Real effects of /account/flags (issue 21): the stored flags of both sources, and an admin's change or reset.
import { taskWith } from '../../machines/task.machine.ts';
import { fetchAnalyticsFlags, fetchPlatformAdmin, fetchRemoteFlags, resetPlatformFlag, setPlatformFlag } from '../api/telemetry.ts';
import type { FlagSource } from '../domain/flags-admin.ts';
import type { FlagValue } from '../domain/signals.ts';

export interface StoredFlags {
  remote: Record<string, FlagValue>;
  analytics: Record<string, FlagValue>;
}

export const storedFlagsRead = taskWith(async (): Promise<StoredFlags> => {
  const [remote, analytics] = await Promise.all([fetchRemoteFlags(), fetchAnalyticsFlags()]);
  return { remote: Object.fromEntries(remote.map((item) => [item.settingKey, item.settingValue])), analytics };
});

export const setFlagTask = taskWith(({ source, key, value }: { source: FlagSource; key: string; value: FlagValue }) => setPlatformFlag(source, key, value));

export const resetFlagTask = taskWith(async ({ source, key }: { source: FlagSource; key: string }) => {
  await resetPlatformFlag(source, key);
  return { key };
});

/** Whether the signed-in user is a platform admin (the account menu's 'Feature flags' item). */
export const platformAdminRead = taskWith(() => fetchPlatformAdmin());
