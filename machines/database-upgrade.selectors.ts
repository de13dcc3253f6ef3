// Plain selectors of the database-upgrade actor (spec A4.2, A2.8).
import type { SnapshotFrom } from 'xstate';
import type { DatabaseUpgradeStatus } from '../src/domain/database-upgrade.ts';
import type { DatabaseUpgradeMachine } from './database-upgrade.machine.ts';

export type DatabaseUpgradeSnapshot = SnapshotFrom<DatabaseUpgradeMachine>;

export const selectUpgrade = (s: DatabaseUpgradeSnapshot): DatabaseUpgradeStatus | null => s.context.upgrade;
export const selectProgress = (s: DatabaseUpgradeSnapshot): string | null => s.context.upgrade?.progress ?? null;
export const selectIsUpgraded = (s: DatabaseUpgradeSnapshot): boolean => s.matches('upgraded');
export const selectIsFailed = (s: DatabaseUpgradeSnapshot): boolean => s.matches('failed');
export const selectIsPolling = (s: DatabaseUpgradeSnapshot): boolean => s.hasTag('busy');
/** The last read's failure (reads go on); null after a successful read. */
export const selectReadError = (s: DatabaseUpgradeSnapshot): string | null => s.context.error;
