import { describe, expect, it } from 'vitest';
import { pickedReplica } from './database-picker.ts';
import {
  failureOfStep,
  formatLag,
  REPLICA_FAILURE_LABELS,
  REPLICA_SETUP_STEPS,
  REPLICA_STEP_LABELS,
  replicaProgressLabel,
  walLevelProblem,
} from './replicas.ts';

describe('read replica rules (spec A4.5)', () => {
  it('has the seven steps with their labels, in order', () => {
    expect(REPLICA_SETUP_STEPS.map((step) => REPLICA_STEP_LABELS[step])).toEqual([
      'Requesting replica instance',
      'Launching replica instance',
      'Initiating replica setup',
      'Downloading base backup',
      'Replaying WAL archives',
      'Completing set up',
      'Completed',
    ]);
  });

  it('maps the work of each step to its failure, and each of the five failures is reachable', () => {
    const failures = REPLICA_SETUP_STEPS.slice(1, 6).map(failureOfStep);
    expect(failures.map((f) => REPLICA_FAILURE_LABELS[f])).toEqual([
      'Failed to launch replica',
      'Failed to initiate replica',
      'Failed to download backup',
      'Failed to replay WAL archives',
      'Failed to set up replica',
    ]);
    expect(failureOfStep('Requested')).toBe('ReadReplicaInstanceLaunchFailed');
  });

  it('labels progress by failure first, then step', () => {
    expect(replicaProgressLabel({ setup_step: 'DownloadedBaseBackup', setup_failure: null })).toBe('Replaying WAL archives');
    expect(replicaProgressLabel({ setup_step: 'DownloadedBaseBackup', setup_failure: 'ReplayWalArchivesFailed' })).toBe('Failed to replay WAL archives');
    expect(replicaProgressLabel({ setup_step: 'nonsense', setup_failure: null })).toBeNull();
  });

  it('says what to change when wal_level is not logical, and formats the lag', () => {
    expect(walLevelProblem('replica')).toMatch(/wal_level to be 'logical' \(it is 'replica'\)/);
    expect(formatLag({ status: 'ACTIVE_HEALTHY', lag_bytes: 2048, lag_ms: 1500 })).toBe('1.5 s (2.0 KB behind)');
    expect(formatLag({ status: 'ACTIVE_HEALTHY', lag_bytes: 0, lag_ms: null })).toBe('0 ms (0 B behind)');
    expect(formatLag({ status: 'INIT_READ_REPLICA', lag_bytes: null, lag_ms: null })).toBe('–');
  });

  it('runs on a picked replica only while it is healthy (spec B2.3)', () => {
    const databases = [
      { identifier: 'abc', status: 'ACTIVE_HEALTHY' },
      { identifier: 'abc-rr-one', status: 'ACTIVE_HEALTHY', region: 'local' },
      { identifier: 'abc-rr-two', status: 'INIT_READ_REPLICA', region: 'local' },
    ];
    expect(pickedReplica('abc', databases, 'abc-rr-one')).toBe('abc-rr-one');
    expect(pickedReplica('abc', databases, 'abc-rr-two')).toBeUndefined();
    expect(pickedReplica('abc', databases, 'abc')).toBeUndefined();
    expect(pickedReplica('abc', databases, null)).toBeUndefined();
    expect(pickedReplica('abc', databases, 'other-rr-x')).toBeUndefined();
  });
});
