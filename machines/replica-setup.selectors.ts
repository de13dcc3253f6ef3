// Selectors of the replica-setup machine (spec A4.5).
import type { SnapshotFrom } from 'xstate';
import { REPLICA_STATUS, replicaProgressLabel, type ReadReplica } from '../src/domain/replicas.ts';
import type { ReplicaSetupMachine } from './replica-setup.machine.ts';

type Snapshot = SnapshotFrom<ReplicaSetupMachine>;

const NO_REPLICAS: ReadReplica[] = [];

export const selectReplicas = (s: Snapshot): ReadReplica[] => s.context.replicas ?? NO_REPLICAS;
export const selectReplicasLoaded = (s: Snapshot): boolean => s.context.replicas !== null;
export const selectLoadError = (s: Snapshot): string | null => (s.matches('loadFailed') ? s.context.loadError : null);
export const selectReplicaError = (s: Snapshot): string | null => s.context.error;
export const selectCreating = (s: Snapshot): boolean => s.matches('creating');
export const selectDeleting = (s: Snapshot): boolean => s.matches('deleting');
export const selectSettingUp = (s: Snapshot): boolean => s.matches('settingUp');
/** The followed setup's current label (A4.5 step or failure), null when none is followed. */
export const selectTrackedLabel = (s: Snapshot): string | null => {
  const tracked = s.context.replicas?.find((replica) => replica.identifier === s.context.tracked);
  return tracked ? replicaProgressLabel(tracked) : null;
};
export const selectTrackedHealthy = (s: Snapshot): boolean =>
  s.matches({ ready: 'healthy' }) && s.context.replicas?.find((r) => r.identifier === s.context.tracked)?.status === REPLICA_STATUS.healthy;
