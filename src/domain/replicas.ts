// Read replicas (spec A4.5, B5 "Replica status and setup progress"): the setup's seven steps with their labels, the
// five failures with theirs, and which step each failure belongs to. Shared by the platform (server/replicas), the
// replica-setup machine and the views.

export const REPLICA_STATUS = {
  init: 'INIT_READ_REPLICA',
  failed: 'INIT_READ_REPLICA_FAILED',
  healthy: 'ACTIVE_HEALTHY',
  /** Set up, but its subscription is not applying changes (e.g. a table created on the primary after the setup). */
  unhealthy: 'ACTIVE_UNHEALTHY',
} as const;

/** spec A4.5: the setup steps in order; each one's label says what happens while the setup stands at it. */
export const REPLICA_SETUP_STEPS = [
  'Requested',
  'Started',
  'LaunchedReadReplicaInstance',
  'InitiatedReadReplicaSetup',
  'DownloadedBaseBackup',
  'ReplayedWalArchives',
  'CompletedReadReplicaSetup',
] as const;
export type ReplicaSetupStep = (typeof REPLICA_SETUP_STEPS)[number];

export const REPLICA_STEP_LABELS: Readonly<Record<ReplicaSetupStep, string>> = {
  Requested: 'Requesting replica instance',
  Started: 'Launching replica instance',
  LaunchedReadReplicaInstance: 'Initiating replica setup',
  InitiatedReadReplicaSetup: 'Downloading base backup',
  DownloadedBaseBackup: 'Replaying WAL archives',
  ReplayedWalArchives: 'Completing set up',
  CompletedReadReplicaSetup: 'Completed',
};

/** spec A4.5 failures. */
export const REPLICA_FAILURE_LABELS = {
  ReadReplicaInstanceLaunchFailed: 'Failed to launch replica',
  InitiateReadReplicaSetupFailed: 'Failed to initiate replica',
  DownloadBaseBackupFailed: 'Failed to download backup',
  ReplayWalArchivesFailed: 'Failed to replay WAL archives',
  CompleteReadReplicaSetupFailed: 'Failed to set up replica',
} as const;
export type ReplicaSetupFailure = keyof typeof REPLICA_FAILURE_LABELS;

/**
 * The failure of work done while the setup stands at `step` (the work its label names): launching the instance at
 * Started, initiating at LaunchedReadReplicaInstance, the base backup at InitiatedReadReplicaSetup, replaying at
 * DownloadedBaseBackup, completing at ReplayedWalArchives. Requested (the request itself) fails as a launch.
 */
export function failureOfStep(step: ReplicaSetupStep): ReplicaSetupFailure {
  switch (step) {
    case 'Requested':
    case 'Started':
      return 'ReadReplicaInstanceLaunchFailed';
    case 'LaunchedReadReplicaInstance':
      return 'InitiateReadReplicaSetupFailed';
    case 'InitiatedReadReplicaSetup':
      return 'DownloadBaseBackupFailed';
    case 'DownloadedBaseBackup':
      return 'ReplayWalArchivesFailed';
    case 'ReplayedWalArchives':
    case 'CompletedReadReplicaSetup':
      return 'CompleteReadReplicaSetupFailed';
  }
}

export const isReplicaSetupStep = (value: unknown): value is ReplicaSetupStep =>
  typeof value === 'string' && (REPLICA_SETUP_STEPS as readonly string[]).includes(value);
export const isReplicaSetupFailure = (value: unknown): value is ReplicaSetupFailure =>
  typeof value === 'string' && value in REPLICA_FAILURE_LABELS;

/** The label of a replica's progress: its failure's when it failed, else its step's. */
export function replicaProgressLabel(replica: { setup_step: string | null; setup_failure: string | null }): string | null {
  if (isReplicaSetupFailure(replica.setup_failure)) return REPLICA_FAILURE_LABELS[replica.setup_failure];
  return isReplicaSetupStep(replica.setup_step) ? REPLICA_STEP_LABELS[replica.setup_step] : null;
}

/** 1-based position of a step (for 'step 3 of 7'). */
export const replicaStepNumber = (step: ReplicaSetupStep): number => REPLICA_SETUP_STEPS.indexOf(step) + 1;

/** A read replica as the platform lists it (GET /platform/projects/{ref}/replicas). */
export interface ReadReplica {
  identifier: string;
  region: string;
  status: string;
  setup_step: ReplicaSetupStep | null;
  setup_failure: ReplicaSetupFailure | null;
  setup_error: string | null;
  inserted_at: string;
  db_name: string;
  /** How far the replica is behind the primary: WAL bytes not yet confirmed by it; null while it is not streaming. */
  lag_bytes: number | null;
  /** The walsender's replay lag in milliseconds (null when the primary is idle or the replica is not streaming). */
  lag_ms: number | null;
}

/** Polling interval of the setup progress. */
export const REPLICA_SETUP_POLL_MS = 2000;
/** How often the replicas (and their lag) are read again while no setup runs. */
export const REPLICA_LAG_REFRESH_MS = 10_000;

/** Logical replication carries rows, not schema changes: what the console and the docs say about it. */
export const REPLICA_DDL_NOTE =
  'Read replicas copy rows with logical replication: schema changes (DDL) made on the primary after a replica was created are not replicated. A table created on the primary afterwards stops the replica until it is removed and created again.';

/** What the platform answers when the server cannot replicate logically (an existing server with another wal_level). */
export const walLevelProblem = (walLevel: string): string =>
  `Read replicas need the Postgres server's wal_level to be 'logical' (it is '${walLevel}'). Set wal_level = logical in postgresql.conf and restart the server.`;

/** Short human form of a lag in bytes. */
export function formatLag(replica: Pick<ReadReplica, 'lag_bytes' | 'lag_ms' | 'status'>): string {
  if (replica.status !== REPLICA_STATUS.healthy || replica.lag_bytes === null) return '–';
  const ms = replica.lag_ms ?? 0;
  const time = ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
  const bytes = replica.lag_bytes < 1024 ? `${replica.lag_bytes} B` : `${(replica.lag_bytes / 1024).toFixed(1)} KB`;
  return `${time} (${bytes} behind)`;
}

/**
 * The replica list (polled by the replicas panel) names other replicas than the project's databases the pickers read
 * (SQL / table editor, Connect): the project is read again so they see a new or removed replica without a reload.
 */
export function replicaSetChanged(
  projectRef: string,
  databases: readonly { identifier: string }[] | undefined,
  replicas: readonly Pick<ReadReplica, 'identifier'>[],
): boolean {
  const known = new Set((databases ?? []).map((d) => d.identifier).filter((id) => id !== projectRef));
  return replicas.length !== known.size || replicas.some((r) => !known.has(r.identifier));
}
