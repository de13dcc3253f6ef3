import { describe, expect, it } from 'vitest';
import { projectHomeFacts } from './project-home.ts';

const project = (size?: string) => ({
  ref: 'abc',
  region: 'local',
  dbVersion: 'strata-postgres-15.8',
  databases: size ? [{ identifier: 'abc', infra_compute_size: size }] : [],
});

// issue 15: the project home showed the raw 'ACTIVE_HEALTHY' and 'ci_small'.
describe('projectHomeFacts', () => {
  it('labels the status and the compute size as the spec names them', () => {
    const facts = projectHomeFacts(project('ci_small'), 'ACTIVE_HEALTHY');
    expect(facts.status).toEqual({ label: 'Active', variant: 'brand' });
    expect(facts.compute).toBe('Small');
    expect(projectHomeFacts(project('ci_micro'), 'COMING_UP').status.label).toBe('Coming up');
    expect(projectHomeFacts(project('ci_24xlarge_high_memory'), 'RESTORING').compute).toBe('24XL High Memory');
    expect(projectHomeFacts(project('ci_xlarge'), 'PAUSE_FAILED').status).toEqual({ label: 'Pause failed', variant: 'destructive' });
  });

  it('never shows a raw status or size id', () => {
    for (const status of ['ACTIVE_HEALTHY', 'COMING_UP', 'RESTARTING', 'RESIZING', 'GOING_DOWN', 'PAUSING', 'UNKNOWN']) {
      expect(projectHomeFacts(project('ci_micro'), status).status.label).not.toMatch(/_|^[A-Z]+$/);
    }
    expect(projectHomeFacts(project(), 'ACTIVE_HEALTHY').compute).toBeUndefined();
    // An id the console does not know is still shown as something readable rather than hidden.
    expect(projectHomeFacts(project('ci_future'), 'ACTIVE_HEALTHY').compute).toBe('ci_future');
  });
});
