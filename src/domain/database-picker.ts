// The database / replica picker of spec B2.3 (statuses of A4.5): the primary first, then the read replicas; only
// ACTIVE_HEALTHY entries can be picked.
import type { ProjectDatabase } from './entities.ts';

export const PRIMARY_DATABASE_LABEL = 'Primary database';
export const REPLICA_COMING_UP = 'Replica unable to accept requests as its coming up';
export const REPLICA_UNHEALTHY = 'Replica unable to accept requests as its not healthy';
const COMING_UP_STATUSES = ['INIT_READ_REPLICA', 'COMING_UP'];

/** spec A4.5: why a replica that is not ACTIVE_HEALTHY cannot be picked. */
export const replicaUnavailableText = (status: string): string => (COMING_UP_STATUSES.includes(status) ? REPLICA_COMING_UP : REPLICA_UNHEALTHY);

export interface DatabaseOption {
  identifier: string;
  label: string;
  isPrimary: boolean;
  /** Why it cannot be picked, or null. */
  unavailable: string | null;
}

/** The part of a replica's identifier after its last '-' (the whole identifier when it has none). */
export const idSuffix = (identifier: string): string => identifier.slice(identifier.lastIndexOf('-') + 1);

export function databaseOptions(projectRef: string, databases: readonly ProjectDatabase[] | undefined): DatabaseOption[] {
  const all = databases?.length ? [...databases] : [{ identifier: projectRef, status: 'ACTIVE_HEALTHY' }];
  const primary = all.find((database) => database.identifier === projectRef) ?? { identifier: projectRef, status: 'ACTIVE_HEALTHY' };
  const replicas = all.filter((database) => database.identifier !== projectRef);
  const unavailable = (status: string | undefined) => (status === 'ACTIVE_HEALTHY' || status === undefined ? null : replicaUnavailableText(status));
  return [
    { identifier: primary.identifier, label: PRIMARY_DATABASE_LABEL, isPrimary: true, unavailable: null },
    ...replicas.map((replica) => ({
      identifier: replica.identifier,
      label: `Read replica (${replica.region ?? 'unknown'} - ${idSuffix(replica.identifier)})`,
      isPrimary: false,
      unavailable: unavailable(replica.status),
    })),
  ];
}

/**
 * The replica a run goes to (spec B2.3): the picked one when it is a healthy replica of the project, else undefined
 * (the primary) — a replica that stopped being healthy falls back to the primary, as the picker shows it.
 */
export function pickedReplica(projectRef: string, databases: readonly ProjectDatabase[] | undefined, selected: string | null): string | undefined {
  if (selected === null || selected === projectRef) return undefined;
  const option = databaseOptions(projectRef, databases).find((o) => o.identifier === selected);
  return option && !option.isPrimary && option.unavailable === null ? option.identifier : undefined;
}

/** spec B2.3: 'Create a new read replica' only on the hosted platform with infrastructure:read_replicas on. */
export const showCreateReplica = (mode: 'platform' | 'self-hosted', readReplicasEnabled: boolean): boolean =>
  mode === 'platform' && readReplicasEnabled;
