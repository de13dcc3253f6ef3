import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COMPLETED_UPGRADE,
  REQUESTED_PROGRESS,
  UPGRADE_STEPS,
  completedSteps,
  isPerformingFullBackup,
  scrollStep,
  stepLabel,
  stepStates,
  upgradeFailureSupport,
  upgradedMessage,
} from './database-upgrade.ts';

const ALL_PROGRESS = [REQUESTED_PROGRESS, ...UPGRADE_STEPS.map((s) => s.progress), COMPLETED_UPGRADE.progress];

describe('database upgrade steps (spec A4.2)', () => {
  it('has the eight steps of the spec in order, then CompletedUpgrade, with the contract progress values', () => {
    expect(UPGRADE_STEPS.map((s) => s.key)).toEqual([
      'Started',
      'LaunchedUpgradedInstance',
      'DetachedVolumeFromUpgradedInstance',
      'AttachedVolumeToOriginalInstance',
      'InitiatedDataUpgrade',
      'CompletedDataUpgrade',
      'DetachedVolumeFromOriginalInstance',
      'AttachedVolumeToUpgradedInstance',
    ]);
    expect(ALL_PROGRESS).toEqual([
      '0_requested',
      '1_started',
      '2_launched_upgraded_instance',
      '3_detached_volume_from_upgraded_instance',
      '4_attached_volume_to_original_instance',
      '5_initiated_data_upgrade',
      '6_completed_data_upgrade',
      '7_detached_volume_from_original_instance',
      '8_attached_volume_to_upgraded_instance',
      '9_completed_upgrade',
    ]);
    expect(UPGRADE_STEPS[0]).toMatchObject({ initial: 'Prepare new server', inProgress: 'Preparing new server', completed: 'Prepared new server' });
  });

  it('marks the reported steps done and the next in progress', () => {
    expect(stepStates('0_requested')).toEqual(['inProgress', ...Array(7).fill('pending')]);
    expect(stepStates('3_detached_volume_from_upgraded_instance')).toEqual(['done', 'done', 'done', 'inProgress', 'pending', 'pending', 'pending', 'pending']);
    expect(stepStates('8_attached_volume_to_upgraded_instance')).toEqual(Array(8).fill('done'));
    expect(stepStates(null)).toEqual(stepStates('0_requested'));
    expect(stepStates('garbage')).toEqual(stepStates('0_requested'));
    expect(stepLabel(UPGRADE_STEPS[3]!, 'inProgress')).toBe('Shutting down API services');
    expect(stepLabel(UPGRADE_STEPS[4]!, 'pending')).toBe('Migrate to new database');
    expect(stepLabel(UPGRADE_STEPS[4]!, 'done')).toBe('Migrated to new database');
  });

  it('performs the full backup once all eight steps are done', () => {
    expect(ALL_PROGRESS.map(isPerformingFullBackup)).toEqual([false, false, false, false, false, false, false, false, true, true]);
  });

  it('scrolls with the current step, capped at step 5', () => {
    expect(ALL_PROGRESS.map(scrollStep)).toEqual([0, 1, 2, 3, 4, 5, 5, 5, 5, 5]);
  });

  it('texts of completion and failure', () => {
    expect(upgradedMessage('17.4')).toBe('Your project has been upgraded to Postgres 17.4');
    const support = upgradeFailureSupport('abc', { initiated_at: '2026-01-02T03:04:05Z', target_version: 17, error: 'disk full' });
    expect(support).toMatchObject({ category: 'DATABASE_UNRESPONSIVE', projectRef: 'abc', error: 'disk full' });
    expect(support.message).toContain('2026-01-02T03:04:05Z');
    expect(support.message).toContain('17');
    expect(support.message).toContain('disk full');
  });

  it('properties: exactly one step in progress until all are done; done steps form a prefix', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...ALL_PROGRESS), fc.string(), fc.constant(null)), (progress) => {
        const states = stepStates(progress);
        expect(states).toHaveLength(8);
        const done = states.filter((s) => s === 'done').length;
        expect(states.slice(0, done).every((s) => s === 'done')).toBe(true);
        expect(states.filter((s) => s === 'inProgress')).toHaveLength(done < 8 ? 1 : 0);
        expect(scrollStep(progress)).toBeLessThanOrEqual(5);
        expect(completedSteps(progress)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
